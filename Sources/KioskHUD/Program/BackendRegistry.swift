import KioskCore
import KioskFonts
import KioskPlatform

/// The display backends, and the choice among them: the one `--backend` names, or for `auto`
/// the first that is offered in this environment and opens, in the order of `all`. Falling back
/// past one that is offered but fails is said on stderr, with why; a start that finds nothing
/// says, for each backend, why it was not used.
enum BackendRegistry {
    /// Every backend, in the order `--backend auto` tries them.
    static var all: [any RegisteredBackend.Type] { [
        WaylandBackend.self,
        X11Backend.self,
        DRMBackend.self,
        FramebufferBackend.self,
    ] }

    /// Where a display that is not there yet appears: the device nodes (a DRM card, a
    /// framebuffer), and the sockets of an X server or a Wayland compositor that starts later,
    /// with the folders those folders are made in.
    private static var arrivalFolders: [String] {
        let runtime = Environment.value("XDG_RUNTIME_DIR").map { [$0, "/run/user"] } ?? []
        return ["/dev", "/dev/dri", "/tmp", "/tmp/.X11-unix"] + runtime
    }

    /// How soon a start tries again after something appeared but would not open yet (a card
    /// whose connectors are still being probed, a server not yet listening on its new socket).
    private static let settlingNanoseconds: UInt64 = 500_000_000

    /// Opens the backend `options` choose, drawing text with `glyphs`; with
    /// `--wait-for-display`, tries again each time a device or server socket appears or changes
    /// (inotify), and every half second once something appeared that would not open yet or while
    /// another program holds the device (its letting go is announced nowhere), until
    /// one opens or the time is up, saying once that it waits and, when one came, after how long
    /// (a boot's journal so shows how long the display driver kept the splash waiting).
    /// `whenWaiting` runs once, when the start begins to wait. The backend opened gives back what
    /// it took at `exit`.
    static func open(_ options: LaunchOptions, glyphs: FontChain, exit: ProgramExit,
                     whenWaiting: () -> Void = {}) throws(StartupError) -> any RegisteredBackend {
        let started = MonotonicClock.nanoseconds()
        let deadline = MonotonicClock.deadline(inSeconds: options.waitForDisplaySeconds)
        // Watching before the first try, so nothing that appears meanwhile is missed.
        let arrivals = options.waitForDisplaySeconds > 0 ? FolderWatch(arrivalFolders) : nil
        var hasSaidItWaits = false, somethingAppeared = false
        while true {
            do {
                let backend = try openNow(options, glyphs: glyphs, exit: exit)
                if hasSaidItWaits {
                    let waited = Double((MonotonicClock.nanoseconds() - started) / 1_000_000) / 1000
                    Diagnostics.report("a display came after \(HostSession.number(waited)) s; showing on it (\(type(of: backend).choice.rawValue))")
                }
                return backend
            } catch where error.mayComeLater && MonotonicClock.nanoseconds() < deadline {
                guard let arrivals else { throw error }
                if !hasSaidItWaits {
                    hasSaidItWaits = true
                    Diagnostics.report("no display yet (\(error.reason)); waiting up to \(HostSession.number(options.waitForDisplaySeconds)) s "
                                       + "for one (--wait-for-display)")
                    whenWaiting()
                }
                if somethingAppeared || error.isHeldByAnotherProgram {
                    _ = arrivals.wait(until: min(deadline, MonotonicClock.nanoseconds() + settlingNanoseconds))
                } else {
                    while MonotonicClock.nanoseconds() < deadline, !arrivals.wait(until: deadline) {}
                    somethingAppeared = true
                }
            }
        }
    }

    /// Opens the backend `options` choose, as things are now.
    private static func openNow(_ options: LaunchOptions, glyphs: FontChain, exit: ProgramExit) throws(StartupError) -> any RegisteredBackend {
        guard options.backend == .auto else {
            guard let named = all.first(where: { $0.choice == options.backend }) else { throw .noDisplayOffered([]) }
            return try named.open(options, glyphs: glyphs, exit: exit)
        }
        var notOffered: [StartupError.PassedOver] = []
        var offered: [any RegisteredBackend.Type] = []
        for backend in all {
            if let absence = backend.absence(for: options) {
                notOffered.append(StartupError.PassedOver(backend: backend.choice, why: absence))
            } else {
                offered.append(backend)
            }
        }
        guard let last = offered.last else { throw .noDisplayOffered(notOffered) }
        for backend in offered.dropLast() {
            do {
                return try backend.open(options, glyphs: glyphs, exit: exit)
            } catch where !error.refusesToStart {
                Diagnostics.report("\(error.reason); trying \(nextChoices(after: backend, in: offered)) instead")
            }
        }
        do {
            return try last.open(options, glyphs: glyphs, exit: exit)
        } catch {
            throw error.cannotShow && !notOffered.isEmpty ? .notShown(error, notTried: notOffered) : error
        }
    }

    /// The backends `offered` after `backend`, named for the fall-back line.
    private static func nextChoices(after backend: any RegisteredBackend.Type, in offered: [any RegisteredBackend.Type]) -> String {
        let index = offered.firstIndex { ObjectIdentifier($0) == ObjectIdentifier(backend) } ?? 0
        return offered[(index + 1)...].map { $0.choice.rawValue }.joined(separator: ", then ")
    }
}
