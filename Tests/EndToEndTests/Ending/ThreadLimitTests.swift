import Foundation
import Testing

/// Every thread the overlay starts is checked: when the system refuses one (here: an
/// unprivileged user allowed only N processes and threads, RLIMIT_NPROC), the overlay says which
/// in one line and exits 1, instead of printing `ready` and then reading nothing.
@Suite("Thread limits", .timeLimit(.minutes(3)))
struct ThreadLimitTests {
    /// Runs the overlay as `nobody` with at most `threads` threads (the main one included).
    private func runLimited(threads: Int, on screen: VirtualScreen) async throws -> ChildProcess.Finished {
        let executable = try SpinnerExecutable.url().path
        let tool = try ChildProcess.tool("setpriv", ["--reuid=nobody", "--regid=nogroup", "--clear-groups",
                                                     "prlimit", "--nproc=\(threads)", executable],
                                         environment: ChildProcess.environment(display: screen.name))
        try await tool.send("ping\nquit\n")
        tool.closeInput()
        let ending = try await tool.ending(within: 10 * Sanitizer.timeScale)
        return ChildProcess.Finished(ending: ending, output: tool.output.text, errors: tool.errors.text)
    }

    /// With 1 to 4 threads allowed some thread cannot start (the signal watcher, the stderr and
    /// stdout writers, the blocking grab, the stdin reader); with 5 all do.
    @Test(.enabled(if: getuid() == 0 && Sanitizer.current == .none,
                   "needs root to run as another user; a sanitizer starts threads of its own"))
    func aThreadThatCannotStartIsReportedInOneLineAndExitsOne() async throws {
        let screen = try await VirtualScreen.start()
        defer { screen.stop() }
        for threads in 1...4 {
            let run = try await runLimited(threads: threads, on: screen)
            let lines = run.errors.split(separator: "\n")
            #expect(run.ending == .exited(1), "\(threads) threads: \(run.ending), stderr: \(run.errors)")
            #expect(lines.count == 1 && lines[0].hasPrefix("kiosk-spinner: cannot start the ")
                    && lines[0].hasSuffix(" thread: Resource temporarily unavailable"), "\(threads) threads: \(run.errors)")
            #expect(!run.output.contains("pong"), "nothing is answered by an overlay that cannot read")
        }
        let enough = try await runLimited(threads: 5, on: screen)
        #expect(enough.ending == .exited(0), "\(enough.errors)")
        #expect(enough.output.split(separator: "\n").contains("pong"))
    }
}
