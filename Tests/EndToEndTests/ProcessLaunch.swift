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
    /// What a started program's stdout is.
    enum StandardOutput: Equatable, CustomStringConvertible {
        /// A pipe the test reads (`ChildProcess.output`): the usual case.
        case read
        /// A pipe whose read end the test holds open and never reads: once it is full, the
        /// program's writes to stdout block.
        case unread
        /// A pipe whose read end is closed at once: writes to stdout fail with EPIPE (and raise
        /// SIGPIPE, at its default action in the child).
        case broken
        /// No descriptor 1 at all, as `prog >&-` in a shell.
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
        /// The read end of its stderr.
        var errors: Int32
        /// With `StandardOutput.unread`, the read end of its stdout, for the test to hold open
        /// and close; else nil.
        var heldOutput: Int32?
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
    /// stdout as `standardOutput` says.
    static func start(_ path: String, _ arguments: [String], environment: [String: String],
                      ownProcessGroup: Bool = false, blockedSignals: [Int32] = [],
                      standardOutput: StandardOutput = .read) throws(Failed) -> Started {
        let command = ([path] + arguments).joined(separator: " ")
        var opened: [Int32] = []
        defer { opened.forEach { _ = close($0) } }
        func makePipe() throws(Failed) -> (read: Int32, write: Int32) {
            var ends: [Int32] = [-1, -1]
            guard openPipe(&ends) == 0 else { throw Failed(call: "pipe2", command: command, errorNumber: errno) }
            opened += ends
            return (ends[0], ends[1])
        }
        let input = try makePipe(), output = try makePipe(), errors = try makePipe()
        // What the test's `PipeDrain` reads when the program's stdout is not a pipe it reads:
        // /dev/null, which reads end of input at once.
        var emptyOutput: Int32?
        if standardOutput != .read {
            let descriptor = open("/dev/null", O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else { throw Failed(call: "open /dev/null", command: command, errorNumber: errno) }
            emptyOutput = descriptor
        }
        var keptOutput = emptyOutput
        defer { keptOutput.map { _ = close($0) } }

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        // dup2 clears close-on-exec on the copy, so these three stay open in the child.
        posix_spawn_file_actions_adddup2(&actions, input.read, STDIN_FILENO)
        if standardOutput == .closed {
            posix_spawn_file_actions_addclose(&actions, STDOUT_FILENO)
        } else {
            posix_spawn_file_actions_adddup2(&actions, output.write, STDOUT_FILENO)
        }
        posix_spawn_file_actions_adddup2(&actions, errors.write, STDERR_FILENO)
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
        opened = [input.read, output.write, errors.write]  // the child's ends, closed here by the defer
        keptOutput = nil  // from here on the caller owns it
        guard let emptyOutput else {
            return Started(processID: processID, input: input.write, output: output.read, errors: errors.read)
        }
        if standardOutput == .unread {
            return Started(processID: processID, input: input.write, output: emptyOutput, errors: errors.read,
                           heldOutput: output.read)
        }
        opened.append(output.read)  // .broken and .closed: nobody reads the program's stdout
        return Started(processID: processID, input: input.write, output: emptyOutput, errors: errors.read)
    }

    private typealias Pipe2 = @convention(c) (UnsafeMutablePointer<Int32>, Int32) -> Int32
    private typealias AddCloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32

    /// glibc's pipe2 and posix_spawn_file_actions_addclosefrom_np (2.34 on), which Swift's Glibc
    /// module does not show; looked up in the running process.
    nonisolated(unsafe) private static let pipe2 = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "pipe2")
        .map { unsafeBitCast($0, to: Pipe2.self) }
    nonisolated(unsafe) private static let closeFrom = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np")
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
