import Foundation
import Testing
@testable import KioskPlatform

/// Telling whether another process has gone, as `send` does after `quit`, by a pidfd and from
/// /proc (older kernels) alike: gone means its parent could reap it now.
@Suite(.timeLimit(.minutes(1))) struct ProcessLivenessTests {
    /// Starts `executable` with `arguments` by posix_spawn, so no one reaps it until the test does.
    private static func spawn(_ executable: String, _ arguments: [String]) throws -> pid_t {
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var id: pid_t = 0
        try #require(posix_spawn(&id, executable, nil, nil, argv, environ) == 0)
        return id
    }

    /// The state letter of `id`'s main thread, read independently of the code under test.
    private static func state(_ id: pid_t) -> Character? {
        guard let stat = try? String(contentsOfFile: "/proc/\(id)/stat", encoding: .utf8),
              let nameEnd = stat.lastIndex(of: ")") else { return nil }
        return stat[stat.index(nameEnd, offsetBy: 2)]
    }

    /// Waits until `id`'s main thread is a zombie (the suite's time limit ends a wait that never does).
    private static func waitForZombie(_ id: pid_t) async throws {
        while state(id) != "Z" { try await Task.sleep(for: .milliseconds(5)) }
    }

    @Test(arguments: ProcessLiveness.Method.allCases)
    func aProcessThatRunsIsRunningAndOnceReapedIsGone(method: ProcessLiveness.Method) throws {
        let id = try Self.spawn("/bin/sleep", ["30"])
        #expect(ProcessLiveness.isRunning(id, by: method))
        kill(id, SIGKILL)
        var status: Int32 = 0
        #expect(waitpid(id, &status, 0) == id)
        #expect(!ProcessLiveness.isRunning(id, by: method))
    }

    @Test(arguments: ProcessLiveness.Method.allCases)
    func aZombieItsParentHasNotReapedIsGone(method: ProcessLiveness.Method) async throws {
        let id = try Self.spawn("/bin/true", [])
        try await Self.waitForZombie(id)
        #expect(!ProcessLiveness.isRunning(id, by: method))
        var status: Int32 = 0
        #expect(waitpid(id, &status, WNOHANG) == id, "its parent could reap it")
    }

    /// The race `send quit` lost under load: the main thread a zombie while another thread still
    /// runs, so the parent cannot reap the process yet. Reproduced for good by a main thread that
    /// ends alone (pthread_exit) beside a sleeping one.
    @Test(arguments: ProcessLiveness.Method.allCases)
    func aZombieMainThreadBesideALiveThreadIsStillRunning(method: ProcessLiveness.Method) async throws {
        let script = """
            import ctypes, threading, time
            threading.Thread(target=time.sleep, args=(60,), daemon=True).start()
            ctypes.CDLL(None).pthread_exit(None)
            """
        let id = try Self.spawn("/usr/bin/python3", ["-c", script])
        try await Self.waitForZombie(id)
        var status: Int32 = 0
        try #require(waitpid(id, &status, WNOHANG) == 0, "its parent cannot reap it yet")
        #expect(ProcessLiveness.isRunning(id, by: method))
        kill(id, SIGKILL)
        #expect(waitpid(id, &status, 0) == id)
        #expect(!ProcessLiveness.isRunning(id, by: method))
    }

    /// The wait ends when the process does, not at its deadline, and says so; a process that
    /// outlives the deadline is said to run.
    @Test(arguments: ProcessLiveness.Method.allCases)
    func waitingEndsWithTheProcessOrAtTheDeadline(method: ProcessLiveness.Method) throws {
        let id = try Self.spawn("/bin/sleep", ["30"])
        #expect(!ProcessLiveness.waitUntilGone(id, until: MonotonicClock.deadline(inSeconds: 0.05), by: method))
        kill(id, SIGKILL)
        #expect(ProcessLiveness.waitUntilGone(id, until: MonotonicClock.deadline(inSeconds: 30), by: method))
        var status: Int32 = 0
        #expect(waitpid(id, &status, 0) == id)
    }
}
