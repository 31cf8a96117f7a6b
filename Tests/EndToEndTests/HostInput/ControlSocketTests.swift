import Foundation
import Testing

/// `--listen PATH` and `kiosk-spinner send`: clients that hear their own answers and the events,
/// bounded, and a socket that is there exactly while the overlay runs.
@Suite("The control socket", .timeLimit(.minutes(2)))
struct ControlSocketTests {
    /// An overlay started hidden, listening on `socket.sock` in a fresh folder.
    static func listeningOverlay(_ extra: [String] = []) async throws -> (overlay: LiveOverlay, folder: TemporaryFolder, path: String) {
        let folder = try TemporaryFolder()
        let path = folder.path("socket.sock")
        let overlay = try await LiveOverlay.start(["--start-hidden", "--listen", path] + extra, extraEnvironment: Sanitizer.noExitSleep)
        do {
            try await overlay.waitForEvent("ready")
        } catch {
            overlay.stop()
            throw error
        }
        return (overlay, folder, path)
    }

    /// Runs `kiosk-spinner send` with `arguments` to its end.
    static func send(_ arguments: [String], socket: String?, within seconds: Double = Poll.defaultSeconds) async throws -> ChildProcess.Finished {
        var environment = ChildProcess.environment(display: nil)
        environment["KIOSK_SPINNER_SOCKET"] = socket
        let program = try SpinnerExecutable.start(["send"] + arguments, environment: environment)
        program.closeInput()
        let ending = try await program.ending(within: seconds)
        return ChildProcess.Finished(ending: ending, output: program.output.text, errors: program.errors.text)
    }

    @Test func twoClientsEachHearOnlyTheirOwnAnswersAndEveryoneHearsTheEvents() async throws {
        let (overlay, folder, path) = try await Self.listeningOverlay()
        defer { overlay.stop() }
        let kind = try #require(FileKind(path), "the socket exists once the overlay is ready")
        #expect(kind.isSocket && kind.permissions == 0o600, "\(kind)")

        let first = try SocketClient(path: path)
        let second = try SocketClient(path: path)
        try await first.write("msg from the first\nstatus\nbogus\n")
        try await second.write("ping\n")
        try await first.waitForLine("an error for its line 3") { $0 == #"error line 3: unknown command "bogus""# }
        try await second.waitForLine("pong")

        try await overlay.send("show")
        try await overlay.waitForEvent("shown")
        try await first.waitForLine("shown")
        try await second.waitForLine("shown")
        // One more answer each, so anything that was wrongly sent to them has arrived too.
        try await first.write("ping\n")
        try await second.write("status\n")
        try await first.waitForLine("pong")
        try await second.waitForLine("a status line") { $0.hasPrefix("visible=1") }

        #expect(first.lines == [#"visible=0 blocked=0 grab=none shown=0 stalled=0 above=held backend=x11 mode=spinner progress=- message="from the first" detail="""#,
                                #"error line 3: unknown command "bogus""#, "shown", "pong"])
        #expect(second.lines == ["pong", "shown",
                                 #"visible=1 blocked=0 grab=none shown=1 stalled=0 above=held backend=x11 mode=spinner progress=- message="from the first" detail="""#])
        #expect(overlay.events == ["ready", "shown"], "stdout hears the events, not the clients' answers")
        #expect(overlay.program.errors.lines.contains { $0.hasPrefix("kiosk-spinner: client ") && $0.hasSuffix(#" line 3: unknown command "bogus""#) },
                "\(overlay.program.errors.text)")
        withExtendedLifetime(folder) {}
    }

    @Test func aClientThatNeverReadsIsNoLongerReadAndHoldsUpNothing() async throws {
        let (overlay, folder, path) = try await Self.listeningOverlay()
        defer { overlay.stop() }
        // 20,000 status answers are some 1.5 MB; once 64 KiB of them wait, the client's commands
        // are no longer read (the 140 KB it wrote fit in its socket's buffer).
        let deaf = try SocketClient(path: path)
        try await deaf.write(String(repeating: "status\n", count: 20_000))
        let status = try await overlay.status()
        #expect(status.hasPrefix("visible=0"), "stdin is still answered: \(status)")
        let other = try SocketClient(path: path)
        try await other.write("ping\n")
        try await other.waitForLine("pong", within: Poll.promptSeconds)
        #expect(!deaf.isClosedByOverlay, "a client that is merely slow stays connected")
        #expect(overlay.program.errors.text == "")
        withExtendedLifetime(folder) {}
    }

    @Test func aClientThatAsksForMoreThanOneMebibyteAtOnceAndReadsGetsEveryAnswer() async throws {
        let (overlay, folder, path) = try await Self.listeningOverlay()
        defer { overlay.stop() }
        // Status lines of some 16 KB: a message and details of 4,000 quotation marks, each shown
        // as two bytes. 128 of them at once ask for 2 MiB, twice what may wait for a client that
        // does not read; this one reads all the while (issue 20: it was disconnected with 0 answers).
        let quotes = String(repeating: "\"", count: 4000)
        _ = try await overlay.status(after: ["msg \(quotes)", "detail \(quotes)"])
        let client = try SocketClient(path: path)
        let count = 128
        try await client.write(bytes: Array((String(repeating: "status\n", count: count) + "ping\n").utf8),
                               within: 60 * Sanitizer.timeScale, readingMeanwhile: true)
        try await client.waitForLine("pong", within: 60 * Sanitizer.timeScale)
        #expect(!client.isClosedByOverlay)
        #expect(client.lines.count == count + 1)
        #expect(client.lines.dropLast().allSatisfy { $0.hasPrefix("visible=0 ") && $0.utf8.count > 16_000 })
        #expect(overlay.program.errors.text == "")
        withExtendedLifetime(folder) {}
    }

    @Test(.timeLimit(.minutes(2)))
    func aClientThatSendsABurstAndReadsGetsEveryAnswer() async throws {
        let (overlay, folder, path) = try await Self.listeningOverlay()
        defer { overlay.stop() }
        let client = try SocketClient(path: path)
        // 20,000 status answers are some 1.5 MB: more than a client may have waiting, so without
        // the flow control this client would be cut off.
        let count = 20_000
        // Read while it is written, as `send` does: the overlay stops reading while the answers
        // wait, so the burst is slowed down (the writes wait), never cut off.
        try await client.write(bytes: Array((String(repeating: "status\n", count: count) + "ping\n").utf8),
                               within: 60 * Sanitizer.timeScale, readingMeanwhile: true)
        try await client.waitForLine("pong", within: 60 * Sanitizer.timeScale)
        #expect(client.lines.count == count + 1)
        #expect(client.lines.dropLast().allSatisfy { $0.hasPrefix("visible=0 ") })
        #expect(overlay.program.errors.text == "")
        withExtendedLifetime(folder) {}
    }

    @Test func aClientBeyondSixtyFourIsToldWhyAndTheOthersStayServed() async throws {
        let (overlay, folder, path) = try await Self.listeningOverlay()
        defer { overlay.stop() }
        var clients = try await SocketClient.fillingEveryPlace(at: path)
        let extra = try SocketClient(path: path)
        try await Poll.until("the 65th client to be disconnected", lastSeen: { "\(extra.lines)" }) { extra.isClosedByOverlay }
        #expect(extra.lines == ["error too many clients (at most 64 at once)"])
        try await clients[0].write("status\n")
        try await clients[0].waitForLine("a status line") { $0.hasPrefix("visible=0") }
        clients.removeLast()
        let next = try SocketClient(path: path)
        try await next.write("ping\n")
        try await next.waitForLine("pong", within: Poll.promptSeconds)
        withExtendedLifetime(folder) {}
    }

    @Test func tenMegabytesWithoutANewlineAreOneRejectedLineAndNoMemory() async throws {
        let (overlay, folder, path) = try await Self.listeningOverlay()
        defer { overlay.stop() }
        let before = try #require(Self.residentKilobytes(of: overlay.program.processID))
        let client = try SocketClient(path: path)
        try await client.write(bytes: [UInt8](repeating: UInt8(ascii: "x"), count: 10 << 20) + Array("\nstatus\n".utf8),
                               within: 60 * Sanitizer.timeScale)
        try await client.waitForLine("the status line") { $0.hasPrefix("visible=0") }
        #expect(client.lines.first == "error line 1: line longer than 4096 bytes; the rest of it was discarded", "\(client.lines)")
        let after = try #require(Self.residentKilobytes(of: overlay.program.processID))
        // AddressSanitizer keeps freed memory in quarantine, so there resident memory tells how
        // much was allocated over time, not how much is held.
        if Sanitizer.current != .address {
            #expect(after - before < 5 * 1024, "resident memory grew from \(before) kB to \(after) kB")
        }
        // stderr has a writer thread of its own: the report may come after the client's answers.
        try await Poll.until("the report on stderr", lastSeen: { overlay.program.errors.text }) { !overlay.program.errors.lines.isEmpty }
        #expect(overlay.program.errors.lines.count == 1, "one line on stderr: \(overlay.program.errors.text)")
        withExtendedLifetime(folder) {}
    }

    /// What may be at the socket's path when nothing listens there.
    enum NoOverlay: String, CaseIterable {
        case nothing, staleSocket, regularFile
    }

    @Test(arguments: NoOverlay.allCases)
    func sendWithNoOverlayExitsOneWithAReason(what: NoOverlay) async throws {
        let folder = try TemporaryFolder()
        let path = folder.path("socket.sock")
        switch what {
        case .nothing: break
        case .staleSocket: _ = try #require(Self.bindStaleSocket(at: path))
        case .regularFile: try #require(FileManager.default.createFile(atPath: path, contents: Data()))
        }
        let reasons: [NoOverlay: String] = [.nothing: "No such file or directory", .staleSocket: "Connection refused",
                                            .regularFile: "Connection refused"]
        let finished = try await Self.send(["ping"], socket: path)
        #expect(finished.ending == .exited(1))
        #expect(finished.output == "")
        #expect(finished.errors == "kiosk-spinner: send: no overlay listens on \(path): \(reasons[what] ?? "")\n")
    }

    @Test func sendPrintsOnlyItsAnswersAndExitsOneWhenACommandIsRejected() async throws {
        let (overlay, folder, path) = try await Self.listeningOverlay()
        defer { overlay.stop() }
        let accepted = try await Self.send(["--socket", path, "msg Hello", "show", "ping", "status"], socket: nil)
        #expect(accepted.ending == .exited(0), "\(accepted.errors)")
        #expect(accepted.output == "pong\n" + #"visible=1 blocked=0 grab=none shown=1 stalled=0 above=held backend=x11 mode=spinner progress=- message="Hello" detail="""# + "\n")
        #expect(accepted.errors == "")

        let rejected = try await Self.send(["progress many", "ping"], socket: path)
        #expect(rejected.ending == .exited(1))
        #expect(rejected.output == #"error line 1: "progress" takes a percentage like 42 or 42.5, not "many""# + "\npong\n")
        #expect(rejected.errors == "kiosk-spinner: send: the overlay rejected a command (see its error line)\n")
        withExtendedLifetime(folder) {}
    }

    @Test func sendWaitsForTheNextShownAndGivesUpAtItsTimeout() async throws {
        let (overlay, folder, path) = try await Self.listeningOverlay()
        defer { overlay.stop() }
        let timedOut = try await Self.send(["--wait", "shown", "--timeout", "0.3"], socket: path)
        #expect(timedOut.ending == .exited(1))
        #expect(timedOut.errors == "kiosk-spinner: send: timed out after 0.3 s waiting for shown\n")

        var environment = ChildProcess.environment(display: nil)
        environment["KIOSK_SPINNER_SOCKET"] = path
        let waiting = try SpinnerExecutable.start(["send", "--wait", "shown", "status"], environment: environment)
        waiting.closeInput()
        // Its status answer says it is connected, so the `shown` to come is one it hears.
        try await Poll.until("send's status line", lastSeen: { waiting.errors.text }) { waiting.output.text.hasPrefix("visible=0") }
        #expect(waiting.isRunning, "it waits for shown")
        try await overlay.send("show")
        #expect(try await waiting.ending() == .exited(0))
        #expect(waiting.output.lines.count == 1, "only its answer, not the event: \(waiting.output.text)")
        withExtendedLifetime(folder) {}
    }

    /// Ways the overlay ends.
    enum Ending: String, CaseIterable {
        case quitFromSend, quitOnStdin, terminateSignal
    }

    @Test(arguments: Ending.allCases)
    func theSocketIsRemovedAtExit(ending: Ending) async throws {
        let (overlay, folder, path) = try await Self.listeningOverlay()
        defer { overlay.stop() }
        let client = try SocketClient(path: path)
        try await client.write("ping\n")
        try await client.waitForLine("pong")
        switch ending {
        case .quitFromSend:
            let finished = try await Self.send(["status", "quit"], socket: path)
            #expect(finished.ending == .exited(0), "\(finished.errors)")
            #expect(finished.output.hasPrefix("visible=0 "), "the answer before quit is written: \(finished.output)")
        case .quitOnStdin:
            try await overlay.send("quit")
        case .terminateSignal:
            overlay.program.signal(SIGTERM)
        }
        #expect(try await overlay.program.ending(within: Poll.promptSeconds) == .exited(0))
        #expect(FileKind(path) == nil, "the socket is gone after the overlay exits")
        #expect(client.isClosedByOverlay)
        withExtendedLifetime(folder) {}
    }

    /// What may be at `--listen`'s path that the overlay must refuse (no display is needed: the
    /// socket is made first).
    enum Occupied: String, CaseIterable {
        case regularFile, directory, symbolicLink, listeningSocket
    }

    @Test(arguments: Occupied.allCases)
    func aPathThatIsTakenIsRefusedWithExitTwoAndLeftAsItWas(what: Occupied) async throws {
        let folder = try TemporaryFolder()
        let path = folder.path("socket.sock")
        var listener: Int32 = -1
        switch what {
        case .regularFile: try #require(FileManager.default.createFile(atPath: path, contents: Data("keep\n".utf8)))
        case .directory: try #require(mkdir(path, 0o700) == 0)
        case .symbolicLink: try #require(symlink(folder.path("elsewhere"), path) == 0)
        case .listeningSocket:
            listener = try #require(Self.bindStaleSocket(at: path))
            try #require(listen(listener, 1) == 0)
        }
        defer { if listener >= 0 { close(listener) } }
        let before = try #require(FileKind(path))
        let program = try SpinnerExecutable.start(["--listen", path], environment: ChildProcess.environment(display: nil))
        program.closeInput()
        #expect(try await program.ending(within: Poll.promptSeconds) == .exited(2))
        #expect(program.errors.lines.count == 1 && program.errors.text.contains(path), "\(program.errors.text)")
        #expect(FileKind(path) == before)
    }

    @Test func aStaleSocketOfTheSameUserIsReplaced() async throws {
        let folder = try TemporaryFolder()
        let path = folder.path("socket.sock")
        let stale = try #require(Self.bindStaleSocket(at: path))
        close(stale)
        let overlay = try await LiveOverlay.start(["--listen", path], extraEnvironment: Sanitizer.noExitSleep)
        defer { overlay.stop() }
        try await overlay.waitForEvent("ready")
        let finished = try await Self.send(["ping"], socket: path)
        #expect(finished.ending == .exited(0) && finished.output == "pong\n", "\(finished)")
    }

    @Test(.enabled(if: OtherUser.isAvailable, "needs root, to make a group and act as another user"))
    func theListenGroupsMembersMayConnectAndOthersMayNot() async throws {
        let group = try await OtherUser.makeGroup(named: "kiosk-spinner-ctl")
        let folder = try TemporaryFolder()
        try #require(chmod(folder.path, 0o755) == 0)
        let path = folder.path("socket.sock")
        let overlay = try await LiveOverlay.start(["--start-hidden", "--listen", path, "--listen-group", "kiosk-spinner-ctl"],
                                                  extraEnvironment: Sanitizer.noExitSleep)
        defer { overlay.stop() }
        try await overlay.waitForEvent("ready")
        var info = stat()
        try #require(lstat(path, &info) == 0)
        #expect(info.st_mode & 0o7777 == 0o660 && info.st_gid == group && info.st_uid == geteuid())

        let executable = try SpinnerExecutable.url().path
        let member = try await OtherUser.run([executable, "send", "--socket", path, "ping"], supplementaryGroup: group)
        #expect(member.ending == .exited(0) && member.output == "pong\n", "\(member)")
        let stranger = try await OtherUser.run([executable, "send", "--socket", path, "ping"])
        #expect(stranger.ending == .exited(1))
        #expect(stranger.errors == "kiosk-spinner: send: no overlay listens on \(path): Permission denied\n")
    }

    /// A socket bound at `path` that nothing listens on (a stale socket); returns its descriptor.
    static func bindStaleSocket(at path: String) -> Int32? {
        let made = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: Array(path.utf8).prefix($0.count - 1)) }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(made, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        return made >= 0 && bound == 0 ? made : nil
    }

    /// The process's resident memory (VmRSS) in kB.
    static func residentKilobytes(of process: pid_t) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/\(process)/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }) else { return nil }
        return Int(line.split(separator: " ").dropFirst().first ?? "")
    }
}
