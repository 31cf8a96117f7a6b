import Glibc
internal import CKioskPlatform
internal import CSDL
import KioskCore

/// The live overlay: opens the display, starts the readers and runs the render loop until
/// `quit`, a signal, or (with `--exit-on-eof`) the end of input; every end goes through
/// `ProgramExit.finish`.
public enum OverlayProgram {
    /// Runs the overlay; returns the exit status once the loop ends (or a start failed, reported).
    public static func run(options: LaunchOptions) -> ExitStatus {
        do {
            return status(of: try start(options))
        } catch {
            Diagnostics.report("\(error)")
            return error.exitStatus
        }
    }

    /// Every reason to end is a success: the host asked, or a signal did.
    private static func status(of reason: ExitReason) -> ExitStatus {
        switch reason {
        case .quit, .endOfInput, .stopSignal, .windowClosed, .parentGone: return .success
        }
    }

    private static func start(_ options: LaunchOptions) throws(StartupError) -> ExitReason {
        let parent = getppid()
        if options.exitsWithParent, kp_exit_with_parent(parent) == 0 {
            Diagnostics.report("the process that started the overlay is gone; exiting")
            return .parentGone
        }
        let fifo: FIFOReader?
        do {
            fifo = try fifoPath(options).map { path throws(FIFOReader.Refusal) in try FIFOReader(path: path, trustsOthers: options.trustsOthersFIFO) }
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
        kp_x11_on_connection_loss {
            ProgramExit.finish(.displayLost, within: ProgramExit.promptSeconds,
                               reporting: "lost the connection to the X server; exiting")
        }
        let session: SDLSession
        do { session = try SDLSession(video: true) } catch { throw .display(error) }
        let font: FontChain
        do { font = try openFonts(options, session: session) } catch { throw .fonts(error) }
        var outputs: [(OverlayOutput, FrameComposer)] = []
        do throws(SDLError) {
            for placement in placements(options) {
                let window = try OverlayWindow(placement: placement, session: session)
                let output = try OverlayOutput(window: window, rotation: options.rotation, font: font)
                var scale = options.scale ?? 1
                if case .overlay(let display) = placement {
                    scale = options.scale ?? DisplayScale.automatic(dpi: displayDPI(display))
                }
                outputs.append((output, FrameComposer(screen: output.logicalSize, scale: scale)))
            }
        } catch {
            throw .display(error)
        }
        let settings = LoopPolicy.Settings(exitsAtEndOfInput: options.exitsAtEndOfInput,
                                           reportsErrorsOnStdout: options.reportsErrorsOnStdout)
        let loop = try RenderLoop(session: makeSession(options), outputs: outputs, settings: settings, font: font,
                              grabsInput: options.windowSize == nil, control: control) { inbox throws(NativeThread.StartFailure) in
            try InputReader.start(dialect: options.dialect, inbox: inbox)
            try fifo?.start(inbox: inbox)
            try control?.start(inbox: inbox)
        }
        return try loop.run()
    }

    /// Where the overlay shows: a plain window (`--window`), every display (`--display all`), or
    /// one display.
    private static func placements(_ options: LaunchOptions) -> [OverlayWindow.Placement] {
        if let size = options.windowSize { return [.plain(size)] }
        guard options.mirrorsOnAllDisplays else { return [.overlay(display: options.display)] }
        return (0..<max(1, Int(SDL_GetNumVideoDisplays()))).map { .overlay(display: $0) }
    }

    /// The display's diagonal DPI (SDL_GetDisplayDPI), or nil when SDL does not know it.
    private static func displayDPI(_ display: Int) -> Double? {
        var diagonal: Float = 0
        guard SDL_GetDisplayDPI(Int32(display), &diagonal, nil, nil) == 0, diagonal > 0 else { return nil }
        return Double(diagonal)
    }

    /// The FIFO to read: `--fifo`, or psplash's with `--psplash`.
    private static func fifoPath(_ options: LaunchOptions) -> String? {
        if let path = options.fifoPath { return path }
        guard options.readsPsplashFIFO else { return nil }
        return (Environment.value("PSPLASH_FIFO_DIR") ?? "/run") + "/psplash_fifo"
    }

    /// The message fonts: every `--font` in order, then the bundled ones.
    static func openFonts(_ options: LaunchOptions, session: SDLSession) throws(SDLError) -> FontChain {
        let paths = FontLocator.fontPaths(preferring: options.fontPaths)
        guard !paths.isEmpty else {
            throw SDLError(call: "TTF_OpenFont", reason: "no font given and none of "
                + FontLocator.bundledFontFiles.joined(separator: ", ") + " found in "
                + FontLocator.searchFolders.joined(separator: ", "))
        }
        var fonts: [Font] = []
        for path in paths { fonts.append(try Font(path: path, session: session)) }
        return FontChain(fonts, session: session)
    }

    /// The session the options describe: what is shown at start, the look and the timing.
    static func makeSession(_ options: LaunchOptions) -> HostSession {
        var state = HUDState(isVisible: !options.startsHidden, message: options.message)
        state.detail = options.detail
        return HostSession(appearance: options.appearance, timing: options.timing,
                           clock: FixedStepClock(ticksPerSecond: options.ticksPerSecond), state: state)
    }

    /// The scene the options describe on a screen of `screen`, for `--snapshot`.
    static func makeScene(_ options: LaunchOptions, screen: Size) -> OverlayScene {
        OverlayScene(session: makeSession(options), composer: FrameComposer(screen: screen, scale: options.scale ?? 1))
    }
}
