import Glibc
internal import CSDL
internal import CKioskPlatform
import KioskCore

/// The live overlay: opens the display, starts the readers and runs the render loop until
/// `quit`, a signal, or (with `--exit-on-eof`) the end of input.
public enum OverlayProgram {
    /// Runs the overlay; returns the exit status.
    public static func run(options: LaunchOptions) -> ExitStatus {
        let parent = getppid()
        signal(SIGPIPE, SIG_IGN)
        SignalWatcher.start {
            var quit = SDL_Event()
            quit.type = SDL_QUIT.rawValue
            SDL_PushEvent(&quit)
        }
        if options.exitsWithParent, kp_exit_with_parent(parent) == 0 {
            Diagnostics.report("the process that started the overlay is gone; exiting")
            return .success
        }
        let fifo: FIFOReader?
        do {
            fifo = try fifoPath(options).map { path throws(FIFOReader.Refusal) in try FIFOReader(path: path) }
        } catch {
            Diagnostics.report("\(error)")
            return .usage
        }
        defer { fifo?.removeIfCreated() }
        let session: SDLSession
        do {
            session = try SDLSession(video: true)
        } catch {
            reportNoDisplay(error)
            return .noDisplay
        }
        kp_x11_exit_on_connection_loss(ExitStatus.displayLost.rawValue)
        let loop: RenderLoop
        do throws(SDLError) {
            let font = try openFonts(options, session: session)
            var outputs: [OverlayOutput] = []
            for placement in placements(options) {
                let window = try OverlayWindow(placement: placement, session: session)
                var scaled = options
                if case .overlay(let display) = placement {
                    scaled.scale = options.scale ?? DisplayScale.automatic(dpi: displayDPI(display))
                }
                let scene = makeScene(scaled, screen: options.rotation.logicalSize(ofDisplay: window.size))
                outputs.append(try OverlayOutput(window: window, rotation: options.rotation, font: font, scene: scene))
            }
            let settings = RenderLoop.Settings(dialect: options.dialect, exitsAtEndOfInput: options.exitsAtEndOfInput,
                                               reportsErrorsOnStdout: options.reportsErrorsOnStdout, fifo: fifo)
            loop = RenderLoop(outputs: outputs, font: font, settings: settings)
        } catch {
            if error.call.hasPrefix("TTF_") {
                Diagnostics.report("cannot load the font: \(error)")
                return .failure
            }
            reportNoDisplay(error)
            return .noDisplay
        }
        return loop.run()
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

    private static func reportNoDisplay(_ error: SDLError) {
        let display = Environment.value("DISPLAY").map { "No X server answers at DISPLAY=\($0). " } ?? ""
        Diagnostics.report("cannot open a display: \(error). \(display)Set DISPLAY to a running X server (e.g. DISPLAY=:0), "
            + "run on the console with SDL_VIDEODRIVER=kmsdrm, or render a picture with --snapshot FILE.png")
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

    /// The scene the options describe on a screen of `screen`.
    static func makeScene(_ options: LaunchOptions, screen: Size) -> OverlayScene {
        var state = HUDState(isVisible: !options.startsHidden, message: options.message)
        state.detail = options.detail
        var appearance = options.appearance
        appearance.scale = options.scale ?? 1
        return OverlayScene(screen: screen, appearance: appearance, timing: options.timing,
                            clock: FixedStepClock(ticksPerSecond: options.ticksPerSecond), state: state)
    }
}
