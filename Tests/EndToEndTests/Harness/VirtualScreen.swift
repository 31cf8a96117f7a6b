import Foundation

/// An Xvfb server of the test's own: a black screen (1024x768 unless asked) no other test draws
/// on, so tests that look at pixels can run in parallel.
///
/// Each server gets a display number of its own from `firstNumber` up, never one of the low ones
/// the compositors' Xwayland servers take: Xvfb binds its socket before it writes its lock file,
/// so one that picked a number itself (`-displayfd` alone, the lowest free) raced a starting
/// Xwayland for it, which then found the socket taken and never came up. `-displayfd` still says
/// when the server is ready. A number a running server holds is passed over. It runs under a small shell that
/// watches a pipe from this process and kills the server when the pipe closes: on `stop()`, and
/// also when the test process dies without stopping it, so no server outlives the run. The shell
/// and the server share a process group of their own, the last resort of `stop()`.
final class VirtualScreen {
    /// The usual screen's width in pixels.
    static let widthPixels = 1024
    /// The usual screen's height in pixels.
    static let heightPixels = 768

    /// The display name, like ":3".
    let name: String
    /// The server process's id.
    let serverProcessID: pid_t
    private let watchdog: ChildProcess
    /// The server a nested one (`startResizable`) shows in, stopped with it.
    private let host: VirtualScreen?
    private var isStopped = false

    /// The first display number the tests' servers use.
    static let firstNumber = 200
    /// The next display number to try, shared by every test of the process, guarded by
    /// `numberLock` (an NSLock, as elsewhere in the harness: ThreadSanitizer cannot see the
    /// standard library's Mutex, and reported its `+= 1` as a race).
    nonisolated(unsafe) private static var nextNumber = firstNumber
    private static let numberLock = NSLock()

    /// A server already holds the display number tried.
    private struct NumberTaken: Error {}

    /// Every number tried was taken.
    struct NoFreeNumber: Error, CustomStringConvertible {
        let description: String
    }

    private init(name: String, serverProcessID: pid_t, watchdog: ChildProcess, host: VirtualScreen?) {
        self.name = name
        self.serverProcessID = serverProcessID
        self.watchdog = watchdog
        self.host = host
    }

    deinit { stop() }

    /// Starts a server of `width` x `height` pixels (reporting the physical size of a
    /// `dotsPerInch` screen, Xvfb's 100 when nil) and returns once it accepts connections.
    static func start(width: Int = widthPixels, height: Int = heightPixels, dotsPerInch: Int? = nil) async throws -> VirtualScreen {
        try await start { number in xvfb(number, width: width, height: height, dotsPerInch: dotsPerInch) }
    }

    /// Starts a usual server on display `name` (":N"), one a stopped screen of these tests had:
    /// a display server that comes up after its clients were started.
    static func startAgain(on name: String) async throws -> VirtualScreen {
        guard let number = Int(name.dropFirst()) else { throw NoFreeNumber(description: "\(name) is no display name") }
        return try await start(number: number, command: xvfb(number, width: widthPixels, height: heightPixels, dotsPerInch: nil),
                               host: nil)
    }

    /// The Xvfb command line of display `number`.
    private static func xvfb(_ number: Int, width: Int, height: Int, dotsPerInch: Int?) -> String {
        "Xvfb :\(number) -displayfd 1 -screen 0 \(width)x\(height)x24 \(dotsPerInch.map { "-dpi \($0) " } ?? "")-noreset -br -nolisten tcp"
    }

    /// The largest screen `startResizable` can become.
    static let resizableMaximum = (width: 1600, height: 1200)

    /// Starts a screen of `width` x `height` pixels whose size and rotation RandR can change
    /// (`xrandr -s`, `xrandr -o`), as a panel's mode and rotation change: Xephyr, in an Xvfb
    /// of `resizableMaximum` (Debian's Xvfb cannot change its own). `stop()` stops both.
    static func startResizable(width: Int = widthPixels, height: Int = heightPixels) async throws -> VirtualScreen {
        let host = try await start(width: resizableMaximum.width, height: resizableMaximum.height)
        do {
            return try await start(host: host) { number in
                "DISPLAY=\(host.name) Xephyr :\(number) -displayfd 1 -resizeable -screen \(width)x\(height) -noreset -br -nolisten tcp"
            }
        } catch {
            host.stop()
            throw error
        }
    }

    /// Starts the server `command` gives for a free display number, in `host` when nested.
    private static func start(host: VirtualScreen? = nil, _ command: (Int) -> String) async throws -> VirtualScreen {
        for _ in 0..<50 {
            let number = numberLock.withLock {
                defer { nextNumber += 1 }
                return nextNumber
            }
            guard !isHeld(number) else { continue }
            do {
                return try await start(number: number, command: command(number), host: host)
            } catch is NumberTaken {
                continue
            }
        }
        throw NoFreeNumber(description: "no free X display number from \(firstNumber) up")
    }

    /// Starts `command`, a server on display `number`; throws `NumberTaken` when another server
    /// holds it.
    private static func start(number: Int, command: String, host: VirtualScreen?) async throws -> VirtualScreen {
        // The server writes its display number to fd 1, the pipe, once it accepts connections;
        // the shell writes `server PID` there too (each line in one write, so they never mix).
        // An asynchronous command in a non-interactive shell reads /dev/null, so only `cat`
        // reads the watch pipe; when it ends the server is killed.
        let script = """
            \(command) & server=$!
            echo "server $server"
            cat >/dev/null
            kill $server 2>/dev/null
            wait $server
            """
        let watchdog = try ChildProcess(URL(fileURLWithPath: "/bin/sh"), ["-c", script],
                                        environment: ChildProcess.environment(display: nil), ownProcessGroup: true)
        do {
            let (number, serverProcessID) = try await Poll.value("the X server to print its display number",
                                                                 lastSeen: { watchdog.output.text + watchdog.errors.text }) { () -> (Int, pid_t)? in
                // "Server is already active for display N" or "server already running": another server
                // took it first.
                if ["already active", "already running"].contains(where: watchdog.errors.text.contains) { throw NumberTaken() }
                let lines = watchdog.output.lines
                let serverPrefix = "server "
                guard let number = lines.lazy.compactMap({ Int($0.trimmingCharacters(in: .whitespaces)) }).first,
                      let server = lines.first(where: { $0.hasPrefix(serverPrefix) }).flatMap({ pid_t($0.dropFirst(serverPrefix.count)) }) else {
                    return nil
                }
                return (number, server)
            }
            return VirtualScreen(name: ":\(number)", serverProcessID: serverProcessID, watchdog: watchdog, host: host)
        } catch {
            watchdog.closeInput()
            throw error
        }
    }

    /// The environment for a client of this screen (see `ChildProcess.environment`).
    var environment: [String: String] { ChildProcess.environment(display: name) }

    /// Sends `signalNumber` to the X server itself, as a crash (SIGKILL) or a shutdown
    /// (SIGTERM) would end it; `stop()` still cleans up after it.
    func signalServer(_ signalNumber: Int32) {
        guard !isStopped else { return }
        _ = kill(serverProcessID, signalNumber)
    }

    /// Stops the server and waits for it to go; kills it and its watchdog if that takes over
    /// five seconds.
    func stop() {
        guard !isStopped else { return }
        isStopped = true
        watchdog.closeInput()
        let deadline = Date().addingTimeInterval(5)
        while watchdog.isRunning, Date() < deadline {
            usleep(2_000)
        }
        if watchdog.isRunning { watchdog.signalGroup(SIGKILL) }
        removeLeftovers()
        host?.stop()
    }

    /// The lock file a server of display `number` writes its process id to.
    private static func lockPath(_ number: Int) -> String { "/tmp/.X\(number)-lock" }

    /// The socket clients of display `number` connect to.
    private static func socketPath(_ number: Int) -> String { "/tmp/.X11-unix/X\(number)" }

    /// Whether a running server holds display `number`: its lock file names a live process (a
    /// lock being written, not yet readable, counts as held). A server killed outright leaves its
    /// lock and socket behind; Xvfb itself takes over such a number, so it is free.
    private static func isHeld(_ number: Int) -> Bool {
        guard FileManager.default.fileExists(atPath: lockPath(number)) else { return false }
        guard let text = try? String(contentsOfFile: lockPath(number), encoding: .ascii),
              let owner = pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines)) else { return true }
        return kill(owner, 0) == 0 || errno == EPERM
    }

    /// Removes the lock and socket a server killed outright (`signalServer(SIGKILL)`) left,
    /// once it is gone, so the runs on one machine do not use up the display numbers.
    private func removeLeftovers() {
        guard let number = Int(name.dropFirst()), !Self.isHeld(number),
              let text = try? String(contentsOfFile: Self.lockPath(number), encoding: .ascii),
              pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines)) == serverProcessID else { return }
        unlink(Self.lockPath(number))
        unlink(Self.socketPath(number))
    }
}
