import Foundation

/// Starting a program with posix_spawn, in the clean state a program expects when a shell
/// starts it, which Foundation's `Process` does not give on Linux:
///
/// - no blocked signals and every signal at its default action: a test thread blocks SIGTERM,
///   SIGINT and more, and a child inherits that mask, so it could never be stopped by a signal
///   (nor an Xvfb by its watchdog); and this test process ignores SIGPIPE;
/// - only its stdin, stdout and stderr open: pipes are made close-on-exec and every other
///   descriptor is closed in the child, so a child of one test never holds another test's
///   pipe open (which would hide the end of input from that test's program).
enum ProcessLaunch {
    /// What a started program's stdout (or, as `standardError`, its stderr) is.
    enum StandardOutput: Equatable, CustomStringConvertible {
        /// A pipe the test reads (`ChildProcess.output`, `ChildProcess.errors`): the usual case.
        case read
        /// A pipe whose read end the test holds open and never reads: once it is full, the
        /// program's writes to it block.
        case unread
        /// A pipe whose read end is closed at once: writes to it fail with EPIPE (and raise
        /// SIGPIPE, at its default action in the child).
        case broken
        /// No descriptor at all, as `prog >&-` (or `2>&-`) in a shell.
        case closed

        var description: String {
            switch self {
            case .read: return "stdout read"
            case .unread: return "stdout never read"
            case .broken: return "stdout a broken pipe"
            case .closed: return "stdout closed"
            }
        }
    }

    /// A started program and the test's ends of its pipes.
    struct Started {
        /// The process id.
        var processID: pid_t
        /// The write end of its stdin.
        var input: Int32
        /// The read end of its stdout; with any `StandardOutput` but `.read`, a descriptor that
        /// reads end of input at once.
        var output: Int32
        /// The read end of its stderr; likewise for `standardError`.
        var errors: Int32
        /// With `StandardOutput.unread`, the read end of its stdout, for the test to hold open
        /// and close; else nil.
        var heldOutput: Int32?
        /// With `standardError` `.unread`, the read end of its stderr, likewise.
        var heldErrors: Int32?
    }

    /// A system call that failed while starting a program.
    struct Failed: Error, CustomStringConvertible {
        /// The call.
        var call: String
        /// What it was for.
        var command: String
        /// Its errno.
        var errorNumber: Int32

        var description: String { "\(call) failed for \(command): \(String(cString: strerror(errorNumber)))" }
    }

    /// Starts the executable at `path` (absolute) with `arguments` in exactly `environment`; in a
    /// process group of its own when `ownProcessGroup`, so `kill(-pid, ...)` reaches its children;
    /// with `blockedSignals` blocked (a test of a careless parent), else with none blocked; with
    /// stdout as `standardOutput` says and stderr as `standardError` says.
    static func start(_ path: String, _ arguments: [String], environment: [String: String],
                      ownProcessGroup: Bool = false, blockedSignals: [Int32] = [],
                      standardOutput: StandardOutput = .read,
                      standardError: StandardOutput = .read) throws(Failed) -> Started {
        let command = ([path] + arguments).joined(separator: " ")
        // Every descriptor opened here; those still in it at the end are closed.
        var opened: [Int32] = []
        defer { opened.forEach { _ = close($0) } }
        func makePipe() throws(Failed) -> (read: Int32, write: Int32) {
            var ends: [Int32] = [-1, -1]
            guard openPipe(&ends) == 0 else { throw Failed(call: "pipe2", command: command, errorNumber: errno) }
            opened += ends
            return (ends[0], ends[1])
        }
        // What the test's `PipeDrain` reads for a stream of the program's that the test does
        // not read: /dev/null, which reads end of input at once.
        func openEmptyStream() throws(Failed) -> Int32 {
            let descriptor = open("/dev/null", O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else { throw Failed(call: "open /dev/null", command: command, errorNumber: errno) }
            opened.append(descriptor)
            return descriptor
        }
        let input = try makePipe(), output = try makePipe(), errors = try makePipe()
        let drainedOutput = standardOutput == .read ? output.read : try openEmptyStream()
        let drainedErrors = standardError == .read ? errors.read : try openEmptyStream()

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        // dup2 clears close-on-exec on the copy, so these three stay open in the child.
        posix_spawn_file_actions_adddup2(&actions, input.read, STDIN_FILENO)
        for (kind, pipe, target) in [(standardOutput, output, STDOUT_FILENO), (standardError, errors, STDERR_FILENO)] {
            if kind == .closed {
                posix_spawn_file_actions_addclose(&actions, target)
            } else {
                posix_spawn_file_actions_adddup2(&actions, pipe.write, target)
            }
        }
        _ = closeFrom?(&actions, 3)

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var blocked = sigset_t()
        sigemptyset(&blocked)
        blockedSignals.forEach { sigaddset(&blocked, $0) }
        posix_spawnattr_setsigmask(&attributes, &blocked)
        var everySignal = sigset_t()
        sigfillset(&everySignal)
        posix_spawnattr_setsigdefault(&attributes, &everySignal)
        var flags = POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF
        if ownProcessGroup {
            flags |= POSIX_SPAWN_SETPGROUP
            posix_spawnattr_setpgroup(&attributes, 0)
        }
        posix_spawnattr_setflags(&attributes, Int16(flags))

        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var processID = pid_t()
        let result = posix_spawn(&processID, path, &actions, &attributes, argv, envp)
        guard result == 0 else { throw Failed(call: "posix_spawn", command: command, errorNumber: result) }
        // From here on the caller owns its ends; the defer closes the rest: the child's ends, and
        // the read ends of a broken or closed stdout or stderr, which nobody reads.
        let started = Started(processID: processID, input: input.write, output: drainedOutput, errors: drainedErrors,
                              heldOutput: standardOutput == .unread ? output.read : nil,
                              heldErrors: standardError == .unread ? errors.read : nil)
        let kept = [started.input, started.output, started.errors] + [started.heldOutput, started.heldErrors].compactMap { $0 }
        opened.removeAll { kept.contains($0) }
        return started
    }

    private typealias Pipe2 = @convention(c) (UnsafeMutablePointer<Int32>, Int32) -> Int32
    private typealias AddCloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32

    /// glibc's pipe2 and posix_spawn_file_actions_addclosefrom_np (2.34 on), which Swift's Glibc
    /// module does not show; looked up in the running process.
    private static let pipe2 = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "pipe2")
        .map { unsafeBitCast($0, to: Pipe2.self) }
    private static let closeFrom = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np")
        .map { unsafeBitCast($0, to: AddCloseFrom.self) }

    /// Makes a pipe whose ends close on exec: atomically with pipe2, else with pipe and fcntl.
    private static func openPipe(_ ends: UnsafeMutablePointer<Int32>) -> Int32 {
        if let pipe2 { return pipe2(ends, O_CLOEXEC) }
        guard pipe(ends) == 0 else { return -1 }
        _ = fcntl(ends[0], F_SETFD, FD_CLOEXEC)
        _ = fcntl(ends[1], F_SETFD, FD_CLOEXEC)
        return 0
    }
}
