import Glibc
internal import CKioskPlatform
import KioskCore
import KioskFonts
import KioskPlatform

/// The live overlay's composition: opens the FIFO, the control socket, the fonts and the
/// backend, and runs the `Overlay` until `quit`, a signal, or (with `--exit-on-eof`) the end of
/// input; every end goes through the program's `ProgramExit`, to which each part adds what it
/// gives back (the FIFO and the socket it made, the writers' queues, the console's mode).
public enum OverlayProgram {
    /// Runs the overlay until it ends (exit 0 on `quit`, a stop signal or, when asked, the end
    /// of input), or reports why it could not start and exits with that failure's status; either
    /// way through `exit`.
    public static func run(options: LaunchOptions, exit: ProgramExit) -> Never {
        do {
            try start(options, exit: exit)
        } catch {
            exit.finish(error.exitStatus, reporting: "\(error)")
        }
    }

    private static func start(_ options: LaunchOptions, exit: ProgramExit) throws(StartupError) -> Never {
        let startedNanoseconds = MonotonicClock.nanoseconds()
        let parent = getppid()
        if options.exitsWithParent, kp_exit_with_parent(parent) == 0 {
            exit.finish(.success, reporting: "the process that started the overlay is gone; exiting")
        }
        let fifo: FIFOReader?
        do {
            fifo = try FIFOPlace(options).map { place throws(FIFOReader.Problem) in
                try FIFOReader(path: place.path, mode: place.mode, trustsOthers: options.trustsOthersFIFO,
                               relocation: place.relocation, releases: exit.releases)
            }
        } catch {
            throw .fifo(error)
        }
        let control: ControlServer?
        do {
            control = try options.controlSocketPath.map { path throws(ListeningSocket.Refusal) in
                try ControlServer(listener: ListeningSocket(path: path, group: options.controlSocketGroup, releases: exit.releases),
                                  releases: exit.releases)
            }
        } catch {
            throw .controlSocket(error)
        }
        let glyphs: FontChain
        do { glyphs = try .opening(options.fontPaths) } catch { throw .fonts(error) }
        // After the FIFO is made, so that writes coming meanwhile are kept.
        let options = options.readingLogo()
        // While it waits for a display, the FIFO already takes writes: the service manager may
        // start what writes to it (and not hold the boot for the display).
        let backend = try BackendRegistry.open(options, glyphs: glyphs, exit: exit) {
            if let socket = Environment.value("NOTIFY_SOCKET") { _ = kp_notify_systemd(socket, "READY=1\nSTATUS=waiting for a display") }
        }
        let events: LineWriter
        do { events = try LineWriter(descriptor: STDOUT_FILENO, name: "event writer") } catch { throw .thread(error) }
        exit.releases.drainAtExit(events.drain)
        exit.releases.closeAtExit(events.close)
        let overlay = overlay(options, on: backend, measurer: glyphs,
                              outlets: Overlay.Outlets(standardOutput: events.post, control: control, speak: Speaker().say)) { inbox throws(NativeThread.StartFailure) in
            if let socket = Environment.value("NOTIFY_SOCKET") { _ = kp_notify_systemd(socket, "READY=1") }
            try InputReader.start(dialect: options.dialect, inbox: inbox)
            try fifo?.start(inbox: inbox)
            try control?.start(inbox: inbox)
            if options.followsSystemdProgress { try SystemdProgressFollower.start(inbox: inbox, startedNanoseconds: startedNanoseconds) }
        }
        SignalWatcher.whenStopping { [inbox = overlay.inbox] in inbox.postControl(.stopSignal($0)) }
        let ending: Overlay.Ending
        do { ending = try overlay.run() } catch { throw .thread(error) }
        // zenity's --auto-kill: its Cancel hangs up on the parent (a script's shell) before the
        // exit; only on the parent that started it, never on init or a subreaper that adopted it.
        if ending.reason == .zenityCancelled, options.zenity.autoKills, parent != 1, getppid() == parent {
            _ = kill(parent, SIGHUP)
        }
        // The displays are still alive here: nothing is torn down before the exit.
        exit.finish(ending.status, within: ending.seconds, reporting: ending.reason.lastWords)
    }

    /// The overlay `options` describe on `backend`'s displays: its session, each display's
    /// layout and the loop's settings; what the live program and the in-process tests run. A
    /// Cancel is left out, with one line, where the backend reads no presses.
    static func overlay(_ options: LaunchOptions, on backend: any DisplayBackend, measurer: any TextMeasurer,
                        outlets: Overlay.Outlets, now: @escaping () -> UInt64 = MonotonicClock.nanoseconds,
                        whenReady: @escaping (CommandInbox) throws(NativeThread.StartFailure) -> Void) -> Overlay {
        var options = options
        if options.shownCancelLabel != nil, !backend.readsPresses {
            // Said where it was asked for; zenity's own Cancel is left out quietly.
            if options.offersCancel, options.dialect != .zenity {
                Diagnostics.report("--cancel: the Cancel is not drawn: the overlay reads no pointer, touch or keys on \(backend.name)")
            }
            options.offersCancel = false
            options.zenity.hidesCancel = true
        }
        return Overlay(session: makeSession(options), backend: backend, layoutRule: options.layoutRule, settings: options.loopSettings,
                measurer: measurer, outlets: outlets, now: now, whenReady: whenReady)
    }

    /// The session the options describe: what is shown at start, the look, the timing and the
    /// language.
    static func makeSession(_ options: LaunchOptions) -> HostSession {
        var appearance = options.appearance
        appearance.numberStyle = options.numberStyle
        appearance.cancelLabel = options.shownCancelLabel
        return HostSession(appearance: appearance, timing: options.timing, language: options.language,
                           clock: FixedStepClock(ticksPerSecond: options.ticksPerSecond), state: options.initialState)
    }
}
