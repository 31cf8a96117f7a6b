import Foundation

/// What runs on the test's X server besides the overlay and the application: nothing (a bare
/// kiosk session), a window manager (openbox), a compositing manager (xcompmgr), or both.
enum TestDesktop: String, CaseIterable, Sendable, CustomStringConvertible {
    case bare
    case openbox
    case compositor
    case openboxWithCompositor

    var description: String { rawValue }

    /// What the screen shows where no window is: the root window's black (`Xvfb -br`), or the
    /// grey xcompmgr paints instead of a root without a wallpaper (no `_XROOTPMAP_ID`).
    var rootColor: ScreenColor {
        switch self {
        case .bare, .openbox: return .black
        case .compositor, .openboxWithCompositor: return ScreenColor(red: 0x80, green: 0x80, blue: 0x80)
        }
    }

    /// The programs it runs, each with the selection that has an owner once it works: a window
    /// manager owns `WM_S0` (ICCCM), a compositing manager `_NET_WM_CM_S0` (EWMH).
    private var programs: [(name: String, selection: String)] {
        switch self {
        case .bare: return []
        case .openbox: return [("openbox", "WM_S0")]
        case .compositor: return [("xcompmgr", "_NET_WM_CM_S0")]
        case .openboxWithCompositor: return [("openbox", "WM_S0"), ("xcompmgr", "_NET_WM_CM_S0")]
        }
    }

    /// The running programs of a desktop; `stop()` kills them.
    final class Session {
        private let processes: [ChildProcess]

        fileprivate init(processes: [ChildProcess]) {
            self.processes = processes
        }

        deinit { stop() }

        /// Kills the programs.
        func stop() {
            processes.forEach { $0.kill() }
        }
    }

    /// Starts the desktop's programs on `screen` one after another, each once the one before
    /// owns its selection (seen through `x`); returns when the last does.
    func start(on screen: VirtualScreen, x: X11Connection) async throws -> Session {
        var processes: [ChildProcess] = []
        for (name, selection) in programs {
            let process = try ChildProcess.tool(name, [], environment: screen.environment)
            process.closeInput()
            processes.append(process)
            try await Poll.until("\(name) to own \(selection)", lastSeen: { process.errors.text }) {
                x.selectionHasOwner(selection)
            }
        }
        return Session(processes: processes)
    }
}
