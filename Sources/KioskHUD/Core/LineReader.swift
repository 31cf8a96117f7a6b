/// Cuts a byte stream into numbered lines, holding at most `limitBytes` of any one line.
///
/// Lines end in `\n` (and, for psplash's writers, in NUL when asked); a `\r` before the end is
/// dropped. A line longer than the limit is reported as
/// over-long once and the rest of it is skipped without being stored, so memory stays bounded
/// however long the host's line is.
public struct LineReader: Sendable {
    /// One line of input, numbered from 1.
    public struct Line: Sendable, Equatable {
        /// The line's number in the stream, counting from 1.
        public var number: Int
        /// The line's bytes without its terminator, or nil when it was over-long.
        public var bytes: [UInt8]?
    }

    /// The most bytes kept of one line.
    public let limitBytes: Int
    /// Whether a NUL byte ends a line too (otherwise it is kept, and dropped later as a control
    /// character).
    public let endsAtNUL: Bool
    private var pending: [UInt8] = []
    private var skippingOverlongLine = false
    private var linesEnded = 0

    /// Creates a reader that keeps lines of up to `limitBytes` bytes.
    public init(limitBytes: Int = 4096, endsAtNUL: Bool = false) {
        self.limitBytes = limitBytes
        self.endsAtNUL = endsAtNUL
        pending.reserveCapacity(limitBytes)
    }

    /// Takes the next chunk of the stream and returns the lines it completes, in order.
    public mutating func feed(_ chunk: some Collection<UInt8>) -> [Line] {
        var lines: [Line] = []
        for byte in chunk {
            if byte == UInt8(ascii: "\n") || (byte == 0 && endsAtNUL) {
                lines.append(endLine())
            } else if !skippingOverlongLine {
                if pending.count < limitBytes {
                    pending.append(byte)
                } else if !(byte == UInt8(ascii: "\r") && pending.count == limitBytes) {
                    skippingOverlongLine = true
                    pending.removeAll(keepingCapacity: true)
                }
            }
        }
        return lines
    }

    /// Ends the stream: returns the last line if it had no terminator.
    public mutating func finish() -> Line? {
        guard !pending.isEmpty || skippingOverlongLine else { return nil }
        return endLine()
    }

    private mutating func endLine() -> Line {
        linesEnded += 1
        defer {
            pending.removeAll(keepingCapacity: true)
            skippingOverlongLine = false
        }
        if skippingOverlongLine { return Line(number: linesEnded, bytes: nil) }
        if pending.last == UInt8(ascii: "\r") { pending.removeLast() }
        // A copy of just the line's bytes: handing out `pending` itself would make the
        // `removeAll(keepingCapacity:)` above allocate a fresh limit-sized buffer for every line.
        return Line(number: linesEnded, bytes: pending.withUnsafeBufferPointer { Array($0) })
    }
}
