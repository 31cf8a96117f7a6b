import Foundation
import Testing

/// The control socket beside hostile or busy neighbours (issue 20): a user who may write to the
/// socket's folder and swaps symbolic links in, and a second overlay at the same path.
@Suite("The control socket among neighbours", .timeLimit(.minutes(3)))
struct ControlSocketNeighbourTests {
    /// How many overlays start while the other user swaps links in.
    static let starts = 40

    /// A root overlay listens with `--listen-group` in a folder another user may write to (mode
    /// 0777, not sticky), while that user renames a symbolic link to a root-only file over the
    /// socket the moment it appears. Before, the overlay's chown and chmod by path followed the
    /// link and gave the file to the group with mode 0660; now nothing is done by a path, and the
    /// socket appears at the path only once it is complete.
    @Test(.enabled(if: OtherUser.isAvailable, "needs root, to act as a second user"))
    func aSymbolicLinkSwappedInAtThePathNeverGetsTheGroupOrTheMode() async throws {
        let (user, group) = try await OtherUser.ids()
        let place = try TemporaryFolder()
        try #require(chmod(place.path, 0o755) == 0)
        let shared = place.path("shared")
        try #require(mkdir(shared, 0o777) == 0 && chmod(shared, 0o777) == 0)
        let guarded = place.path("guarded")
        try #require(mkdir(guarded, 0o700) == 0)
        let victim = guarded + "/secret"
        try #require(FileManager.default.createFile(atPath: victim, contents: Data("root only\n".utf8),
                                                    attributes: [.posixPermissions: 0o600]))
        let path = shared + "/control.sock"
        let stop = place.path("stop")
        // The other user's loop: as soon as a socket appears at the path, a link to the victim
        // made under a name of its own is renamed over it; it prints how many sockets it replaced.
        let attack = """
            import os, stat, sys, time
            victim, folder, stop = sys.argv[1:4]
            link, target, swaps, end = os.path.join(folder, ".link"), os.path.join(folder, "control.sock"), 0, time.monotonic() + 120
            while not os.path.exists(stop) and time.monotonic() < end:
                try:
                    if stat.S_ISSOCK(os.lstat(target).st_mode):
                        os.symlink(victim, link)
                        os.rename(link, target)
                        swaps += 1
                except OSError:
                    pass
            print(swaps)
            """
        let attacker = try ChildProcess.tool("setpriv", ["--reuid=\(user)", "--regid=\(group)", "--clear-groups", "--",
                                                         "/usr/bin/python3", "-c", attack, victim, shared, stop],
                                             environment: ProcessInfo.processInfo.environment)
        attacker.closeInput()
        var endings: [ChildProcess.Ending] = []
        for _ in 0..<Self.starts {
            // Each start finds the path free (what the last round left is removed).
            unlink(path)
            // No display: the socket is made (or refused), then the start fails with exit 3.
            let overlay = try SpinnerExecutable.start(["--listen", path, "--listen-group", "\(group)"],
                                                      environment: Sanitizer.withoutExitSleep(ChildProcess.environment(display: nil)))
            overlay.closeInput()
            endings.append(try await overlay.ending(within: 30 * Sanitizer.timeScale))
        }
        try #require(FileManager.default.createFile(atPath: stop, contents: nil))
        #expect(try await attacker.ending(within: 30) == .exited(0), "\(attacker.errors.text)")
        let swaps = Int(attacker.output.text.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0

        var info = stat()
        try #require(stat(victim, &info) == 0)
        #expect(info.st_uid == 0 && info.st_gid == 0 && info.st_mode & 0o7777 == 0o600,
                "the victim is root's, mode 0600: \(info.st_uid):\(info.st_gid) \(String(info.st_mode & 0o7777, radix: 8))")
        #expect(swaps > 0, "the other user replaced an overlay's socket with a link \(swaps) times")
        // Each start made its socket (then found no display: 3) or found the path taken (2).
        #expect(endings.allSatisfy { $0 == .exited(3) || $0 == .exited(2) }, "\(endings)")
        #expect(endings.contains(.exited(3)), "some starts made their socket while the links were swapped: \(endings)")
    }

    /// Someone removes an overlay's socket and a second overlay listens at the path: the first
    /// one, exiting, leaves the second one's socket alone (it removes only the socket it bound).
    @Test func anExitingOverlayLeavesASecondOverlaysSocketAlone() async throws {
        let (first, folder, path) = try await ControlSocketTests.listeningOverlay()
        defer { first.stop() }
        try #require(unlink(path) == 0)
        let second = try await LiveOverlay.start(["--start-hidden", "--listen", path], extraEnvironment: Sanitizer.noExitSleep)
        defer { second.stop() }
        try await second.waitForEvent("ready")

        try await first.send("quit")
        #expect(try await first.program.ending(within: Poll.promptSeconds) == .exited(0))
        #expect(FileKind(path)?.isSocket == true, "the second overlay's socket is still there")
        let asked = try await ControlSocketTests.send(["ping"], socket: path)
        #expect(asked.ending == .exited(0) && asked.output == "pong\n", "\(asked)")

        try await second.send("quit")
        #expect(try await second.program.ending(within: Poll.promptSeconds) == .exited(0))
        #expect(FileKind(path) == nil, "the second overlay removed its own")
        withExtendedLifetime(folder) {}
    }
}
