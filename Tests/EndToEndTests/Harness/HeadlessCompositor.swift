import Foundation
import KioskTestSupport
import Testing

/// A Wayland compositor of the test's own, headless and rendering in software, run as the
/// unprivileged `OtherUser` (sway refuses to run as root) with a private XDG_RUNTIME_DIR in a
/// folder of its own: sway (wlroots, with the layer shell) on one 1024x768 output, phoc, KWin
/// (in a window on an Xvfb), cage or weston (no layer shell; weston's kiosk shell headless, or
/// with its Xwayland in a window on an Xvfb). The clients (the overlay,
/// foot, grim, wtype) run as that user too.
///
/// As `VirtualScreen` does for Xvfb, the server runs under a small shell that kills it when a
/// pipe from this process closes, so no compositor outlives the test process.
final class HeadlessCompositor {
    /// Which compositor.
    enum Kind {
        /// sway with `outputs` outputs side by side, each at this integer scale, and with
        /// `xwayland` its X server (Xwayland, started when the first X client connects).
        case sway(scale: Int, outputs: Int = 1, xwayland: Bool = false)
        /// sway with `outputs` outputs side by side, each a window (wlroots' wayland backend) of
        /// a headless sway of its own: closing a window (`unplug(_:)`) takes its output away, as
        /// a cable pulled does (sway 1.7 cannot take a headless output away).
        case swayInWindows(outputs: Int)
        /// weston's headless backend with its kiosk shell: no `zwlr_layer_shell_v1`.
        case weston
        /// weston's kiosk shell with its Xwayland (`--xwayland`), its output a window on an Xvfb
        /// of its own (x11 backend, pixman renderer), so the test reads its pixels there.
        case westonXWayland
        /// phoc, Phosh's wlroots compositor (with the layer shell), on one output. Its seat
        /// appears only with a real input device, so nothing here can type or click on it.
        case phoc
        /// KWin, Plasma's compositor (with the layer shell), its one output a window on an Xvfb
        /// of its own (`--x11-display`): that window's keyboard and pointer are KWin's seat, so
        /// xdotool types and clicks on it. It runs from a copy of kwin_wayland without the file
        /// capability the installed one has (which an unprivileged user may not exec with), in
        /// a session D-Bus of its own.
        case kwin
        /// cage 0.1.4, the kiosk compositor (no layer shell: the overlay shows through its
        /// Xwayland, DISPLAY only), its output a window on an Xvfb of its own
        /// (`WLR_BACKENDS=x11`), so xdotool types and clicks there. cage runs one application,
        /// its child: `application` (a shell command; its output in `applicationLog`), or none,
        /// a black screen. That child is the only one told cage's DISPLAY; it writes it down.
        case cage(application: String?)

        /// True for sway, in windows or not.
        var isSway: Bool {
            switch self {
            case .sway, .swayInWindows: true
            case .weston, .westonXWayland, .phoc, .kwin, .cage: false
            }
        }

        /// True when the test reads the DISPLAY of the compositor's Xwayland.
        var hasXWayland: Bool {
            switch self {
            case .sway(_, _, let xwayland): xwayland
            case .cage, .westonXWayland: true
            case .weston, .phoc, .kwin, .swayInWindows: false
            }
        }
    }

    /// The output's width in pixels.
    static let widthPixels = 1024
    /// The output's height in pixels.
    static let heightPixels = 768
    /// The tools the tests run, all installed by scripts/setup --tests.
    static let tools = ["sway", "swaymsg", "Xwayland", "phoc", "wlr-randr", "kwin_wayland", "cage", "dbus-run-session", "Xvfb", "xdotool",
                        "weston", "grim", "foot", "wtype", "wev", "xev", "xmessage", "stdbuf", "setpriv"]

    /// Why the tests cannot run here, or nil when they can: they need root (to act as the
    /// unprivileged user) and the tools.
    static var unavailableReason: String? {
        guard OtherUser.isAvailable else { return "needs root, to run the compositor as the unprivileged \(OtherUser.name)" }
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        let missing = tools.filter { tool in
            !path.split(separator: ":").contains { FileManager.default.isExecutableFile(atPath: "\($0)/\(tool)") }
        }
        guard missing.isEmpty else { return "\(missing.joined(separator: ", ")) not installed (scripts/setup --tests installs them)" }
        return nil
    }

    /// The folder the unprivileged user runs kiosk-spinner and kiosk-spinner-test-pointer from:
    /// the build's own when every folder on its path is searchable by others, else (a checkout
    /// under /root, say) a copy of both in a folder of /tmp, with the bundled fonts where the
    /// binary looks for them (../share/kiosk-spinner/fonts), made once per test run in place of
    /// the last run's.
    static let runnableFolder: Result<URL, Error> = Result {
        let built = try SpinnerExecutable.url().resolvingSymlinksInPath().deletingLastPathComponent()
        guard !isSearchableByOthers(built) else { return built }
        let files = FileManager.default
        let stage = URL(fileURLWithPath: "/tmp/kiosk-spinner-wayland-tests")
        let bin = stage.appendingPathComponent("bin"), fonts = stage.appendingPathComponent("share/kiosk-spinner/fonts")
        try? files.removeItem(at: stage)
        try files.createDirectory(at: fonts.deletingLastPathComponent(), withIntermediateDirectories: true)
        try files.createDirectory(at: bin, withIntermediateDirectories: true)
        for name in ["kiosk-spinner", "kiosk-spinner-test-pointer"] {
            try files.copyItem(at: built.appendingPathComponent(name), to: bin.appendingPathComponent(name))
        }
        let sourceFonts = PackageFile.root.appendingPathComponent("fonts")
        try files.copyItem(at: sourceFonts, to: fonts)
        for folder in [stage, bin, stage.appendingPathComponent("share"), fonts.deletingLastPathComponent(), fonts] {
            try files.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.path)
        }
        return bin
    }

    /// True when others may search every folder from `folder` up to the root.
    private static func isSearchableByOthers(_ folder: URL) -> Bool {
        var folder = folder
        while true {
            var info = stat()
            if stat(folder.path, &info) == 0, info.st_mode & S_IXOTH == 0 { return false }
            guard folder.path != "/" else { return true }
            folder.deleteLastPathComponent()
        }
    }

    /// Which compositor this is.
    let kind: Kind
    /// The folder everything of this compositor lives in, owned by the user.
    let folder: TemporaryFolder
    /// The compositor's socket name (WAYLAND_DISPLAY).
    let socketName: String
    /// The compositor's process id.
    let serverProcessID: pid_t
    /// What sway's output shows where nothing is open: its plain background (no swaybg is
    /// started, so no client of its own outlives a compositor that is killed).
    private(set) var background = ScreenColor(red: 0, green: 0, blue: 0)
    /// The X display of the compositor's Xwayland (DISPLAY, as sway gives its clients and cage
    /// its child), where `Kind.hasXWayland`.
    private(set) var xDisplay: String?
    /// The output's size in pixels: `widthPixels` x `heightPixels` until `changeOutput(to:)`.
    private(set) var outputSize = (width: widthPixels, height: heightPixels)
    /// The IPC socket of `.swayInWindows`' inner sway (the one the tests drive).
    private var innerIPCSocket: String?
    private let runtimePath: String
    private let user: (user: uid_t, group: gid_t)
    private let watchdog: ChildProcess
    /// The X server a nested compositor (KWin, cage) shows its output on, in a window, and a
    /// connection that reads its pixels.
    private let host: (screen: VirtualScreen, reader: X11Connection)?
    private var shotCount = 0

    private init(kind: Kind, folder: TemporaryFolder, socketName: String, serverProcessID: pid_t, runtimePath: String,
                 user: (user: uid_t, group: gid_t), watchdog: ChildProcess, host: (screen: VirtualScreen, reader: X11Connection)?) {
        self.kind = kind
        self.folder = folder
        self.socketName = socketName
        self.serverProcessID = serverProcessID
        self.runtimePath = runtimePath
        self.user = user
        self.watchdog = watchdog
        self.host = host
    }

    deinit { stop() }

    /// Starts the compositor and returns once its socket exists.
    static func start(_ kind: Kind = .sway(scale: 1)) async throws -> HeadlessCompositor {
        let user = try await OtherUser.ids()
        let folder = try TemporaryFolder()
        let runtimePath = folder.path("run")
        guard chown(folder.path, user.user, user.group) == 0, mkdir(runtimePath, 0o700) == 0,
              chown(runtimePath, user.user, user.group) == 0 else {
            throw OtherUser.Unavailable(description: "cannot give \(folder.path) to \(OtherUser.name): errno \(errno)")
        }
        let server: String
        var outputCount = 1
        var host: (screen: VirtualScreen, reader: X11Connection)?
        /// An Xvfb for a nested compositor's window.
        func startHost() async throws -> VirtualScreen {
            let screen = try await VirtualScreen.start(width: widthPixels, height: heightPixels)
            host = (screen, try X11Connection(displayName: screen.name))
            return screen
        }
        switch kind {
        case .sway(let scale, let outputs, let xwayland):
            let config = folder.path("sway.conf")
            // sway sets DISPLAY for what it starts: the display its Xwayland will answer on.
            let xwaylandLines = xwayland ? "xwayland enable\nexec echo \"$DISPLAY\" >\(folder.path("x-display"))"
                : "xwayland disable"
            let outputLines = (0..<outputs).map { index in
                "output HEADLESS-\(index + 1) resolution \(widthPixels)x\(heightPixels) position \(index * widthPixels / scale) 0 "
                    + "scale \(scale)"
            }
            try """
                \(outputLines.joined(separator: "\n"))
                swaybg_command -
                default_border none
                \(xwaylandLines)
                for_window [app_id="foot"] fullscreen enable
                for_window [app_id="wev"] fullscreen enable
                """.write(toFile: config, atomically: true, encoding: .utf8)
            server = "sway -c \(config)"
            outputCount = outputs
        case .swayInWindows(let outputs):
            // The outer sway tiles the windows side by side, each widthPixels wide; the inner one
            // says its socket and IPC socket, by which the test tells the two apart.
            let inner = folder.path("inner.conf"), outer = folder.path("outer.conf")
            try """
                swaybg_command -
                default_border none
                xwayland disable
                exec echo "$WAYLAND_DISPLAY $SWAYSOCK" >\(folder.path("inner-sockets"))
                """.write(toFile: inner, atomically: true, encoding: .utf8)
            try """
                output HEADLESS-1 resolution \(outputs * widthPixels)x\(heightPixels)
                swaybg_command -
                default_border none
                xwayland disable
                exec env WLR_BACKENDS=wayland WLR_WL_OUTPUTS=\(outputs) sway -c \(inner) >\(folder.path("inner.log")) 2>&1
                """.write(toFile: outer, atomically: true, encoding: .utf8)
            server = "sway -c \(outer)"
        case .weston:
            server = "weston --backend=headless-backend.so --shell=kiosk-shell.so --socket=wayland-1 --idle-time=0 "
                + "--width=\(widthPixels) --height=\(heightPixels)"
        case .westonXWayland:
            let screen = try await startHost()
            server = "env DISPLAY=\(screen.name) weston --backend=x11-backend.so --use-pixman --shell=kiosk-shell.so "
                + "--xwayland --socket=wayland-1 --idle-time=0 --width=\(widthPixels) --height=\(heightPixels)"
        case .phoc:
            let config = folder.path("phoc.ini")
            try """
                [core]
                xwayland=false

                [output:HEADLESS-1]
                mode=\(widthPixels)x\(heightPixels)
                scale=1
                """.write(toFile: config, atomically: true, encoding: .utf8)
            server = "phoc -C \(config)"
        case .kwin:
            let screen = try await startHost()
            // Its bytes only: a copy keeps no file capability.
            let copy = folder.path("kwin_wayland")
            try Data(contentsOf: URL(fileURLWithPath: "/usr/bin/kwin_wayland")).write(to: URL(fileURLWithPath: copy))
            chmod(copy, 0o755)
            // As sway's for_window lines: the test applications fill the screen.
            let settings = folder.path(".config")
            guard mkdir(settings, 0o755) == 0, chown(settings, user.user, user.group) == 0 else {
                throw OtherUser.Unavailable(description: "cannot make \(settings) for \(OtherUser.name): errno \(errno)")
            }
            try """
                [General]
                count=1
                rules=1

                [1]
                Description=The test applications fill the screen
                fullscreen=true
                fullscreenrule=2
                wmclass=^(wev|foot)$
                wmclassmatch=3
                """.write(toFile: "\(settings)/kwinrulesrc", atomically: true, encoding: .utf8)
            server = "dbus-run-session -- sh -c 'echo $$ >\(folder.path("server.pid")); exec \(copy) --x11-display \(screen.name) "
                + "--socket wayland-1 --width \(widthPixels) --height \(heightPixels) --no-lockscreen --no-global-shortcuts "
                + "--no-kactivities'"
        case .cage(let application):
            let screen = try await startHost()
            // No application: one that shows nothing and ends within a second of cage.
            let run = application.map { "exec stdbuf -oL \($0) >\(folder.path("application.log")) 2>&1" }
                ?? "while kill -0 $PPID 2>/dev/null; do sleep 1; done"
            server = "env WLR_BACKENDS=x11 DISPLAY=\(screen.name) cage -- sh -c 'echo \"$DISPLAY\" >\(folder.path("x-display")); "
                + "echo $$ >\(folder.path("application.pid")); \(run)'"
        }
        // KWin runs under dbus-run-session, which outlives it, and cage's application outlives
        // cage: each says its pid in a *.pid file of the folder, and the watchdog kills it too.
        // Last, it ends its process group, itself with it: what the server left there goes (the
        // session bus of a dbus-run-session killed before it could end it).
        let script = """
            setpriv --reuid=\(user.user) --regid=\(user.group) --clear-groups -- \(server) >"$1/server.log" 2>&1 & server=$!
            echo "server $server"
            cat >/dev/null
            kill $server $(cat "$1"/*.pid 2>/dev/null) 2>/dev/null
            wait $server
            kill 0
            """
        var environment = userEnvironment(folder: folder.path, runtimePath: runtimePath)
        environment["WLR_BACKENDS"] = "headless"
        environment["WLR_RENDERER"] = "pixman"
        environment["WLR_LIBINPUT_NO_DEVICES"] = "1"
        environment["WLR_HEADLESS_OUTPUTS"] = String(outputCount)
        // phoc reads GNOME's settings; with no dconf service, from memory.
        environment["GSETTINGS_BACKEND"] = "memory"
        // KWin otherwise offers its privileged protocols only to the programs Plasma installs.
        environment["KWIN_WAYLAND_NO_PERMISSION_CHECKS"] = "1"
        let watchdog = try ChildProcess(URL(fileURLWithPath: "/bin/sh"), ["-c", script, "sh", folder.path],
                                        environment: environment, ownProcessGroup: true)
        do {
            let serverLog = folder.path("server.log")
            let lastLog = { (try? String(contentsOfFile: serverLog, encoding: .utf8)).map { String($0.suffix(2000)) } ?? "" }
            let (socket, processID) = try await Poll.value("the compositor's socket in \(runtimePath)", lastSeen: lastLog) {
                () -> (String, pid_t)? in
                // KWin runs under dbus-run-session and says its own pid in server.pid, before it
                // makes its socket.
                let pidLine = (try? String(contentsOfFile: folder.path("server.pid"), encoding: .utf8))
                    ?? watchdog.output.lines.first(where: { $0.hasPrefix("server ") }).map { String($0.dropFirst("server ".count)) }
                guard let processID = pidLine.flatMap({ pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines)) }),
                      let socket = innerSockets(folder: folder)?.display ?? firstSocket(in: runtimePath, kind: kind) else { return nil }
                return (socket, processID)
            }
            let compositor = HeadlessCompositor(kind: kind, folder: folder, socketName: socket, serverProcessID: processID,
                                                runtimePath: runtimePath, user: user, watchdog: watchdog, host: host)
            compositor.innerIPCSocket = innerSockets(folder: folder)?.ipc
            // Headless weston offers no screen capture to grim; its tests look at no pixels. A capture
            // before sway's first frame is black; then the output is sway's grey, all of it.
            if kind.hasXWayland {
                compositor.xDisplay = try await Poll.value("the compositor's Xwayland display", lastSeen: lastLog) {
                    Self.xDisplay(kind: kind, folder: folder, serverLog: serverLog)
                }
            }
            if kind.isSway {
                compositor.background = try await Poll.value("sway's first frame: a plain grey output") {
                    let shot = try await compositor.screenshot()
                    let corner = shot.color(at: ScreenPoint(x: 10, y: 10))
                    let plain = corner != ScreenColor(red: 0, green: 0, blue: 0)
                        && shot.box(differingFrom: corner, tolerance: 0) == nil
                    return plain ? corner : nil
                }
            }
            return compositor
        } catch {
            watchdog.closeInput()
            host?.screen.stop()
            throw error
        }
    }

    /// The first compositor socket in `runtimePath`, except for `.swayInWindows`, whose inner
    /// sway says its own (`innerSockets`).
    private static func firstSocket(in runtimePath: String, kind: Kind) -> String? {
        if case .swayInWindows = kind { return nil }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: runtimePath)) ?? []
        return names.first { $0.hasPrefix("wayland-") && !$0.hasSuffix(".lock") }
    }

    /// The socket and IPC socket (a path) of `.swayInWindows`' inner sway, once it said them.
    private static func innerSockets(folder: TemporaryFolder) -> (display: String, ipc: String)? {
        let words = ((try? String(contentsOfFile: folder.path("inner-sockets"), encoding: .utf8)) ?? "").split(separator: " ")
        guard words.count == 2 else { return nil }
        return (String(words[0]), words[1].trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// The DISPLAY of the compositor's Xwayland once it is known: the file a client of sway or
    /// cage wrote it to, or weston's log line `xserver listening on display :N`.
    private static func xDisplay(kind: Kind, folder: TemporaryFolder, serverLog: String) -> String? {
        guard case .westonXWayland = kind else {
            return (try? String(contentsOfFile: folder.path("x-display"), encoding: .utf8))
                .map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.flatMap { $0.isEmpty ? nil : $0 }
        }
        let marker = "xserver listening on display "
        guard let log = try? String(contentsOfFile: serverLog, encoding: .utf8),
              let line = log.split(separator: "\n").first(where: { $0.contains(marker) }),
              let start = line.range(of: marker)?.upperBound else { return nil }
        return String(line[start...].prefix { !$0.isWhitespace })
    }

    /// The environment of a process of the user: the test's own (sanitizer settings included)
    /// without any display, with the user's folder as HOME.
    private static func userEnvironment(folder: String, runtimePath: String) -> [String: String] {
        var environment = ChildProcess.environment(display: nil)
        environment["HOME"] = folder
        environment["XDG_RUNTIME_DIR"] = runtimePath
        environment["LANG"] = "C.UTF-8"
        return environment
    }

    /// The environment of a client: the user's, with WAYLAND_DISPLAY naming this compositor.
    var clientEnvironment: [String: String] {
        var environment = Self.userEnvironment(folder: folder.path, runtimePath: runtimePath)
        environment["WAYLAND_DISPLAY"] = socketName
        return environment
    }

    /// Starts `arguments` as the user, a client of this compositor, with `extraEnvironment`.
    func startClient(_ arguments: [String], extraEnvironment: [String: String] = [:]) throws -> ChildProcess {
        let environment = clientEnvironment.merging(extraEnvironment) { _, extra in extra }
        return try ChildProcess(URL(fileURLWithPath: "/usr/bin/setpriv"),
                                ["--reuid=\(user.user)", "--regid=\(user.group)", "--clear-groups", "--"] + arguments,
                                environment: environment)
    }

    /// Starts kiosk-spinner with `arguments` as the user, on this compositor.
    func startSpinner(_ arguments: [String], extraEnvironment: [String: String] = [:]) throws -> ChildProcess {
        try startClient([Self.runnableFolder.get().appendingPathComponent("kiosk-spinner").path] + arguments,
                        extraEnvironment: extraEnvironment)
    }

    /// Starts kiosk-spinner with `arguments` as the user on this compositor's Xwayland, with
    /// DISPLAY only (as a unit on cage has it), where `Kind.hasXWayland`.
    func startSpinnerOnXWayland(_ arguments: [String]) throws -> ChildProcess {
        let spinner = try Self.runnableFolder.get().appendingPathComponent("kiosk-spinner").path
        return try startClient(["env", "-u", "WAYLAND_DISPLAY", "DISPLAY=\(xDisplay ?? "")", spinner] + arguments)
    }

    /// Runs a client to its end; throws when it fails.
    func run(_ arguments: [String]) async throws {
        let client = try startClient(arguments)
        client.closeInput()
        let ending = try await client.ending()
        guard ending == .exited(0) else {
            throw OtherUser.Unavailable(description: "\(arguments.joined(separator: " ")) \(ending): \(client.errors.text)")
        }
    }

    /// Starts a virtual pointer that stays on the seat (kiosk-spinner-test-pointer, built with
    /// the tests) and returns it once the compositor has it: `click(at:)` needs a pointer.
    func startPointer() async throws -> ChildProcess {
        let executable = try Self.runnableFolder.get().appendingPathComponent("kiosk-spinner-test-pointer")
        let pointer = try startClient([executable.path])
        try await Poll.until("the virtual pointer", lastSeen: { pointer.errors.text }) { pointer.output.lines.contains("ready") }
        return pointer
    }

    /// Moves the seat's pointer to `point` and clicks the left button (sway's `seat - cursor`
    /// commands through swaymsg; on a nested compositor, xdotool on its window).
    func click(at point: ScreenPoint) async throws {
        if let host {
            try await run(["env", "DISPLAY=\(host.screen.name)", "xdotool", "mousemove", "\(point.x)", "\(point.y)", "click", "1"])
            return
        }
        for command in ["seat - cursor set \(point.x) \(point.y)", "seat - cursor press button1", "seat - cursor release button1"] {
            try await swaymsg(command)
        }
    }

    /// Runs one sway command through swaymsg (sway only), such as `output HEADLESS-1 mode 800x600`.
    func swaymsg(_ command: String) async throws {
        if let innerIPCSocket {
            try await run(["env", "SWAYSOCK=\(innerIPCSocket)", "swaymsg", command])
            return
        }
        guard let socket = ipcSockets.first else { throw OtherUser.Unavailable(description: "no sway IPC socket in \(runtimePath)") }
        try await run(["env", "SWAYSOCK=\(socket)", "swaymsg", command])
    }

    /// Changes the output to `size` pixels under its clients, as a mode set does: sway's `output
    /// HEADLESS-1 mode`, phoc's through wlr-randr (wlr-output-management), a nested compositor's
    /// window resized on its X server (KWin's and cage's give their output the window's size). The
    /// others' output cannot change here.
    func changeOutput(to size: (width: Int, height: Int)) async throws {
        let mode = "\(size.width)x\(size.height)"
        switch kind {
        case .sway:
            try await swaymsg("output HEADLESS-1 mode \(mode)")
        case .phoc:
            try await run(["wlr-randr", "--output", "HEADLESS-1", "--custom-mode", mode])
        case .kwin, .cage:
            let windows = host?.reader.topLevelWindows() ?? []
            guard let host, windows.count == 1 else {
                throw OtherUser.Unavailable(description: "\(windows.count) windows on the compositor's X server, not its output's one")
            }
            host.reader.resize(windows[0], width: size.width, height: size.height)
        case .swayInWindows, .weston, .westonXWayland:
            throw OtherUser.Unavailable(description: "the tests change the output of sway, phoc, KWin and cage only")
        }
        outputSize = size
    }

    /// Takes `output` (`WL-2`) away, as a cable pulled: closes its window on the outer sway
    /// (`.swayInWindows` only).
    func unplug(_ output: String) async throws {
        guard let outer = ipcSockets.first(where: { $0 != innerIPCSocket }), innerIPCSocket != nil else {
            throw OtherUser.Unavailable(description: "only a sway in windows has outputs to unplug")
        }
        try await run(["env", "SWAYSOCK=\(outer)", "swaymsg", "[title=\"wlroots - \(output)\"] kill"])
    }

    /// The paths of the sway IPC sockets in the runtime folder.
    private var ipcSockets: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: runtimePath)) ?? [])
            .filter { $0.hasPrefix("sway-ipc.") }.map { "\(runtimePath)/\($0)" }
    }

    /// Opens foot, full screen, with background `color`, running `cat` into `typedPath` (so the
    /// keys it gets can be read back). Returns it once its colour fills the screen's middle.
    func openApplication(color: ScreenColor, typedPath: String) async throws -> ChildProcess {
        let hex = String(format: "%02x%02x%02x", color.red, color.green, color.blue)
        let foot = try startClient(["foot", "-o", "colors.background=\(hex)", "sh", "-c", "exec cat > \"$0\"", typedPath])
        try await Poll.until("foot to fill the screen with \(color)", lastSeen: { foot.errors.text }) {
            try await screenshot().color(at: ScreenPoint(x: Self.widthPixels / 4, y: Self.heightPixels * 3 / 4)).isClose(to: color)
        }
        return foot
    }

    /// Types `text`, then Return: wtype (a virtual keyboard of its own; sway), or xdotool on a
    /// nested compositor's window.
    func type(_ text: String) async throws {
        if let host {
            try await run(["env", "DISPLAY=\(host.screen.name)", "xdotool", "type", text])
            try await run(["env", "DISPLAY=\(host.screen.name)", "xdotool", "key", "Return"])
            return
        }
        try await run(["wtype", text])
        try await run(["wtype", "-k", "Return"])
    }

    /// What the output shows now (grim, as a PPM file in the folder; a nested compositor's
    /// window, at `outputSize`, read from its X server).
    func screenshot() async throws -> OutputPicture {
        if let host {
            let whole = ScreenRect(x: 0, y: 0, width: outputSize.width, height: outputSize.height)
            guard let colors = host.reader.colors(in: whole) else {
                throw OutputPicture.Unreadable(description: "the compositor's X server gave no picture")
            }
            return OutputPicture(width: outputSize.width, height: outputSize.height, colors: colors)
        }
        shotCount += 1
        let path = folder.path("shot-\(shotCount).ppm")
        defer { unlink(path) }
        try await run(["grim", "-t", "ppm", path])
        return try OutputPicture(ppm: Data(contentsOf: URL(fileURLWithPath: path)))
    }

    /// What the application cage runs printed so far (`.cage(application:)`).
    var applicationLog: String {
        (try? String(contentsOfFile: folder.path("application.log"), encoding: .utf8)) ?? ""
    }

    /// Kills the compositor (SIGKILL: it dies, as a crashed one does), leaving its clients.
    func kill() {
        Glibc.kill(serverProcessID, SIGKILL)
    }

    /// Stops the compositor and waits for it to go (its watchdog kills it); kills both if that
    /// takes over five seconds.
    func stop() {
        watchdog.closeInput()
        let deadline = Date().addingTimeInterval(5)
        while watchdog.isRunning, Date() < deadline {
            usleep(2_000)
        }
        if watchdog.isRunning { watchdog.signalGroup(SIGKILL) }
        host?.screen.stop()
    }
}

extension Trait where Self == ConditionTrait {
    /// Runs a suite only where `HeadlessCompositor` can start its compositors, naming what is
    /// missing otherwise.
    static var needsHeadlessCompositors: Self {
        .enabled(if: HeadlessCompositor.unavailableReason == nil, Comment(rawValue: HeadlessCompositor.unavailableReason ?? ""))
    }
}
