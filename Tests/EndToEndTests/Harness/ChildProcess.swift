import Foundation

/// A program a test started, with stdin, stdout and stderr on pipes of its own.
///
/// Two `PipeDrain` threads read stdout and stderr as the program writes them, so it never stalls
/// on a full pipe; writes to stdin run on a thread of their own, and every wait has a deadline,
/// so a hung program fails its test instead of hanging the run. A program still running when
/// its `ChildProcess` goes away is killed.
final class ChildProcess {
    /// How a program ended.
    enum Ending: Equatable, CustomStringConvertible {
        /// It exited with this status.
        case exited(Int32)
        /// A signal ended it.
        case killed(signal: Int32)
        /// It was reaped elsewhere; how it ended is unknown.
        case lost

        var description: String {
            switch self {
            case .exited(let status): return "exited with status \(status)"
            case .killed(let signal): return "killed by signal \(signal)"
            case .lost: return "reaped elsewhere"
            }
        }
    }

    /// A program that was asked something it did not do in time.
    struct Unresponsive: Error, CustomStringConvertible {
        /// What the test asked for.
        var request: String
        /// The program and its arguments.
        var command: String
        /// Its stderr so far.
        var errors: String

        var description: String { "\(command): \(request); stderr so far:\n\(errors)" }
    }

    /// The program and its arguments, for messages.
    let command: String
    /// Its stdout (empty unless it is `.read`, see `ProcessLaunch.StandardOutput`).
    let output: PipeDrain
    /// Its stderr.
    let errors: PipeDrain
    /// The process id.
    let processID: pid_t
    private var input: Int32?
    private var finalEnding: Ending?
    /// The unread ends of its stdout and stderr with `ProcessLaunch.StandardOutput.unread`.
    private let heldEnds: [Int32]

    /// Starts `executable` with `arguments` in exactly `environment` (see `ProcessLaunch`); in a
    /// process group of its own when `ownProcessGroup`; with `blockedSignals` blocked; with stdout
    /// as `standardOutput` says and stderr as `standardError` says (an unread stdout or stderr
    /// is held open until the program ended).
    init(_ executable: URL, _ arguments: [String], environment: [String: String], ownProcessGroup: Bool = false,
         blockedSignals: [Int32] = [], standardOutput: ProcessLaunch.StandardOutput = .read,
         standardError: ProcessLaunch.StandardOutput = .read) throws {
        _ = Self.ignoresBrokenPipes
        command = ([executable.path] + arguments).joined(separator: " ")
        let started = try ProcessLaunch.start(executable.path, arguments, environment: environment,
                                                ownProcessGroup: ownProcessGroup, blockedSignals: blockedSignals,
                                                standardOutput: standardOutput, standardError: standardError)
        processID = started.processID
        input = started.input
        heldEnds = [started.heldOutput, started.heldErrors].compactMap { $0 }
        output = PipeDrain(FileHandle(fileDescriptor: started.output, closeOnDealloc: true))
        errors = PipeDrain(FileHandle(fileDescriptor: started.errors, closeOnDealloc: true))
    }

    deinit {
        closeInput()
        if isRunning {
            kill()
            var status: Int32 = 0
            _ = waitpid(processID, &status, 0)
        }
        heldEnds.forEach { _ = close($0) }
    }

    /// Starts the program `name` found on PATH, through `/usr/bin/env`.
    static func tool(_ name: String, _ arguments: [String], environment: [String: String]) throws -> ChildProcess {
        try ChildProcess(URL(fileURLWithPath: "/usr/bin/env"), [name] + arguments, environment: environment)
    }

    /// What a tool that ran to its end did.
    struct Finished {
        /// How it ended.
        var ending: Ending
        /// Its stdout.
        var output: String
        /// Its stderr.
        var errors: String
    }

    /// Runs the tool `name` to its end and returns what it printed; kills it after `seconds`.
    static func run(_ name: String, _ arguments: [String], environment: [String: String],
                    within seconds: Double = Poll.defaultSeconds) async throws -> Finished {
        let tool = try tool(name, arguments, environment: environment)
        tool.closeInput()
        let ending = try await tool.ending(within: seconds)
        return Finished(ending: ending, output: tool.output.text, errors: tool.errors.text)
    }

    /// True until the program ended.
    var isRunning: Bool { reap() == nil }

    /// How the program ended, once it did (waitpid without waiting).
    private func reap() -> Ending? {
        if let finalEnding { return finalEnding }
        var status: Int32 = 0
        let result = waitpid(processID, &status, WNOHANG)
        if result == 0 || (result < 0 && errno == EINTR) { return nil }
        // The low 7 bits are the signal that ended it, or 0 for an exit with the status above them.
        let ending: Ending = result < 0 ? .lost : status & 0x7F == 0 ? .exited(status >> 8 & 0xFF) : .killed(signal: status & 0x7F)
        finalEnding = ending
        return ending
    }

    /// Writes `text` to the program's stdin; throws if it is not all taken within `seconds`,
    /// after killing the program (which also ends the write).
    func send(_ text: String, within seconds: Double = Poll.defaultSeconds) async throws {
        try await send(bytes: Array(text.utf8), within: seconds)
    }

    /// Writes `bytes` to the program's stdin, like `send(_:within:)`.
    func send(bytes: [UInt8], within seconds: Double = Poll.defaultSeconds) async throws {
        guard let descriptor = input else {
            throw Unresponsive(request: "writing to stdin after closing it", command: command, errors: errors.text)
        }
        let outcome = WriteOutcome()
        let writer = Thread {
            outcome.finish(errorNumber: Self.writeAll(bytes, to: descriptor))
        }
        writer.name = "EndToEndTests stdin writer"
        writer.start()
        do {
            let errorNumber = try await Poll.value("\(bytes.count) bytes to be written to stdin", within: seconds) {
                outcome.errorNumber
            }
            guard errorNumber == 0 else {
                throw Unresponsive(request: "writing to stdin failed: \(String(cString: strerror(errorNumber)))",
                                   command: command, errors: errors.text)
            }
        } catch let timeout as Poll.TimedOut {
            kill()
            _ = try? await Poll.value("the killed program's stdin writer to stop", within: 5) { outcome.errorNumber }
            throw Unresponsive(request: timeout.description, command: command, errors: errors.text)
        }
    }

    /// A duplicate of the write end of the program's stdin, close-on-exec, for a writer of the
    /// caller's own that must not depend on `closeInput()` (the caller closes it); nil once
    /// stdin was closed.
    func duplicateInput() -> Int32? {
        guard let descriptor = input else { return nil }
        let duplicate = fcntl(descriptor, F_DUPFD_CLOEXEC, 3)
        return duplicate >= 0 ? duplicate : nil
    }

    /// Closes the program's stdin: it reads end of input.
    func closeInput() {
        guard let descriptor = input else { return }
        input = nil
        _ = close(descriptor)
    }

    /// Sends `signalNumber` to the program if it still runs.
    func signal(_ signalNumber: Int32) {
        guard isRunning else { return }
        _ = Foundation.kill(processID, signalNumber)
    }

    /// Sends `signalNumber` to the program's process group (see `ownProcessGroup`).
    func signalGroup(_ signalNumber: Int32) {
        _ = Foundation.kill(-processID, signalNumber)
    }

    /// Kills the program (SIGKILL) if it still runs.
    func kill() {
        signal(SIGKILL)
    }

    /// Waits until the program ended and its stdout and stderr were read to their end; kills it
    /// and throws if that takes longer than `seconds`.
    func ending(within seconds: Double = Poll.defaultSeconds) async throws -> Ending {
        do {
            try await Poll.until("\(command) to exit", within: seconds) {
                !isRunning && output.hasEnded && errors.hasEnded
            }
        } catch let timeout as Poll.TimedOut {
            let stillRan = isRunning
            kill()
            throw Unresponsive(request: timeout.description + (stillRan ? " (it was still running; killed it)" : ""),
                               command: command, errors: errors.text)
        }
        return reap() ?? .lost
    }

    /// This process's environment without anything that picks a display or an SDL video
    /// driver, with `DISPLAY` set to `display` when given, in the locale C.UTF-8.
    static func environment(display: String?) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        // The locale C.UTF-8 whatever the tests run in: the overlay's stock texts in English.
        for name in ["DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER", "XAUTHORITY", "LC_ALL", "LC_MESSAGES", "LC_NUMERIC", "LANG", "LANGUAGE"] {
            environment[name] = nil
        }
        environment["DISPLAY"] = display
        environment["LANG"] = "C.UTF-8"
        return environment
    }

    /// A write to a pipe whose reader died must fail with EPIPE, not kill the test process.
    /// (Children get every signal's default action back, see `ProcessLaunch`.)
    private static let ignoresBrokenPipes: Void = {
        _ = Foundation.signal(SIGPIPE, SIG_IGN)
    }()

    /// Writes every byte, retrying short and interrupted writes; returns 0 or the errno.
    static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Int32 {
        bytes.withUnsafeBytes { raw -> Int32 in
            guard let base = raw.baseAddress else { return 0 }
            var offset = 0
            while offset < raw.count {
                let written = write(descriptor, base + offset, raw.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                offset += written
            }
            return 0
        }
    }

    /// The result of one write, handed from the writer thread to the test.
    private final class WriteOutcome: @unchecked Sendable {
        // Guards `result`.
        private let lock = NSLock()
        private var result: Int32?

        /// The errno of the write, 0 for success; nil while it runs.
        var errorNumber: Int32? { lock.withLock { result } }

        func finish(errorNumber: Int32) {
            lock.withLock { result = errorNumber }
        }
    }
}
