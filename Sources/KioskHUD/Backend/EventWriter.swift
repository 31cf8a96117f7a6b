import Glibc

/// Writes events to stdout, one line each, from a thread of its own, so the render loop never
/// blocks on a host that does not read: while the queue is full, new events are dropped; once
/// stdout is closed or broken, every event is dropped (SIGPIPE is ignored).
final class EventWriter: @unchecked Sendable {
    /// The most lines waiting at once (about 1 MB at most).
    static let capacity = 16384

    // Guards `lines`, `isWriting` and `isBroken`.
    private let condition = Condition()
    private var lines: [String] = []
    private var isWriting = false
    private var isBroken = false

    /// Starts the writer thread.
    init() {
        NativeThread.start(name: "event writer") { [self] in run() }
    }

    /// Queues `event` for stdout, or drops it when the queue is full or stdout is gone.
    func post(_ event: OverlayEvent) {
        condition.locked {
            guard !isBroken, lines.count < Self.capacity else { return }
            lines.append(event.description + "\n")
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
            let written = batch.allSatisfy(Self.write)
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

    /// Writes a whole line to stdout; false once stdout is closed or broken.
    private static func write(_ line: String) -> Bool {
        var bytes = Array(line.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { Glibc.write(STDOUT_FILENO, $0.baseAddress, $0.count) }
            if written < 0, errno == EINTR { continue }
            guard written > 0 else { return false }
            bytes = bytes.dropFirst(written)
        }
        return true
    }
}
