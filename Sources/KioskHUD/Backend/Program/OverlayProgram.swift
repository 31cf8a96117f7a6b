import Glibc
internal import CKioskPlatform
import KioskCore
import KioskFonts
import KioskPlatform

/// The live overlay: opens the display, starts the readers and runs the render loop until
/// `quit`, a signal, or (with `--exit-on-eof`) the end of input; every end goes through
/// `ProgramExit.finish`.
public enum OverlayProgram {
    /// Runs the overlay until it ends (exit 0 on `quit`, a stop signal or, when asked, the end
    /// of input), or reports why it could not start and exits with that failure's status.
    public static func run(options: LaunchOptions) -> Never {
        do {
            try start(options)
        } catch {
            ProgramExit.finish(error.exitStatus, reporting: "\(error)")
        }
    }

    private static func start(_ options: LaunchOptions) throws(StartupError) -> Never {
        let parent = getppid()
        if options.exitsWithParent, kp_exit_with_parent(parent) == 0 {
            ProgramExit.finish(.success, reporting: "the process that started the overlay is gone; exiting")
        }
        let fifo: FIFOReader?
        do {
            fifo = try FIFOPlace(options).map { place throws(FIFOReader.Problem) in
                try FIFOReader(path: place.path, mode: place.mode, trustsOthers: options.trustsOthersFIFO,
                               relocation: place.relocation)
            }
        } catch {
            throw .fifo(error)
        }
        let control: ControlServer?
        do {
            control = try options.controlSocketPath.map { path throws(ListeningSocket.Refusal) in
                try ControlServer(listener: ListeningSocket(path: path, group: options.controlSocketGroup))
            }
        } catch {
            throw .controlSocket(error)
        }
        let glyphs: FontChain
        do { glyphs = try .opening(options.fontPaths) } catch { throw .fonts(error) }
        let backend = try BackendRegistry.open(options, glyphs: glyphs)
        let composers = backend.displays.map { composer(for: $0.profile, screen: $0.logicalSize, options: options) }
        let loop = try RenderLoop(session: makeSession(options), backend: backend, composers: composers,
                                  settings: options.loopSettings, glyphs: glyphs, control: control) { inbox throws(NativeThread.StartFailure) in
            try InputReader.start(dialect: options.dialect, inbox: inbox)
            try fifo?.start(inbox: inbox)
            try control?.start(inbox: inbox)
        }
        try loop.run()
    }

    /// The layout of a display `profile` describes, whose screen is `screen` once turned, at
    /// the `--scale` and `--dpi` of `options` (`DisplayProfile.layout`): what every backend and
    /// `--snapshot` lay out with.
    static func composer(for profile: DisplayProfile, screen: Size, options: LaunchOptions) -> FrameComposer {
        let layout = profile.layout(scale: options.scale, dotsPerInch: options.dotsPerInch)
        return FrameComposer(screen: screen, scale: layout.scale, dotsPerInch: layout.typeDotsPerInch)
    }

    /// The session the options describe: what is shown at start, the look and the timing.
    static func makeSession(_ options: LaunchOptions) -> HostSession {
        HostSession(appearance: options.appearance, timing: options.timing,
                    clock: FixedStepClock(ticksPerSecond: options.ticksPerSecond), state: options.initialState)
    }
}
