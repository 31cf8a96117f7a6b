import Glibc
import Synchronization

/// Writes lines to a descriptor (stdout's events, stderr's reports) from a thread of its own, so
/// the render loop never blocks on a host that does not read: while the queue is full, new lines
/// are dropped; once the descriptor is closed or broken, every line is dropped (SIGPIPE is
/// ignored). If the thread cannot start, lines are written at once instead.
final class LineWriter: @unchecked Sendable {
    /// The most lines waiting at once (about 1 MB at most).
    static let capacity = 16384

    /// Every writer made, so the program's finish can drain them all.
    private static let all = Mutex<[LineWriter]>([])

    private let descriptor: Int32

    // Guards `lines`, `isWriting`, `isBroken` and `writesDirectly`.
    private let condition = Condition()
    private var lines: [String] = []
    private var isWriting = false
    private var isBroken = false
    private var writesDirectly = false

    /// Starts the writer thread for `descriptor`, named `name` (for ps and gdb).
    init(descriptor: Int32, name: String) {
        self.descriptor = descriptor
        do {
            try NativeThread.start(name: name) { [self] in run() }
        } catch {
            condition.locked { writesDirectly = true }
        }
        Self.all.withLock { $0.append(self) }
    }

    /// Queues `line` (a newline is added), or drops it when the queue is full or the descriptor
    /// is gone.
    func post(_ line: String) {
        condition.locked {
            guard !isBroken else { return }
            if writesDirectly {
                isBroken = !Diagnostics.writeAll(line + "\n", to: descriptor)
                return
            }
            guard lines.count < Self.capacity else { return }
            lines.append(line + "\n")
            condition.broadcast()
        }
    }

    /// Waits until every queued line is written (or the descriptor broke), at most until
    /// `deadline` (`MonotonicClock` nanoseconds), so a stuck reader cannot hold the exit up.
    func drain(until deadline: UInt64) {
        condition.locked {
            while (!lines.isEmpty || isWriting) && !isBroken {
                if !condition.wait(until: deadline), MonotonicClock.nanoseconds() >= deadline { return }
            }
        }
    }

    /// Waits at most `seconds` until every queued line is written (`drain(until:)`).
    func drain(within seconds: Double) {
        drain(until: MonotonicClock.deadline(inSeconds: seconds))
    }

    /// Drains every writer made, all by `deadline`.
    static func drainAll(until deadline: UInt64) {
        for writer in all.withLock({ $0 }) { writer.drain(until: deadline) }
    }

    private func run() {
        while true {
            let batch: [String] = condition.locked {
                while lines.isEmpty { condition.wait() }
                isWriting = true
                defer { lines.removeAll(keepingCapacity: true) }
                return lines
            }
            let written = batch.allSatisfy { Diagnostics.writeAll($0, to: descriptor) }
            condition.locked {
                isWriting = false
                if !written {
                    isBroken = true
                    lines.removeAll()
                }
                condition.broadcast()
            }
            if !written { return }
        }
    }
}
