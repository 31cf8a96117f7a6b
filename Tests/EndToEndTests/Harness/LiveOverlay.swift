import Foundation

/// kiosk-spinner running live on a `VirtualScreen` of its own, its stdin on a pipe, with an
/// `X11Connection` to look at the screen and xdotool to move the pointer, click and type.
///
/// Start it with `start`, and `stop()` it in a `defer` right after.
final class LiveOverlay {
    /// The X server the overlay covers.
    let screen: VirtualScreen
    /// The test's own connection to that server.
    let x: X11Connection
    /// The program.
    let program: ChildProcess
    /// The window standing for the kiosk application beneath the overlay, when asked for.
    let applicationWindow: X11Connection.Window?
    /// What the screen shows where the HUD goes while the HUD is hidden.
    let colorBeneathHUD: ScreenColor
    /// Whether `stop()` stops the server too: false for a server the caller keeps.
    private let ownsScreen: Bool
    /// The desktop's programs, started before the overlay.
    private let desktop: TestDesktop.Session?

    /// The overlay window's title, which `xdotool search` looks for.
    static let windowTitlePattern = "^kiosk-spinner$"

    private init(screen: VirtualScreen, x: X11Connection, program: ChildProcess, applicationWindow: X11Connection.Window?,
                 colorBeneathHUD: ScreenColor = .black, ownsScreen: Bool = true, desktop: TestDesktop.Session? = nil) {
        self.screen = screen
        self.x = x
        self.program = program
        self.applicationWindow = applicationWindow
        self.colorBeneathHUD = colorBeneathHUD
        self.ownsScreen = ownsScreen
        self.desktop = desktop
    }

    /// Starts a server, then (when `withApplication`) maps an application window that has the
    /// keyboard focus at `TestScreenLayout.applicationFrame`, then `desktop`'s programs, then
    /// kiosk-spinner with `arguments` (and `blockedSignals`, `ignoredSignals`, `standardOutput`
    /// and `standardError`, see `SpinnerExecutable.start`), with `extraEnvironment` added to the
    /// screen's environment. Returns at once; see `waitUntilShowing()`.
    static func start(_ arguments: [String] = [], withApplication: Bool = false, desktop: TestDesktop = .bare,
                      blockedSignals: [Int32] = [], ignoredSignals: [Int32] = [],
                      standardOutput: ProcessLaunch.StandardOutput = .read,
                      standardError: ProcessLaunch.StandardOutput = .read,
                      extraEnvironment: [String: String] = [:]) async throws -> LiveOverlay {
        let screen = try await VirtualScreen.start()
        var session: TestDesktop.Session?
        do {
            let x = try X11Connection(displayName: screen.name)
            var applicationWindow: X11Connection.Window?
            if withApplication {
                let window = try await x.makeApplicationWindow(TestScreenLayout.applicationFrame)
                x.focus(window)
                applicationWindow = window
            }
            session = try await desktop.start(on: screen, x: x)
            let environment = screen.environment.merging(extraEnvironment) { _, extra in extra }
            let program = try SpinnerExecutable.start(arguments, environment: environment, blockedSignals: blockedSignals,
                                                      ignoredSignals: ignoredSignals, standardOutput: standardOutput,
                                                      standardError: standardError)
            return LiveOverlay(screen: screen, x: x, program: program, applicationWindow: applicationWindow,
                               colorBeneathHUD: desktop.rootColor, desktop: session)
        } catch {
            session?.stop()
            screen.stop()
            throw error
        }
    }

    /// Starts kiosk-spinner with `arguments` (and `standardOutput` and `standardError`, see
    /// `SpinnerExecutable.start`) on `screen`, a server the caller keeps and `stop()` leaves
    /// running (see `SharedScreens`), with `extraEnvironment` added to the screen's environment.
    /// Returns at once.
    static func start(on screen: VirtualScreen, _ arguments: [String] = [],
                      standardOutput: ProcessLaunch.StandardOutput = .read,
                      standardError: ProcessLaunch.StandardOutput = .read,
                      extraEnvironment: [String: String] = [:]) throws -> LiveOverlay {
        let x = try X11Connection(displayName: screen.name)
        let environment = screen.environment.merging(extraEnvironment) { _, extra in extra }
        let program = try SpinnerExecutable.start(arguments, environment: environment,
                                                  standardOutput: standardOutput, standardError: standardError)
        return LiveOverlay(screen: screen, x: x, program: program, applicationWindow: nil, ownsScreen: false)
    }

    /// Kills the program if it still runs and the desktop's programs, then stops the server
    /// unless the caller keeps it.
    func stop() {
        program.closeInput()
        program.kill()
        desktop?.stop()
        if ownsScreen { screen.stop() }
    }

    /// Writes `line` and a newline to the program's stdin.
    func send(_ line: String) async throws {
        try await program.send(line + "\n")
    }

    /// The ids of the mapped (viewable) windows titled kiosk-spinner (`xdotool search --onlyvisible`).
    func visibleOverlayWindows() async throws -> [X11Connection.Window] {
        let search = try await tool("xdotool", ["search", "--onlyvisible", "--name", Self.windowTitlePattern])
        // xdotool exits 1 when it finds nothing.
        guard search.ending == .exited(0) || search.ending == .exited(1) else {
            throw ChildProcess.Unresponsive(request: "xdotool search \(search.ending)", command: "xdotool", errors: search.errors)
        }
        return search.output.split(separator: "\n").compactMap { X11Connection.Window($0) }
    }

    /// Waits until the overlay window is mapped and the HUD is drawn (bare HUD fill over what is
    /// beneath it where expected); returns the window's id.
    func waitUntilShowing() async throws -> X11Connection.Window {
        let window = try await Poll.value("a mapped window titled kiosk-spinner", lastSeen: { program.errors.text }) {
            try await visibleOverlayWindows().first
        }
        try await waitForColor(.hudFill(over: colorBeneathHUD), at: TestScreenLayout.hudFill)
        return window
    }

    /// Waits until no kiosk-spinner window is mapped and the HUD's place shows what is beneath
    /// it again, each for at most `seconds`.
    func waitUntilHidden(within seconds: Double = Poll.defaultSeconds) async throws {
        try await Poll.until("no mapped window titled kiosk-spinner", within: seconds) { try await visibleOverlayWindows().isEmpty }
        try await waitForColor(colorBeneathHUD, at: TestScreenLayout.hudFill, within: seconds)
    }

    /// Waits until the pixel at `point` is close to `color`, for at most `seconds`.
    func waitForColor(_ color: ScreenColor, at point: ScreenPoint, within seconds: Double = Poll.defaultSeconds) async throws {
        try await Poll.until("\(color) at \(point)", within: seconds, lastSeen: { "\(x.color(at: point).map(String.init(describing:)) ?? "nothing")" }) {
            x.color(at: point)?.isClose(to: color) ?? false
        }
    }

    /// Waits until the picture in the HUD's middle column changes while the HUD stays, as it
    /// does while the wheel turns and the program draws.
    func waitForWheelToTurn(hudFill: ScreenColor = .hudFill) async throws {
        let before = x.colors(in: TestScreenLayout.hudMiddleColumn)
        try await Poll.until("the wheel to turn (the HUD's middle column to change, HUD fill still in it)") {
            guard let now = x.colors(in: TestScreenLayout.hudMiddleColumn) else { return false }
            return now != before && now.contains { $0.isClose(to: hudFill) }
        }
    }

    /// Waits until the top-level window under the pointer at `point` is `window`. Moves the
    /// pointer there on every try, since the server finds the window under the pointer again
    /// only when the pointer moves or windows change.
    func waitForWindow(_ window: X11Connection.Window, underPointerAt point: ScreenPoint) async throws {
        var nudge = 0
        try await Poll.until("window \(window) under the pointer at \(point)", lastSeen: { "window \(x.windowUnderPointer())" }) {
            // Alternate between the point and its neighbour so every try is a real motion.
            try await movePointer(to: ScreenPoint(x: point.x + nudge, y: point.y))
            nudge = 1 - nudge
            try await movePointer(to: point)
            return x.windowUnderPointer() == window
        }
    }

    /// Moves the pointer to `point` (xdotool mousemove, through XTEST).
    func movePointer(to point: ScreenPoint) async throws {
        try await expectSuccess(tool("xdotool", ["mousemove", "\(point.x)", "\(point.y)"]))
    }

    /// Clicks button 1 where the pointer is (xdotool click, through XTEST).
    func click() async throws {
        try await expectSuccess(tool("xdotool", ["click", "1"]))
    }

    /// Types the key `name` (an X keysym name like "a") to the focused window (xdotool key).
    func pressKey(_ name: String) async throws {
        try await expectSuccess(tool("xdotool", ["key", name]))
    }

    /// Runs an X tool on this screen to its end.
    func tool(_ name: String, _ arguments: [String]) async throws -> ChildProcess.Finished {
        try await ChildProcess.run(name, arguments, environment: screen.environment)
    }

    private func expectSuccess(_ finished: ChildProcess.Finished) throws {
        guard finished.ending == .exited(0) else {
            throw ChildProcess.Unresponsive(request: "an X tool \(finished.ending)", command: "xdotool", errors: finished.errors)
        }
    }
}
