import Foundation

/// How responsive the machine is right now, measured, so that an upper time limit on something
/// the program does holds on a loaded two-core machine (CI runs the sanitizer builds, other suites
/// and, here, other engineers' builds beside it) and still means something on an idle one.
///
/// Two measures. The latency: how long this machine takes, at the moment, to start a process that
/// does nothing (`/bin/true`) and see it end (an `ExitWatch`), a fork, an exec, the dynamic loader
/// and two wake-ups, each waiting for a CPU as the overlay's own threads must; idle, a few
/// milliseconds. The share: with L tasks wanting the CPU (the load average over the last minute)
/// on C cores, work that needs a CPU gets about C/L of one, so it takes L/C times as long
/// (`slowdown`, at least 1). A limit is the figure the program is held to on an idle machine,
/// times `Sanitizer.timeScale` and the slowdown, plus a stated number of process starts (`hops`:
/// how many hand-overs between threads or processes the timed path crosses). Measured right
/// before and right after what is timed, the larger of each counts. On an idle machine the limit
/// is the idle figure and a few milliseconds.
struct MachineLoad: CustomStringConvertible {
    /// Seconds to start `/bin/true` and see it end (the median of three).
    var processStartSeconds: Double
    /// How many times longer work that needs a CPU takes now than on an idle machine.
    var slowdown: Double

    var description: String {
        "a process start takes \(Int((processStartSeconds * 1000).rounded())) ms, \(slowdown) times the idle time for CPU work"
    }

    /// The limit for something the plain build does within `seconds` on an idle machine, when
    /// the timed path crosses `hops` hand-overs.
    func limit(seconds: Double, hops: Int) -> Double {
        seconds * Sanitizer.timeScale * slowdown + Double(hops) * processStartSeconds
    }

    /// The load now.
    static func now() async throws -> MachineLoad {
        var seconds: [Double] = []
        for _ in 0..<3 {
            let began = ContinuousClock.now
            let program = try ChildProcess(URL(fileURLWithPath: "/bin/true"), [], environment: [:])
            let watch = ExitWatch(program)
            let ended = try await Poll.value("/bin/true to end", within: 60) { watch.endedAt }
            seconds.append((ended - began) / .seconds(1))
            _ = try await program.ending()
        }
        return MachineLoad(processStartSeconds: seconds.sorted()[1], slowdown: slowdownNow())
    }

    /// The load average over the last minute per core, at least 1.
    private static func slowdownNow() -> Double {
        let cores = Double(max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN))))
        guard let text = try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8),
              let first = text.split(separator: " ").first, let load = Double(first) else { return 1 }
        return max(1, load / cores)
    }

    /// Runs `body`, and returns what it returned with the load measured before and after it (the
    /// larger of each measure).
    static func measuring<Result>(_ body: () async throws -> Result) async throws -> (result: Result, load: MachineLoad) {
        let before = try await now()
        let result = try await body()
        let after = try await now()
        return (result, MachineLoad(processStartSeconds: max(before.processStartSeconds, after.processStartSeconds),
                                    slowdown: max(before.slowdown, after.slowdown)))
    }
}
