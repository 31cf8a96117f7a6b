import Foundation

/// How responsive the machine is right now, measured, so that an upper time limit on something
/// the program does holds on a loaded two-core machine (CI runs the sanitizer builds, other suites
/// and, here, other engineers' builds beside it) and still means something on an idle one.
///
/// The reference is how long this machine takes, at the moment, to start a process that does
/// nothing (`/bin/true`) and see it end (an `ExitWatch`): a fork, an exec, the dynamic loader and
/// two wake-ups, each waiting for a CPU as the overlay's own threads must. Idle, a few
/// milliseconds; under load, as long as the load makes it. A limit is the figure the program is
/// held to on an idle machine (times `Sanitizer.timeScale`), plus a stated number of references
/// (`hops`: how many hand-overs between threads or processes the timed path crosses, each of which
/// a loaded machine delays as it delays the reference). Measured right before and right after
/// what is timed, the larger counts.
enum MachineLoad {
    /// Seconds to start `/bin/true` and see it end, the median of `tries`.
    static func referenceSeconds(tries: Int = 3) async throws -> Double {
        var seconds: [Double] = []
        for _ in 0..<tries {
            let began = ContinuousClock.now
            let program = try ChildProcess(URL(fileURLWithPath: "/bin/true"), [], environment: [:])
            let watch = ExitWatch(program)
            let ended = try await Poll.value("/bin/true to end", within: 60) { watch.endedAt }
            seconds.append((ended - began) / .seconds(1))
            _ = try await program.ending()
        }
        return seconds.sorted()[seconds.count / 2]
    }

    /// Runs `body`, and returns what it returned with the reference measured before and after it
    /// (the larger).
    static func measuring<Result>(_ body: () async throws -> Result) async throws -> (result: Result, referenceSeconds: Double) {
        let before = try await referenceSeconds()
        let result = try await body()
        let after = try await referenceSeconds()
        return (result, max(before, after))
    }

    /// The limit for something the plain build does within `seconds` on an idle machine, when the
    /// timed path crosses `hops` hand-overs and the reference is `referenceSeconds` now.
    static func limit(seconds: Double, hops: Int, referenceSeconds: Double) -> Double {
        seconds * Sanitizer.timeScale + Double(hops) * referenceSeconds
    }
}
