import Foundation
import Testing

/// Issue 20, end to end: `kiosk-spinner send` says what holds. The real binary as overlay and as
/// client, over a real socket on a real Xvfb: `--wait` returns at once when the overlay is
/// already in the awaited state after the commands (it used to wait for ever), and `quit` exits
/// 0 only once the overlay has gone, 1 with one line on stderr otherwise (a stopped overlay, a
/// refusal), as every rejection does.
@Suite("send: exit statuses that say what holds", .timeLimit(.minutes(3)))
struct SendTruthTests {
    /// How long something that happens "at once" may take on a loaded machine: a third of
    /// `send --wait`'s default 60 s limit, which is what a wait that never ended would take (a
    /// send process's start and exchange took over 7 s beside a VM).
    static var promptSeconds: Double { 20 * Sanitizer.timeScale }

    /// Starts an overlay listening on a socket in a fresh folder, with `arguments`; waits until
    /// it is ready, and (unless started hidden) until the HUD is shown.
    static func overlay(_ arguments: [String]) async throws -> (overlay: LiveOverlay, folder: TemporaryFolder, path: String) {
        let folder = try TemporaryFolder()
        let path = folder.path("socket.sock")
        let overlay = try await LiveOverlay.start(arguments + ["--listen", path], extraEnvironment: Sanitizer.noExitSleep)
        do {
            try await overlay.waitForEvent("ready")
            if !arguments.contains("--start-hidden") { try await overlay.waitForEvent("shown") }
        } catch {
            overlay.stop()
            throw error
        }
        return (overlay, folder, path)
    }

    /// Runs `send --socket path arguments` and how long it took.
    static func send(_ arguments: [String], socket path: String) async throws -> (finished: ChildProcess.Finished, seconds: Double) {
        let began = ContinuousClock.now
        let finished = try await ControlSocketTests.send(["--socket", path] + arguments, socket: nil, within: 30)
        let elapsed = ContinuousClock.now - began
        return (finished, Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
    }

    @Test func showWhileShownReturnsAtOnce() async throws {
        let (overlay, folder, path) = try await Self.overlay([])
        defer { overlay.stop() }
        for commands in [["show"], ["msg Printing", "show"], ["show"]] {
            let (finished, seconds) = try await Self.send(["--wait", "shown"] + commands, socket: path)
            #expect(finished.ending == .exited(0), "\(finished.errors)")
            #expect(finished.output == "" && finished.errors == "")
            #expect(seconds < Self.promptSeconds, "it returned after \(seconds) s")
        }
        withExtendedLifetime(folder) {}
    }

    @Test func aShowDuringTheFadeOutReturnsAtOnce() async throws {
        // A fade-out far longer than two `send` runs take on a loaded machine, so "at once" is
        // told from "at the end of the fade" by a wide margin.
        let (overlay, folder, path) = try await Self.overlay(["--fade", "30000"])
        defer { overlay.stop() }
        let hidden = try await Self.send(["hide"], socket: path)
        #expect(hidden.finished.ending == .exited(0))
        let (finished, seconds) = try await Self.send(["--wait", "shown", "show"], socket: path)
        #expect(finished.ending == .exited(0), "\(finished.errors)")
        #expect(seconds < 20, "within the 30 s fade-out: \(seconds) s")
        #expect(!overlay.events.contains("hidden"), "it turned back before it was gone")
        withExtendedLifetime(folder) {}
    }

    @Test func hiddenWithinTheGraceTimeReturnsAtOnce() async throws {
        let (overlay, folder, path) = try await Self.overlay(["--start-hidden", "--grace", "30000"])
        defer { overlay.stop() }
        #expect(try await Self.send(["show"], socket: path).finished.ending == .exited(0))
        let (finished, seconds) = try await Self.send(["--wait", "hidden", "hide"], socket: path)
        #expect(finished.ending == .exited(0), "\(finished.errors)")
        #expect(seconds < 20, "within the 30 s grace time: \(seconds) s")
        #expect(overlay.events == ["ready"], "nothing was ever drawn")
        withExtendedLifetime(folder) {}
    }

    @Test func showFromHiddenWaitsUntilItIsDrawn() async throws {
        let (overlay, folder, path) = try await Self.overlay(["--start-hidden", "--grace", "700"])
        defer { overlay.stop() }
        let (finished, seconds) = try await Self.send(["--wait", "shown", "show"], socket: path)
        #expect(finished.ending == .exited(0), "\(finished.errors)")
        #expect(seconds >= 0.6, "not before the grace time: \(seconds) s")
        #expect(overlay.events.contains("shown"))
        withExtendedLifetime(folder) {}
    }

    /// The X server answers the grab without an event (`grab-held` follows only a `grab-lost`):
    /// send asks `status` again until it says `grab=held`.
    @Test func grabHeldAfterBlockReturnsOnceTheGrabIsHeld() async throws {
        let (overlay, folder, path) = try await Self.overlay([])
        defer { overlay.stop() }
        let (finished, _) = try await Self.send(["--wait", "grab-held", "block", "status"], socket: path)
        #expect(finished.ending == .exited(0), "\(finished.errors)")
        #expect(finished.output.hasPrefix("visible=1 blocked=1 "), "only its own status is printed: \(finished.output)")
        #expect(finished.output.split(separator: "\n").count == 1)
        let status = try await Self.send(["status"], socket: path).finished.output
        #expect(status.hasPrefix("visible=1 blocked=1 grab=held "), "\(status)")
        withExtendedLifetime(folder) {}
    }

    @Test func quitExitsZeroOnlyOnceTheOverlayHasGone() async throws {
        let (overlay, folder, path) = try await Self.overlay(["--start-hidden"])
        defer { overlay.stop() }
        let (finished, _) = try await Self.send(["status", "quit"], socket: path)
        #expect(finished.ending == .exited(0), "\(finished.errors)")
        #expect(finished.output.hasPrefix("visible=0 "), "\(finished.output)")
        #expect(!overlay.program.isRunning, "the overlay's process had ended when send returned")
        #expect(FileKind(path) == nil)
        withExtendedLifetime(folder) {}
    }

    /// A stopped overlay accepts the connection (the kernel does) but answers nothing: `quit`
    /// did not happen within the time, so exit 1 with one line.
    @Test func quitToAStoppedOverlayExitsOneWithOneLine() async throws {
        let (overlay, folder, path) = try await Self.overlay(["--start-hidden"])
        defer { overlay.stop() }
        overlay.program.signal(SIGSTOP)
        let (finished, seconds) = try await Self.send(["--timeout", "1", "quit"], socket: path)
        overlay.program.signal(SIGCONT)
        #expect(finished.ending == .exited(1))
        #expect(finished.errors == "kiosk-spinner: send: timed out after 1 s waiting for the answers\n")
        #expect(finished.output == "")
        #expect(seconds >= 0.9)
        // Continued, it reads the quit waiting in its socket and does quit.
        #expect(try await overlay.program.ending(within: Self.promptSeconds) == .exited(0))
        withExtendedLifetime(folder) {}
    }

    @Test func theSixtyFifthClientIsRefusedWithExitOne() async throws {
        let (overlay, folder, path) = try await Self.overlay(["--start-hidden"])
        defer { overlay.stop() }
        let clients = try await SocketClient.fillingEveryPlace(at: path)
        for commands in [["quit"], ["status"], ["--wait", "shown", "show"]] {
            let (finished, _) = try await Self.send(commands, socket: path)
            #expect(finished.ending == .exited(1), "\(commands)")
            #expect(finished.errors == "kiosk-spinner: send: the overlay refused the connection: too many clients (at most 64 at once)\n")
            #expect(finished.output == "")
        }
        #expect(overlay.program.isRunning, "the refused quit was never read")
        withExtendedLifetime((folder, clients)) {}
    }

    @Test func aRejectedCommandBeforeQuitExitsOne() async throws {
        let (overlay, folder, path) = try await Self.overlay(["--start-hidden"])
        defer { overlay.stop() }
        let (finished, _) = try await Self.send(["shwo", "quit"], socket: path)
        #expect(finished.ending == .exited(1))
        #expect(finished.output == #"error line 1: unknown command "shwo""# + "\n")
        #expect(finished.errors == "kiosk-spinner: send: the overlay rejected a command (see its error line)\n")
        #expect(try await overlay.program.ending(within: Self.promptSeconds) == .exited(0), "the quit itself was applied")
        withExtendedLifetime(folder) {}
    }

    @Test func waitWithQuitIsRefused() async throws {
        let finished = try await ControlSocketTests.send(["--wait", "hidden", "quit"], socket: "/nonexistent/socket")
        #expect(finished.ending == .exited(2))
        #expect(finished.errors.hasPrefix("kiosk-spinner: --wait takes no event with quit"), "\(finished.errors)")
    }
}
