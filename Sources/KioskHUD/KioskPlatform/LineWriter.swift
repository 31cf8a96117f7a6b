import Glibc

/// Writes lines to a descriptor (stdout's events, stderr's reports) from a thread of its own, so
/// the render loop never blocks on a host that does not read: while the queue is full, new lines
/// are dropped; once the descriptor is closed or broken, every line is dropped (SIGPIPE is
/// ignored).
package final class LineWriter: @unchecked Sendable {
    /// The most lines waiting at once (about 1 MB at most).
    package static let capacity = 16384

    /// Every writer made, so the program's finish can drain them all.
    private static let all = LockedValue<[LineWriter]>([])
    /// Set by `closeAll`: a writer made later (stderr's is made at its first report) drops its
    /// lines too.
    private static let isEveryWriterClosed = LockedValue(false)

    private let descriptor: Int32

    private let writesDirectly: Bool

    // Guards `lines`, `isWriting` and `isBroken`.
    private let condition = Condition()
    private var lines: [String] = []
    private var isWriting = false
    private var isBroken = false

    /// Starts the writer thread for `descriptor`, named `name` (for ps and gdb); throws when the
    /// thread cannot start.
    package init(descriptor: Int32, name: String) throws(NativeThread.StartFailure) {
        self.descriptor = descriptor
        writesDirectly = false
        try NativeThread.start(name: name) { [self] in run() }
        Self.all.withLock { $0.append(self) }
    }

    /// A writer that writes each line at once on the caller's thread, outside any lock (so a
    /// finish never waits on it): what stderr falls back to when its thread cannot start, so
    /// that failure can still be told.
    private init(writingDirectlyTo descriptor: Int32) {
        self.descriptor = descriptor
        writesDirectly = true
    }

    /// The writer for `descriptor` with a thread of its own, or, when the system refuses the
    /// thread, one that writes directly.
    static func withThreadIfPossible(descriptor: Int32, name: String) -> LineWriter {
        (try? LineWriter(descriptor: descriptor, name: name)) ?? LineWriter(writingDirectlyTo: descriptor)
    }

    /// Queues `line` (a newline is added), or drops it when the queue is full or the descriptor
    /// is gone.
    package func post(_ line: String) {
        guard !Self.isEveryWriterClosed.withLock({ $0 }) else { return }
        if writesDirectly {
            guard !condition.locked({ isBroken }) else { return }
            let written = Diagnostics.writeAll(line + "\n", to: descriptor)
            if !written { condition.locked { isBroken = true } }
            return
        }
        condition.locked {
            guard !isBroken, lines.count < Self.capacity else { return }
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

    /// Drops every line posted from now on, to every writer: what the program says after its
    /// finish has written its last lines (a reader noticing the FIFO the finish removes) is not
    /// news to anyone.
    static func closeAll() {
        isEveryWriterClosed.withLock { $0 = true }
        for writer in all.withLock({ $0 }) {
            writer.condition.locked {
                writer.isBroken = true
                writer.lines.removeAll()
            }
        }
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
