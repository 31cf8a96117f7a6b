import Foundation

/// A process the test did not start itself: a grandchild whose parent died, which the kernel
/// hands to this test process because it is a child subreaper (PR_SET_CHILD_SUBREAPER), so the
/// test can wait for it and learn how it ended, as for its own children.
///
/// Being a subreaper is a property of the whole test process: any orphaned descendant of any
/// test becomes its child from then on (instead of init's). The tests' helpers wait for their
/// own children by process id, so that changes nothing for them; at worst an orphan stays a
/// zombie until the test run ends.
final class AdoptedProcess {
    /// Why the test process could not become a subreaper.
    struct CannotAdopt: Error, CustomStringConvertible {
        var reason: String
        var description: String { "cannot become a child subreaper: \(reason)" }
    }

    /// The process id.
    let processID: pid_t
    private var finalEnding: ChildProcess.Ending?

    /// A process that will be adopted once its parent dies; call `becomeSubreaper()` before its
    /// parent is started.
    init(processID: pid_t) {
        self.processID = processID
    }

    deinit { stop() }

    /// Kills the process unless it was seen to end, and waits for it if it is this process's
    /// child by now.
    func stop() {
        guard finalEnding == nil else { return }
        finalEnding = .lost
        _ = kill(processID, SIGKILL)
        var status: Int32 = 0
        _ = waitpid(processID, &status, 0)
    }

    /// Makes this test process a child subreaper, once for the whole run.
    static func becomeSubreaper() throws {
        try subreaper.get()
    }

    /// Waits until the process, adopted, has ended; throws after `seconds`.
    func ending(within seconds: Double) async throws -> ChildProcess.Ending {
        if let finalEnding { return finalEnding }
        let ending = try await Poll.value("process \(processID) to end and be adopted", within: seconds) { () -> ChildProcess.Ending? in
            var status: Int32 = 0
            // ECHILD while it is still its first parent's child.
            guard waitpid(processID, &status, WNOHANG) == processID else { return nil }
            // The low 7 bits are the signal that ended it, or 0 for an exit with the status above them.
            return status & 0x7F == 0 ? .exited(status >> 8 & 0xFF) : .killed(signal: status & 0x7F)
        }
        finalEnding = ending
        return ending
    }

    /// PR_SET_CHILD_SUBREAPER, from linux/prctl.h.
    private static let setChildSubreaper: Int32 = 36

    private typealias Prctl = @convention(c) (Int32, UInt, UInt, UInt, UInt) -> Int32

    private static let subreaper: Result<Void, CannotAdopt> = {
        // prctl is variadic, which Swift cannot call; every argument here is a whole number.
        guard let address = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "prctl") else {
            return .failure(CannotAdopt(reason: "no prctl in the C library"))
        }
        let prctl = unsafeBitCast(address, to: Prctl.self)
        guard prctl(setChildSubreaper, 1, 0, 0, 0) == 0 else {
            return .failure(CannotAdopt(reason: String(cString: strerror(errno))))
        }
        return .success(())
    }()
}
