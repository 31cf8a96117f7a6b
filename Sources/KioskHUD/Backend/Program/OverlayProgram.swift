import Glibc
internal import CKioskPlatform
internal import CSDL
import KioskCore
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
        let display = try openDisplay(options)
        let settings = LoopPolicy.Settings(exitsAtEndOfInput: options.exitsAtEndOfInput,
                                           reportsErrorsOnStdout: options.reportsErrorsOnStdout,
                                           zenity: options.zenityEndings)
        let loop = try RenderLoop(session: makeSession(options), screens: display.screens, composers: display.composers,
                                  settings: settings, font: display.font, grabsInput: display.grabsInput,
                                  control: control) { inbox throws(NativeThread.StartFailure) in
            try InputReader.start(dialect: options.dialect, inbox: inbox)
            try fifo?.start(inbox: inbox)
            try control?.start(inbox: inbox)
        }
        try loop.run()
    }

    /// What the loop shows on: the screens, a composer for each of their displays, the fonts,
    /// and whether `block` must grab keyboard and pointer itself.
    struct OpenDisplay {
        var screens: any OverlayScreens
        var composers: [FrameComposer]
        var font: FontChain
        var grabsInput: Bool
    }

    /// Opens the windowing system `--backend` and the environment choose.
    private static func openDisplay(_ options: LaunchOptions) throws(StartupError) -> OpenDisplay {
        if let connection = try waylandConnection(options) { return try openWayland(options, connection: connection) }
        return try openSDL(options)
    }

    /// Opens SDL's windows (X11, KMSDRM, or a plain window), one a display.
    private static func openSDL(_ options: LaunchOptions) throws(StartupError) -> OpenDisplay {
        kp_x11_on_connection_loss {
            ProgramExit.finish(.displayLost, within: ProgramExit.promptSeconds,
                               reporting: "lost the connection to the X server; exiting")
        }
        let session: SDLSession
        do { session = try SDLSession(video: true) } catch { throw .display(error) }
        try checkDisplayExists(options)
        let font: FontChain
        do { font = try openFonts(options, session: session) } catch { throw .fonts(error) }
        var outputs: [OverlayOutput] = []
        var composers: [FrameComposer] = []
        do throws(SDLError) {
            for placement in placements(options) {
                let window = try OverlayWindow(placement: placement, session: session)
                let output = try OverlayOutput(window: window, rotation: options.rotation, font: font)
                let density = options.dotsPerInch ?? displayDensity(placement, window: window)
                let scale = options.scale ?? DisplayScale.automatic(dpi: density)
                // Type follows the density already; an explicit --scale multiplies it as well.
                let typeDensity = (density ?? DisplayDensity.assumedDotsPerInch) * Double(options.scale ?? 1)
                outputs.append(output)
                composers.append(FrameComposer(screen: output.logicalSize, scale: scale, dotsPerInch: typeDensity))
            }
        } catch {
            throw .display(error)
        }
        return OpenDisplay(screens: SDLScreens(outputs: outputs), composers: composers, font: font,
                           grabsInput: options.windowSize == nil && isOnX11)
    }

    /// True when SDL draws through an X server (SDL_GetCurrentVideoDriver), where `block` must hold
    /// keyboard and pointer itself; on KMSDRM the overlay owns all input anyway.
    private static var isOnX11: Bool {
        SDL_GetCurrentVideoDriver().map { String(cString: $0) } == "x11"
    }

    /// Where the overlay shows: a plain window (`--window`), every display (`--display all`), or
    /// one display.
    private static func placements(_ options: LaunchOptions) -> [OverlayWindow.Placement] {
        if let size = options.windowSize { return [.plain(size)] }
        guard options.mirrorsOnAllDisplays else { return [.overlay(display: options.display)] }
        return (0..<max(1, Int(SDL_GetNumVideoDisplays()))).map { .overlay(display: $0) }
    }

    /// Refuses `--display N` when the display server has no display N (SDL_GetNumVideoDisplays),
    /// so it is named as such instead of as a display that cannot be opened.
    private static func checkDisplayExists(_ options: LaunchOptions) throws(StartupError) {
        guard options.windowSize == nil, !options.mirrorsOnAllDisplays else { return }
        let count = Int(SDL_GetNumVideoDisplays())
        guard count > 0, options.display >= count else { return }
        throw .noSuchDisplay(index: options.display, count: count)
    }

    /// The density of the display `placement` covers, from the physical size it reports (on
    /// X11 through RandR, else the size behind SDL_GetDisplayDPI); nil when it reports none
    /// that is plausible (`DisplayDensity`).
    private static func displayDensity(_ placement: OverlayWindow.Placement, window: OverlayWindow) -> Double? {
        guard case .overlay(let display) = placement else { return nil }
        let pixels = window.size
        if let millimetres = window.reportedMillimetres() {
            return DisplayDensity.dotsPerInch(pixels: pixels, millimetres: millimetres)
        }
        var across: Float = 0, down: Float = 0
        guard SDL_GetDisplayDPI(Int32(display), nil, &across, &down) == 0, across > 0, down > 0 else { return nil }
        let millimetres = (width: Int((Double(pixels.width) * 25.4 / Double(across)).rounded()),
                           height: Int((Double(pixels.height) * 25.4 / Double(down)).rounded()))
        return DisplayDensity.dotsPerInch(pixels: pixels, millimetres: millimetres)
    }

    /// The message fonts: every `--font` in order and the primary bundled font, opened now, then
    /// the other bundled fonts, each opened when a character needs it, then (unless
    /// `looksUpSystemFonts` is false) the system's fonts.
    static func openFonts(_ options: LaunchOptions, session: SDLSession,
                          looksUpSystemFonts: Bool = true) throws(SDLError) -> FontChain {
        let paths = FontLocator.fontPaths(preferring: options.fontPaths)
        guard !paths.isEmpty else {
            throw SDLError(call: "TTF_OpenFont", reason: "no font given and no "
                + FontLocator.primaryFontFile + " found in " + FontLocator.searchFolders.joined(separator: ", "))
        }
        var fonts: [Font] = []
        for path in paths { fonts.append(try Font(path: path, session: session)) }
        let deferred = FontLocator.fallbackPaths().map { DeferredFont(path: $0.path, scalars: $0.font.scalars, session: session) }
        return FontChain(fonts, deferred: deferred, session: session, looksUpSystemFonts: looksUpSystemFonts)
    }

    /// The session the options describe: what is shown at start, the look and the timing.
    static func makeSession(_ options: LaunchOptions) -> HostSession {
        HostSession(appearance: options.appearance, timing: options.timing,
                    clock: FixedStepClock(ticksPerSecond: options.ticksPerSecond), state: options.initialState)
    }
}
