import Glibc

/// Writes events to stdout, one line each, from a thread of its own, so the render loop never
/// blocks on a host that does not read: while the queue is full, new events are dropped; once
/// stdout is closed or broken, every event is dropped (SIGPIPE is ignored).
final class EventWriter: @unchecked Sendable {
    /// The most lines waiting at once.
    static let capacity = 1024

    // Guards `lines` and `isBroken`.
    private let condition = Condition()
    private var lines: [String] = []
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

    private func run() {
        while true {
            let batch: [String] = condition.locked {
                while lines.isEmpty { condition.wait() }
                defer { lines.removeAll(keepingCapacity: true) }
                return lines
            }
            for line in batch where !Self.write(line) {
                condition.locked {
                    isBroken = true
                    lines.removeAll()
                }
                return
            }
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
