import Foundation
import Testing

/// `--psplash` in psplash's place: psplash-write's messages are never lost, the FIFO goes away at
/// exit, psplash's spellings work, and what cannot work says so in one line.
@Suite("psplash drop-in", .timeLimit(.minutes(10)))
struct PsplashTests {
    /// How long something the program must do at once may take on a loaded machine.
    /// How many overlays the race test starts: a thousand plain (the proof); a sanitizer makes
    /// each start some ten times slower, and the instrumented runs only need the path exercised,
    /// so twenty, one lane: a hundred in two lanes starved the other suites' X servers.
    static let raceStarts = Sanitizer.current == .none ? 1000 : 20
    /// How many overlays start side by side in the race test: one a core plain, so the other
    /// tests running beside it are not starved; one under a sanitizer.
    static let raceLanes = Sanitizer.current == .none ? 2 : 1

    /// The environment of an overlay reading psplash's FIFO in `folder` on `screen` (or on no
    /// display).
    static func environment(folder: String, screen: VirtualScreen?) -> [String: String] {
        var environment = Sanitizer.withoutExitSleep(screen?.environment ?? ChildProcess.environment(display: nil))
        environment["PSPLASH_FIFO_DIR"] = folder
        return environment
    }

    /// What one start of the race test came to.
    struct RaceResult {
        var outcome: PsplashWrite.Outcome
        var ending: ChildProcess.Ending?
        var leftBehind: Bool
    }

    /// Starts an overlay on `screen` reading psplash's FIFO in a fresh folder, sends `QUIT` the
    /// moment the FIFO appears, and waits for the overlay to obey.
    static func raceOnce(on screen: VirtualScreen) async throws -> RaceResult {
        let folder = try TemporaryFolder()
        defer { withExtendedLifetime(folder) {} }  // the FIFO lives in it until the overlay is gone
        let watch = try FolderWatch(folder.path)
        let program = try SpinnerExecutable.start(["--psplash", "--start-hidden"],
                                                  environment: environment(folder: folder.path, screen: screen))
        let outcome = await PsplashWrite.sendTheMomentItAppears("QUIT", name: "psplash_fifo", watch: watch, within: Poll.promptSeconds)
        guard outcome == .delivered else {
            program.kill()
            return RaceResult(outcome: outcome, ending: nil, leftBehind: false)
        }
        let ending = try? await program.ending(within: Poll.promptSeconds)
        return RaceResult(outcome: outcome, ending: ending, leftBehind: FileKind(folder.path("psplash_fifo")) != nil)
    }

    /// Each lane has an X server of its own and starts its overlays one after another.
    @Test func psplashWriteTheMomentTheFIFOAppearsIsNeverLost() async throws {
        let starts = Self.raceStarts
        let results = try await withThrowingTaskGroup(of: [RaceResult].self) { group in
            for lane in 0..<Self.raceLanes {
                group.addTask {
                    let screen = try await VirtualScreen.start()
                    defer { screen.stop() }
                    var results: [RaceResult] = []
                    for _ in stride(from: lane, to: starts, by: Self.raceLanes) {
                        results.append(try await Self.raceOnce(on: screen))
                    }
                    return results
                }
            }
            return try await group.reduce(into: []) { $0 += $1 }
        }
        let lost = results.filter { $0.outcome != .delivered }
        let disobeyed = results.filter { $0.outcome == .delivered && $0.ending != .exited(0) }
        let leftBehind = results.filter(\.leftBehind)
        #expect(results.count == starts)
        #expect(lost.isEmpty, "\(lost.count) of \(starts) messages lost: \(lost.prefix(5).map(\.outcome))")
        #expect(disobeyed.isEmpty, "\(disobeyed.count) overlays did not exit 0 after QUIT: \(disobeyed.prefix(5).map(\.ending))")
        #expect(leftBehind.isEmpty, "\(leftBehind.count) FIFOs left behind")
    }

    @Test func psplashWriteRightAfterAnotherWriterIsNeverLost() async throws {
        let folder = try TemporaryFolder()
        defer { withExtendedLifetime(folder) {} }  // the FIFO lives in it until the overlay is gone
        let path = folder.path("psplash_fifo")
        let overlay = try await LiveOverlay.start(["--psplash"], extraEnvironment: ["PSPLASH_FIFO_DIR": folder.path])
        defer { overlay.stop() }
        try await overlay.waitForEvent("ready")
        // Each write ends a writer's turn: the reader must have the FIFO open again at once. The
        // writers come at once or up to 300 µs apart (seeded), so some find the reader still
        // reading, some between two turns. 3000 messages of at most 14 bytes stay below the
        // FIFO's 64 KiB, even unread.
        var generator = SeededGenerator(seed: 11)
        let outcomes = (1...3000).map { number in
            usleep(UInt32.random(in: 0...300, using: &generator))
            return PsplashWrite.send("PROGRESS \(number % 100)", to: path)
        }
        let lost = outcomes.filter { $0 != .delivered }
        #expect(lost.isEmpty, "\(lost.count) of \(outcomes.count) lost: \(lost.prefix(5))")
        #expect(PsplashWrite.send("MSG last", to: path) == .delivered)
        try await Poll.until("the last message to arrive", lastSeen: { overlay.events.last ?? "" }) {
            let start = overlay.events.count
            try await overlay.send("status")
            let status = try await overlay.waitForEvent("a status line", from: start) { $0.hasPrefix("visible=") }
            return status.line.contains(#"progress=0 message="last""#)
        }
        #expect(PsplashWrite.send("QUIT", to: path) == .delivered)
        #expect(try await overlay.program.ending(within: Poll.promptSeconds) == .exited(0))
        #expect(overlay.program.errors.text == "")
    }

    /// What was at psplash's FIFO path before the overlay started.
    enum Before: String, CaseIterable {
        /// Nothing: the overlay makes the FIFO.
        case nothing
        /// A FIFO of the same user left there (a psplash or an overlay that was killed).
        case staleFIFO
    }

    /// How the overlay is ended.
    enum Stop: String, CaseIterable {
        case quitThroughTheFIFO, quitOnStandardInput, sigterm
    }

    @Test(arguments: Before.allCases, Stop.allCases)
    func theFIFOIsRemovedAtExit(before: Before, stop: Stop) async throws {
        let folder = try TemporaryFolder()
        defer { withExtendedLifetime(folder) {} }  // the FIFO lives in it until the overlay is gone
        let path = folder.path("psplash_fifo")
        if before == .staleFIFO {
            try #require(mkfifo(path, 0o600) == 0, "mkfifo: \(String(cString: strerror(errno)))")
        }
        let overlay = try await LiveOverlay.start(["--psplash"], extraEnvironment: ["PSPLASH_FIFO_DIR": folder.path])
        defer { overlay.stop() }
        try await overlay.waitForEvent("ready")
        #expect(PsplashWrite.send("MSG Booting", to: path) == .delivered)
        switch stop {
        case .quitThroughTheFIFO: #expect(PsplashWrite.send("QUIT", to: path) == .delivered)
        case .quitOnStandardInput: try await overlay.send("quit")
        case .sigterm: overlay.program.signal(SIGTERM)
        }
        #expect(try await overlay.program.ending(within: Poll.promptSeconds) == .exited(0))
        #expect(FileKind(path) == nil, "no FIFO left for a later `echo … > \(path)` to hang on")
        #expect(overlay.program.errors.text == "")
    }

    /// psplash's mode, 0660, less the umask as mkfifo applies it: exactly 0660 under umask 0. The
    /// group may write to a FIFO made so, by design: the overlay keeps reading it from one writer
    /// to the next (the rule against FIFOs others may write to is for FIFOs it finds).
    @Test func theFIFOIsMadeWithPsplashsModeAndReadFromWriterToWriter() async throws {
        let folder = try TemporaryFolder()
        defer { withExtendedLifetime(folder) {} }  // the FIFO lives in it until the overlay is gone
        let path = folder.path("psplash_fifo")
        let screen = try await VirtualScreen.start()
        defer { screen.stop() }
        let program = try ChildProcess(URL(fileURLWithPath: "/bin/sh"), ["-c", #"umask 0; exec "$0" --psplash"#, SpinnerExecutable.url().path],
                                       environment: Self.environment(folder: folder.path, screen: screen))
        let kind = try await Poll.value("the FIFO", lastSeen: { program.errors.text }) { FileKind(path) }
        #expect(kind.isFIFO && kind.permissions == 0o660, "\(kind)")
        #expect(PsplashWrite.send("MSG one", to: path) == .delivered)
        try await Poll.until("the message to be applied", lastSeen: { program.output.text + program.errors.text }) {
            let start = program.output.lines.count
            try await program.send("status\n")
            return try await Poll.value("a status line", lastSeen: { program.output.text }) {
                program.output.lines.dropFirst(start).first { $0.hasPrefix("visible=") }
            }.contains(#"message="one""#)
        }
        #expect(PsplashWrite.send("MSG two", to: path) == .delivered)
        #expect(PsplashWrite.send("QUIT", to: path) == .delivered)
        #expect(try await program.ending(within: Poll.promptSeconds) == .exited(0))
        #expect(program.errors.text == "")
    }

    /// A folder the FIFO cannot be made in.
    enum UnwritableFolder: String, CaseIterable {
        /// A read-only file system, as /run is under systemd's ProtectSystem=strict (a tmpfs
        /// mounted read-only in a mount namespace of the overlay's own).
        case readOnlyFileSystem
        /// A folder of root's that the overlay's user (`OtherUser`) may not write.
        case anotherUsersFolder

        /// The error the overlay names.
        var reason: String {
            switch self {
            case .readOnlyFileSystem: return "Read-only file system"
            case .anotherUsersFolder: return "Permission denied"
            }
        }
    }

    @Test(.enabled(if: OtherUser.isAvailable, "needs root: a mount namespace, or a second user"),
          arguments: UnwritableFolder.allCases)
    func aFolderThatCannotHoldTheFIFOIsOneLineAndExitOne(folder kind: UnwritableFolder) async throws {
        let folder = try TemporaryFolder()
        defer { withExtendedLifetime(folder) {} }  // the FIFO lives in it until the overlay is gone
        try #require(chmod(folder.path, 0o755) == 0)
        let executable = try SpinnerExecutable.url().path
        let environment = Self.environment(folder: folder.path, screen: nil)
        let finished: ChildProcess.Finished
        switch kind {
        case .readOnlyFileSystem:
            finished = try await ChildProcess.run("unshare", ["--mount", "--propagation", "private", "sh", "-c",
                                                              #"mount -t tmpfs -o ro none "$0" && exec "$1" --psplash"#,
                                                              folder.path, executable], environment: environment)
        case .anotherUsersFolder:
            let (user, group) = try await OtherUser.ids()
            finished = try await ChildProcess.run("setpriv", ["--reuid=\(user)", "--regid=\(group)", "--clear-groups", "--",
                                                              executable, "--psplash"], environment: environment)
        }
        #expect(finished.ending == .exited(1), "\(finished.errors)")
        let path = folder.path("psplash_fifo")
        #expect(finished.errors == "kiosk-spinner: cannot create the FIFO \(path): \(kind.reason); set PSPLASH_FIFO_DIR to a "
                + "writable folder, such as the service's RuntimeDirectory= under systemd's ProtectSystem=strict (see DEPLOYING.md)\n")
        #expect(finished.output == "")
        #expect(FileKind(path) == nil)
    }

    @Test func fifoWithPsplashIsRefusedInOneLine() async throws {
        let folder = try TemporaryFolder()
        defer { withExtendedLifetime(folder) {} }  // the FIFO lives in it until the overlay is gone
        let program = try SpinnerExecutable.start(["--fifo", folder.path("k.fifo"), "--psplash"],
                                                  environment: Self.environment(folder: folder.path, screen: nil))
        program.closeInput()
        #expect(try await program.ending(within: Poll.promptSeconds) == .exited(2))
        #expect(program.errors.text == "kiosk-spinner: --fifo and --psplash cannot be used together: both name the FIFO to read; give one\n")
        #expect(FileKind(folder.path("k.fifo")) == nil && FileKind(folder.path("psplash_fifo")) == nil)
    }

    /// A boot script's psplash line with `psplash` replaced by `kiosk-spinner --psplash`, where
    /// it leaves the choice of display to the overlay (the device options choose a bare
    /// framebuffer, as in psplash: see the VM tests).
    @Test(arguments: [
        ["-n", "-a", "90"],
        ["--no-console-switch", "--angle", "90"],
        ["--angle", "90", "-n"],
    ])
    func psplashsOwnSpellingsWorkAfterPsplash(spellings: [String]) async throws {
        let folder = try TemporaryFolder()
        defer { withExtendedLifetime(folder) {} }  // the FIFO lives in it until the overlay is gone
        let path = folder.path("psplash_fifo")
        let settings = try await ChildProcess.run(SpinnerExecutable.url().path, ["--psplash"] + spellings + ["--print-config"],
                                                  environment: Self.environment(folder: folder.path, screen: nil))
        #expect(settings.ending == .exited(0), "\(settings.errors)")
        #expect(settings.output.contains("\nrotate = 270\n"), "psplash's 90 turns the other way: \(settings.output)")

        try await SharedScreens.forBusyOverlays.withTurn(within: 120 * Sanitizer.timeScale) { screen in
            let overlay = try LiveOverlay.start(on: screen, ["--psplash"] + spellings, extraEnvironment: ["PSPLASH_FIFO_DIR": folder.path])
            defer { overlay.stop() }
            try await overlay.waitForEvent("ready")
            #expect(PsplashWrite.send("MSG Booting", to: path) == .delivered)
            try await Poll.until("the message to arrive") {
                let start = overlay.events.count
                try await overlay.send("status")
                return try await overlay.waitForEvent("a status line", from: start) { $0.hasPrefix("visible=") }.line
                    .contains(#"message="Booting""#)
            }
            #expect(PsplashWrite.send("QUIT", to: path) == .delivered)
            #expect(try await overlay.program.ending(within: Poll.promptSeconds) == .exited(0))
            #expect(overlay.program.errors.text == "")
        }
    }

    @Test(arguments: [
        (["--psplash", "--drm-lease", "lease0"], #"--drm-lease "lease0" is not supported: kiosk-spinner cannot draw on a DRM lease"#),
        (["-n"], "-n applies only with --psplash"),
        (["--angle", "90", "--fifo", "/run/k"], "--angle applies only with --psplash"),
    ])
    func psplashsSpellingsThatCannotWorkAreOneLine(arguments: [String], line: String) async throws {
        let folder = try TemporaryFolder()
        defer { withExtendedLifetime(folder) {} }  // the FIFO lives in it until the overlay is gone
        let finished = try await ChildProcess.run(SpinnerExecutable.url().path, arguments,
                                                  environment: Self.environment(folder: folder.path, screen: nil))
        #expect(finished.ending == .exited(2))
        #expect(finished.errors == "kiosk-spinner: \(line)\n")
        #expect(FileKind(folder.path("psplash_fifo")) == nil)
    }

    /// The unit's way to keep psplash-write's default path under ProtectSystem=strict: the FIFO in
    /// the service's RuntimeDirectory, and a symbolic link at the old path (made by tmpfiles.d),
    /// which psplash-write's open follows.
    @Test func psplashWriteReachesTheFIFOThroughALinkAtItsDefaultPath() async throws {
        let runtime = try TemporaryFolder()
        let run = try TemporaryFolder()
        let link = run.path("psplash_fifo")
        try #require(symlink(runtime.path("psplash_fifo"), link) == 0)
        let overlay = try await LiveOverlay.start(["--psplash"], extraEnvironment: ["PSPLASH_FIFO_DIR": runtime.path])
        defer { overlay.stop() }
        try await overlay.waitForEvent("ready")
        #expect(PsplashWrite.send("QUIT", to: link) == .delivered)
        #expect(try await overlay.program.ending(within: Poll.promptSeconds) == .exited(0))
        #expect(FileKind(runtime.path("psplash_fifo")) == nil)
        #expect(PsplashWrite.send("MSG after", to: link) == .refusedOpen(errorNumber: ENOENT),
                "with the overlay gone, psplash-write fails silently, as without psplash")
    }
}
