import Glibc
import Testing
@testable import KioskPlatform

extension OneAtATime {
    /// The line writer under a reader that does not read: posting never waits, a drain waits only
    /// until its deadline, and what arrives is whole lines in order.
    @Suite(.timeLimit(.minutes(1))) struct LineWriterTests {
        /// Line `number`, 100 bytes with its newline.
        private static func line(_ number: Int) -> String {
            let label = "line \(number) "
            return label + String(repeating: "x", count: 99 - label.utf8.count)
        }

        /// Reads everything left in `pipe` without waiting.
        private static func readAll(_ pipe: FileDescriptor) throws -> [UInt8] {
            try pipe.setNonBlocking(true)
            var bytes: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 65536)
            while true {
                let count = buffer.withUnsafeMutableBytes { chunk in Result { () throws(Errno) in try pipe.read(into: chunk) } }
                guard case .success(let read) = count, read > 0 else { return bytes }
                bytes += buffer[0..<read]
            }
        }

        @Test func aReaderThatDoesNotReadHoldsUpNeitherPostsNorTheDrainPastItsDeadline() throws {
            signal(SIGPIPE, SIG_IGN)  // as the program does (SignalWatcher)
            // 40,000 lines are 4 MB: the pipe takes 64 KiB, the queue 16,384 lines, the writer's
            // batch at most as many; the rest is dropped, and no post waits (a post that waited
            // would hold this test until its time limit).
            let count = 40_000
            let drainSeconds = 0.2
            let ended = try WakeUp()
            let collected = LockedValue<[UInt8]>([])
            var waited = 0.0
            do {
                let (readEnd, writeEnd) = try FileDescriptor.pipe()
                let writer = try LineWriter(descriptor: writeEnd.rawValue, name: "test writer")
                for number in 1...count { writer.post(Self.line(number)) }
                let began = MonotonicClock.nanoseconds()
                writer.drain(until: MonotonicClock.deadline(inSeconds: drainSeconds))
                waited = Double(MonotonicClock.nanoseconds() - began) / 1e9

                // Reading now lets the writer go on.
                try NativeThread.start(name: "test reader") {
                    var buffer = [UInt8](repeating: 0, count: 65536)
                    while case .success(let read) = buffer.withUnsafeMutableBytes({ chunk in
                        Result { () throws(Errno) in try readEnd.read(into: chunk) }
                    }), read > 0 {
                        collected.withLock { $0 += buffer[0..<read] }
                    }
                    ended.signal()
                }
                writer.drain(until: MonotonicClock.deadline(inSeconds: 30))
            }
            // The writer is idle and its writing end closed here: the reader's stream ends.
            #expect(waited >= drainSeconds, "lines were left, so the first drain waited until its deadline: \(waited) s")
            #expect(ended.wait(milliseconds: -1))
            let lines = collected.withLock { String(decoding: $0, as: UTF8.self) }.split(separator: "\n")
            let numbers = lines.map { Int($0.split(separator: " ")[1]) ?? -1 }
            #expect(lines.allSatisfy { $0.utf8.count == 99 }, "whole lines only")
            #expect(zip(numbers, numbers.dropFirst()).allSatisfy { $0 < $1 }, "in order, none twice")
            #expect(numbers.count >= LineWriter.capacity && numbers.count < count,
                    "the queue's \(LineWriter.capacity) lines and what was being written arrive, the rest was dropped: \(numbers.count)")
        }

        @Test func aReaderThatLeftEndsTheWritingAndTheDrainAtOnce() throws {
            signal(SIGPIPE, SIG_IGN)
            let writeEnd: FileDescriptor
            do {
                // The reading end closes at the end of this block: nobody reads.
                let (_, end) = try FileDescriptor.pipe()
                writeEnd = end
            }
            let writer = try LineWriter(descriptor: writeEnd.rawValue, name: "test writer")
            for number in 1...10 { writer.post(Self.line(number)) }
            let began = MonotonicClock.nanoseconds()
            // The write fails (EPIPE), so the writer is broken and the drain does not wait for its
            // deadline.
            writer.drain(until: MonotonicClock.deadline(inSeconds: 20))
            let waited = Double(MonotonicClock.nanoseconds() - began) / 1e9
            // A drain that returns well before the 20 s deadline did not wait for it (the margin is
            // for a loaded machine, where starting the writer's thread may take a while).
            #expect(waited < 10, "\(waited) s")
            writer.post("after")
            writer.drain(until: MonotonicClock.deadline(inSeconds: 20))
            #expect(Double(MonotonicClock.nanoseconds() - began) / 1e9 < 10, "a broken writer drops what comes after")
            withExtendedLifetime(writeEnd) {}
        }
    }
}
