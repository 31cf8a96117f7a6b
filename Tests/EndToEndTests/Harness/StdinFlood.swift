import Foundation

/// A host that floods a program's stdin with `msg 0`, `msg 1`, ... as fast as the pipe takes
/// them, on a thread of its own, until it is stopped or the program stops reading (EPIPE).
///
/// It writes through a duplicate of the program's stdin, which its thread closes when it ends,
/// so it never writes to a descriptor the test closed. Its writes block while the pipe is full
/// and the program lives; once the program has exited they fail at once.
final class StdinFlood: @unchecked Sendable {
    /// Why the flood could not start.
    struct CannotStart: Error, CustomStringConvertible {
        var command: String
        var description: String { "cannot flood the stdin of \(command): it is closed or cannot be duplicated" }
    }

    // Guards the three below, shared between the writer thread and the test.
    private let lock = NSLock()
    private var written = 0
    private var isStopRequested = false
    private var endingErrorNumber: Int32?

    /// Starts flooding `program`'s stdin.
    init(_ program: ChildProcess) throws {
        guard let descriptor = program.duplicateInput() else { throw CannotStart(command: program.command) }
        let thread = Thread { [self] in flood(descriptor) }
        thread.name = "EndToEndTests stdin flood"
        thread.start()
    }

    /// How many bytes the program's stdin took so far.
    var bytesWritten: Int { lock.withLock { written } }

    /// True while the writer thread runs.
    var isFlooding: Bool { lock.withLock { endingErrorNumber == nil } }

    /// Asks the writer to stop and waits (at most `seconds`) until it did; returns 0 if it
    /// stopped because it was asked to, else the errno its last write failed with (EPIPE once
    /// the program exited).
    @discardableResult
    func stop(within seconds: Double = Poll.defaultSeconds) async throws -> Int32 {
        lock.withLock { isStopRequested = true }
        return try await Poll.value("the stdin flood to stop", within: seconds) { lock.withLock { endingErrorNumber } }
    }

    private func flood(_ descriptor: Int32) {
        var number = 0
        var errorNumber: Int32 = 0
        while !lock.withLock({ isStopRequested }) {
            // About 4 KiB of lines a write (PIPE_BUF: each write goes in whole).
            var chunk: [UInt8] = []
            chunk.reserveCapacity(4096)
            while chunk.count < 4000 {
                chunk += Array("msg \(number)\n".utf8)
                number += 1
            }
            errorNumber = ChildProcess.writeAll(chunk, to: descriptor)
            guard errorNumber == 0 else { break }
            lock.withLock { written += chunk.count }
        }
        _ = close(descriptor)
        lock.withLock { endingErrorNumber = errorNumber }
    }
}
