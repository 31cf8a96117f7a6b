import Foundation
import Glibc
import Testing

/// One display backend with the overlay on a display server of the test's own, as the
/// behaviour suites see it: they write commands, read its stdout and stderr, take pictures of
/// the screen and take the display away, the same way on every backend. A behaviour that a
/// backend claims is tested on it through this, so the table of which behaviour holds where is
/// the list of kinds each test runs on.
final class BackendHarness {
    /// The backends the behaviour suites run on (the bare framebuffers are tested on a real
    /// kernel: scripts/vm).
    enum Kind: String, CaseIterable, CustomTestStringConvertible {
        /// SDL windows on a bare Xvfb.
        case x11
        /// A layer surface on headless sway, run as an unprivileged user.
        case wayland
        /// An X11 window on headless sway's Xwayland, DISPLAY only, as on a compositor without
        /// the layer shell (cage): `block` holds X clients only.
        case xwayland
        /// A layer surface on headless phoc (Phosh's compositor), run as an unprivileged user;
        /// its output is black where nothing is drawn.
        case phoc
        /// A layer surface on KWin 5.27 (Plasma's compositor), its output a window on an Xvfb,
        /// run as an unprivileged user; black where nothing is drawn.
        case kwin
        /// An X11 window on the Xwayland of cage 0.1.4 (no layer shell), DISPLAY only, as cage's
        /// child gets it, cage's output a window on an Xvfb and its one application showing
        /// nothing: `block` holds X clients only.
        case cage

        var testDescription: String { rawValue }

        /// Why this kind cannot run here, or nil.
        var unavailableReason: String? {
            self == .x11 ? nil : HeadlessCompositor.unavailableReason
        }

        /// The compositor the kind runs on; nil for X11.
        var compositor: HeadlessCompositor.Kind? {
            switch self {
            case .x11: nil
            case .wayland: .sway(scale: 1)
            case .xwayland: .sway(scale: 1, xwayland: true)
            case .phoc: .phoc
            case .kwin: .kwin
            case .cage: .cage(application: nil)
            }
        }

        /// What `status` says of the grab while blocking: `held`, or `partial` where native
        /// Wayland applications keep their input.
        var blockingGrab: String { isXWayland ? "partial" : "held" }

        /// What `status` says of the HUD's place on top: `held`, or `partial` where the
        /// compositor may stack a native window above it unseen.
        var stacking: String { isXWayland ? "partial" : "held" }

        /// What `status` names the backend that draws: `x11` on an X server (Xwayland too),
        /// else `wayland`.
        var backendName: String { self == .x11 || isXWayland ? "x11" : "wayland" }

        /// True where the overlay is an X client of a compositor's Xwayland.
        var isXWayland: Bool { self == .xwayland || self == .cage }

        /// What the overlay says on stderr at start: on Xwayland, that `block` and its place on
        /// top are partial.
        var startupReport: String {
            isXWayland ? BackendHarness.xClientsOnlyReport(server: "the X server is Xwayland") + "\n" : ""
        }
    }

    /// The line the X11 backend says at start where native Wayland applications share the
    /// screen (`server` names why it knows): what it cannot hold, and what `status` says of it.
    static func xClientsOnlyReport(server: String) -> String {
        "kiosk-spinner: block holds keyboard and pointer for X clients only: \(server), and an X grab does not reach its "
            + "native Wayland applications; status says grab=partial while blocking, and above=partial: the compositor "
            + "may put a native window over the HUD unseen"
    }

    /// Which backend this is.
    let kind: Kind
    /// The overlay.
    let program: ChildProcess
    /// What the screen shows where nothing is drawn.
    let background: ScreenColor
    /// The screen's size in pixels (`changeScreen(to:)` changes it).
    private(set) var size: (width: Int, height: Int)
    private let screen: VirtualScreen?
    private let x: X11Connection?
    private let compositor: HeadlessCompositor?

    private init(kind: Kind, program: ChildProcess, background: ScreenColor, size: (width: Int, height: Int),
                 screen: VirtualScreen? = nil, x: X11Connection? = nil, compositor: HeadlessCompositor? = nil) {
        self.kind = kind
        self.program = program
        self.background = background
        self.size = size
        self.screen = screen
        self.x = x
        self.compositor = compositor
    }

    /// Starts a display server of `kind` and the overlay on it with `arguments` (and `--fade 0`,
    /// so every picture is final once shown); returns once it said `ready`. With
    /// `resizableScreen`, X11's server is a resizable Xephyr (in an Xvfb) in place of a bare Xvfb,
    /// whose size cannot change, for `changeScreen(to:)`; a compositor's output can change as it is.
    static func start(_ kind: Kind, _ arguments: [String] = [], resizableScreen: Bool = false) async throws -> BackendHarness {
        let harness: BackendHarness
        switch kind.compositor {
        case nil:
            let screen = try await resizableScreen ? VirtualScreen.startResizable() : VirtualScreen.start()
            do {
                let x = try X11Connection(displayName: screen.name)
                let program = try SpinnerExecutable.start(["--fade", "0"] + arguments, environment: screen.environment)
                harness = BackendHarness(kind: kind, program: program, background: .black,
                                         size: (VirtualScreen.widthPixels, VirtualScreen.heightPixels), screen: screen, x: x)
            } catch {
                screen.stop()
                throw error
            }
        case let compositorKind?:
            let compositor = try await HeadlessCompositor.start(compositorKind)
            do {
                let program = kind.isXWayland ? try compositor.startSpinnerOnXWayland(["--fade", "0"] + arguments)
                    : try compositor.startSpinner(["--fade", "0"] + arguments)
                harness = BackendHarness(kind: kind, program: program, background: compositor.background,
                                         size: (HeadlessCompositor.widthPixels, HeadlessCompositor.heightPixels),
                                         compositor: compositor)
            } catch {
                compositor.stop()
                throw error
            }
        }
        do {
            try await harness.waitForLine("ready") { $0 == "ready" }
        } catch {
            harness.stop()
            throw error
        }
        return harness
    }

    /// Writes `lines` to the overlay's stdin.
    func send(_ lines: String...) async throws {
        try await program.send(lines.map { $0 + "\n" }.joined())
    }

    /// Waits for a line on stdout, after the first `start` lines, that `matches` says is it.
    @discardableResult
    func waitForLine(_ what: String, from start: Int = 0, matches: @escaping (String) -> Bool) async throws -> String {
        try await Poll.value(what, lastSeen: { self.program.output.text + self.program.errors.text }) {
            self.program.output.lines.dropFirst(start).first(where: matches)
        }
    }

    /// The status line after `commands` (their answers come before it).
    func status(after commands: [String] = []) async throws -> String {
        let start = program.output.lines.count
        try await program.send((commands + ["status"]).map { $0 + "\n" }.joined())
        return try await waitForLine("a status line", from: start) { $0.hasPrefix("visible=") }
    }

    /// What the screen shows now.
    func picture() async throws -> OutputPicture {
        if let compositor { return try await compositor.screenshot() }
        guard let x, let colors = x.colors(in: ScreenRect(x: 0, y: 0, width: size.width, height: size.height)) else {
            throw OutputPicture.Unreadable(description: "the X server gave no picture")
        }
        return OutputPicture(width: size.width, height: size.height, colors: colors)
    }

    /// Waits until the screen has something other than the background drawn on it; returns its
    /// bounding box.
    func waitForHUD() async throws -> ScreenRect {
        try await Poll.value("the HUD on \(kind)", lastSeen: { self.program.errors.text }) {
            try await self.picture().box(differingFrom: self.background)
        }
    }

    /// Changes the screen to `size` pixels under the overlay, the real way for the kind: a RandR
    /// size (`xrandr -s`) on X11's resizable screen (`start(_:_:resizableScreen:)`), else the
    /// compositor's output changed (`HeadlessCompositor.changeOutput(to:)`; on Xwayland, whose
    /// RandR screen follows it).
    func changeScreen(to size: (width: Int, height: Int)) async throws {
        if let compositor {
            try await compositor.changeOutput(to: size)
        } else if let screen {
            let xrandr = try await ChildProcess.run("xrandr", ["-s", "\(size.width)x\(size.height)"], environment: screen.environment)
            guard xrandr.ending == .exited(0) else {
                throw ChildProcess.Unresponsive(request: "a screen size, \(xrandr.ending)", command: "xrandr -s", errors: xrandr.errors)
            }
        }
        self.size = size
    }

    /// Takes the display away as a crash does: the X server or the compositor killed.
    func killDisplay() {
        screen?.signalServer(SIGKILL)
        compositor?.kill()
    }

    /// Stops the overlay and the display server.
    func stop() {
        program.closeInput()
        program.kill()
        screen?.stop()
        compositor?.stop()
    }
}
