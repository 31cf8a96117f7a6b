import Glibc

/// Writes lines to a descriptor (stdout's events, stderr's reports) from a thread of its own, so
/// the render loop never blocks on a host that does not read: while the queue is full, new lines
/// are dropped; once the descriptor is closed or broken, every line is dropped (SIGPIPE is
/// ignored).
final class LineWriter: @unchecked Sendable {
    /// The most lines waiting at once (about 1 MB at most).
    static let capacity = 16384

    private let descriptor: Int32

    // Guards `lines`, `isWriting` and `isBroken`.
    private let condition = Condition()
    private var lines: [String] = []
    private var isWriting = false
    private var isBroken = false

    /// Starts the writer thread for `descriptor`, named `name` (for ps and gdb).
    init(descriptor: Int32, name: String) {
        self.descriptor = descriptor
        NativeThread.start(name: name) { [self] in run() }
    }

    /// Queues `line` (a newline is added), or drops it when the queue is full or the descriptor
    /// is gone.
    func post(_ line: String) {
        condition.locked {
            guard !isBroken, lines.count < Self.capacity else { return }
            lines.append(line + "\n")
            condition.broadcast()
        }
    }

    /// Waits until every queued line is written (or stdout broke), for at most `seconds`: the
    /// answers to the commands before `quit` reach the host, and a stuck stdout cannot hold the
    /// exit up.
    func drain(within seconds: Double) {
        let deadline = Self.now() + seconds
        while condition.locked({ (!lines.isEmpty || isWriting) && !isBroken }), Self.now() < deadline {
            usleep(1000)
        }
    }

    private static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
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
            }
            if !written { return }
        }
    }
}
