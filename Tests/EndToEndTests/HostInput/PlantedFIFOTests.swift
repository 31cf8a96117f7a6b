import Foundation
import Testing

/// A FIFO that someone else can write to is someone else's remote control: refused unless the
/// user says `--fifo-trust-others`.
@Suite("FIFOs that cannot be hijacked", .timeLimit(.minutes(3)))
struct PlantedFIFOTests {

    /// A sticky, world-writable folder like /tmp, with a FIFO that `OtherUser` made there with
    /// mode 0666; returns the folder (keep it alive) and the FIFO's path.
    static func plantedFIFO() async throws -> (folder: TemporaryFolder, path: String) {
        let folder = try TemporaryFolder()
        try #require(chmod(folder.path, 0o1777) == 0, "chmod: \(String(cString: strerror(errno)))")
        let path = folder.path("k.fifo")
        let planted = try await OtherUser.run(["mkfifo", "-m", "0666", path])
        try #require(planted.ending == .exited(0), "mkfifo as \(OtherUser.name): \(planted.errors)")
        let kind = try #require(FileKind(path))
        try #require(kind.isFIFO && kind.permissions == 0o666, "\(kind)")
        return (folder, path)
    }

    /// Runs kiosk-spinner with `arguments` and no display; it must refuse at once with exit 2
    /// and one line on stderr, which is returned.
    static func refusal(_ arguments: [String]) async throws -> String {
        let program = try SpinnerExecutable.start(arguments, environment: ChildProcess.environment(display: nil))
        program.closeInput()
        #expect(try await program.ending(within: Poll.promptSeconds) == .exited(2))
        #expect(program.output.text == "")
        let lines = program.errors.lines
        #expect(lines.count == 1, "one line on stderr: \(program.errors.text)")
        return lines.first ?? ""
    }

    @Test(.enabled(if: OtherUser.isAvailable, "needs root, to create a second user and plant a FIFO as that user"))
    func aFIFOPlantedByAnotherUserIsRefused() async throws {
        let (folder, path) = try await Self.plantedFIFO()
        let line = try await Self.refusal(["--fifo", path])
        let (user, _) = try await OtherUser.ids()
        #expect(line.hasPrefix("kiosk-spinner: refusing the FIFO \(path): it belongs to user \(user), "), "\(line)")
        #expect(line.hasSuffix("pass --fifo-trust-others to use it anyway"), "\(line)")
        #expect(FileKind(path)?.isFIFO == true, "the planted FIFO is left as it was")
        withExtendedLifetime(folder) {}
    }

    /// Where the explicit permission comes from.
    enum Permission: String, CaseIterable {
        case commandLine, settingsFile
    }

    @Test(.enabled(if: OtherUser.isAvailable, "needs root, to create a second user and plant a FIFO as that user"),
          arguments: Permission.allCases)
    func aPlantedFIFOIsUsedWhenTheUserTrustsOthers(permission: Permission) async throws {
        let (folder, path) = try await Self.plantedFIFO()
        var arguments = ["--fifo", path]
        switch permission {
        case .commandLine:
            arguments.append("--fifo-trust-others")
        case .settingsFile:
            let settings = folder.path("k.conf")
            try Data("fifo-trust-others = true\n".utf8).write(to: URL(fileURLWithPath: settings))
            arguments += ["--config", settings]
        }
        let overlay = try await LiveOverlay.start(arguments)
        defer { overlay.stop() }
        try await overlay.waitForEvent("ready")

        // The other user's writes drive the overlay now: that is what was asked for.
        let start = overlay.events.count
        let wrote = try await OtherUser.run(["sh", "-c", #"printf 'msg from the other user\nstatus\n' > "$1""#, "sh", path])
        #expect(wrote.ending == .exited(0), "\(wrote.errors)")
        let status = try await overlay.waitForEvent("a status line", from: start) { $0.hasPrefix("visible=") }
        #expect(status.line.contains(#" message="from the other user" "#), "\(status.line)")

        try await overlay.send("quit")
        #expect(try await overlay.program.ending(within: Poll.promptSeconds) == .exited(0))
        #expect(overlay.program.errors.text == "")
        #expect(FileKind(path)?.isFIFO == true, "another user's FIFO is that user's to remove")
    }

    @Test(arguments: [0o622, 0o602, 0o620] as [mode_t])
    func theUsersOwnFIFOThatOthersMayWriteIsRefused(mode: mode_t) async throws {
        let folder = try TemporaryFolder()
        let path = folder.path("k.fifo")
        try #require(mkfifo(path, 0o600) == 0 && chmod(path, mode) == 0, "mkfifo: \(String(cString: strerror(errno)))")
        let line = try await Self.refusal(["--fifo", path])
        let who = mode & 0o002 != 0 ? "other users" : "its group"
        #expect(line == "kiosk-spinner: refusing the FIFO \(path): \(who) may write to it (mode 0\(String(mode, radix: 8))), "
                + "and whoever writes to it drives the overlay; pass --fifo-trust-others to use it anyway")
    }

    @Test func aFIFOSwappedAfterTheCheckIsNotRead() async throws {
        let folder = try TemporaryFolder()
        let path = folder.path("k.fifo")
        let overlay = try await LiveOverlay.start(["--fifo", path])
        defer { overlay.stop() }
        try await overlay.waitForEvent("ready")
        try #require(FileKind(path)?.isFIFO == true)

        // The reader holds the FIFO it checked open. Move that one away, put another FIFO (same
        // owner, same mode, another inode) in its place, and end the first writer's turn.
        let moved = folder.path("checked.fifo")
        try #require(rename(path, moved) == 0 && mkfifo(path, 0o600) == 0, "\(String(cString: strerror(errno)))")
        try await FIFOWriter.write("msg through the checked FIFO\n", to: moved)
        // The reader opens the path again for the next writer and finds the new FIFO: refused and
        // closed, so a writer of the new FIFO finds no reader, and its quit is never read.
        try await Poll.until("the swap to be reported", lastSeen: { overlay.program.errors.text }) {
            overlay.program.errors.text.contains("refusing the FIFO \(path): it was replaced by another FIFO; no longer reading it")
        }
        let start = overlay.events.count
        try await overlay.send("status")
        let status = try await overlay.waitForEvent("a status line", from: start) { $0.hasPrefix("visible=") }
        #expect(status.line.contains(#" message="through the checked FIFO" "#), "\(status.line)")
        #expect(PsplashWrite.send("quit", to: path) == .refusedOpen(errorNumber: ENXIO), "nobody reads the swapped-in FIFO")
        #expect(overlay.program.isRunning)
        try await overlay.send("quit")
        #expect(try await overlay.program.ending(within: Poll.promptSeconds) == .exited(0))
        #expect(FileKind(path)?.isFIFO == true, "the swapped-in FIFO is not the overlay's to remove")
    }
}
