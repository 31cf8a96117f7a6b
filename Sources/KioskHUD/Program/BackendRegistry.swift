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

    /// Opens the backend `options` choose, drawing text with `glyphs`.
    static func open(_ options: LaunchOptions, glyphs: FontChain) throws(StartupError) -> any RegisteredBackend {
        guard options.backend == .auto else {
            guard let named = all.first(where: { $0.choice == options.backend }) else { throw .noDisplayOffered([]) }
            return try named.open(options, glyphs: glyphs)
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
                return try backend.open(options, glyphs: glyphs)
            } catch where !error.refusesToStart {
                Diagnostics.report("\(error.reason); trying \(nextChoices(after: backend, in: offered)) instead")
            }
        }
        do {
            return try last.open(options, glyphs: glyphs)
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
