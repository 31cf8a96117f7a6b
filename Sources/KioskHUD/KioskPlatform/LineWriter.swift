import Glibc

/// Writes lines to a descriptor (stdout's events, stderr's reports) from a thread of its own, so
/// the render loop never blocks on a host that does not read: while the queue is full, new lines
/// are dropped; once the descriptor is closed or broken, every line is dropped (SIGPIPE is
/// ignored).
package final class LineWriter: @unchecked Sendable {
    /// The most lines waiting at once (about 1 MB at most).
    package static let capacity = 16384

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
    package func drain(until deadline: UInt64) {
        condition.locked {
            while (!lines.isEmpty || isWriting) && !isBroken {
                if !condition.wait(until: deadline), MonotonicClock.nanoseconds() >= deadline { return }
            }
        }
    }

    /// Drops what is queued and every line posted from now on: what the program says after its
    /// finish has written its last lines (a reader noticing the FIFO the finish removes) is not
    /// news to anyone.
    package func close() {
        condition.locked {
            isBroken = true
            lines.removeAll()
        }
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
