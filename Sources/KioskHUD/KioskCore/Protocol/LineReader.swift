import Glibc

/// Cuts a byte stream into numbered lines, holding at most `limitBytes` of any one line.
///
/// Lines end in `\n` (and, for psplash's writers, in NUL when asked); a `\r` before the end is
/// dropped. Asked to end lines as GLib's `g_io_channel_read_line` does (zenity reads its input
/// so), a line also ends at `\r\n`, a lone `\r`, NUL or U+2029, and each line says which
/// terminator ended it. A line longer than the limit is reported as
/// over-long once and the rest of it is skipped without being stored, so memory stays bounded
/// however long the host's line is.
public struct LineReader: Sendable {
    /// One line of input, numbered from 1.
    public struct Line: Sendable, Equatable {
        /// The line's number in the stream, counting from 1.
        public var number: Int
        /// The line's bytes without its terminator, or nil when it was over-long.
        public var bytes: [UInt8]?
        /// When ending lines as GLib does, the bytes that ended the line (`\n`, `\r\n`, `\r`, NUL,
        /// U+2029; none for a last line without one): zenity reads them as part of the line.
        /// Otherwise empty.
        public var terminator: [UInt8] = []
    }

    /// The most bytes kept of one line.
    public let limitBytes: Int
    /// Whether a NUL byte ends a line too (otherwise it is kept, and dropped later as a control
    /// character).
    public let endsAtNUL: Bool
    /// Whether lines end as GLib's autodetection ends them: `\n`, `\r\n`, `\r`, NUL, U+2029.
    public let endsLikeGLib: Bool
    private var pending: [UInt8] = []
    /// A `\r` seen last, in GLib's way: it ends the line, with the `\n` after it if one comes.
    private var carriageReturnPending = false
    /// The last two bytes of the line so far, to find U+2029 (E2 80 A9) even in a skipped line.
    private var lastTwoBytes: (UInt8, UInt8) = (0, 0)
    private var skippingOverlongLine = false
    private var linesEnded = 0

    /// Creates a reader that keeps lines of up to `limitBytes` bytes.
    public init(limitBytes: Int = 4096, endsAtNUL: Bool = false, endsLikeGLib: Bool = false) {
        self.limitBytes = limitBytes
        self.endsAtNUL = endsAtNUL || endsLikeGLib
        self.endsLikeGLib = endsLikeGLib
        pending.reserveCapacity(limitBytes)
    }

    /// Takes the next chunk of the stream and returns the lines it completes, in order.
    public mutating func feed(_ chunk: some Collection<UInt8>) -> [Line] {
        if let lines = chunk.withContiguousStorageIfAvailable({ feed(bytes: $0) }) { return lines }
        return Array(chunk).withUnsafeBufferPointer { feed(bytes: $0) }
    }

    /// `feed` over contiguous bytes, so an over-long line is skipped at memchr's speed: a host's
    /// 10 MB line costs no more than copying it, whatever the build and the machine's load.
    private mutating func feed(bytes chunk: UnsafeBufferPointer<UInt8>) -> [Line] {
        var lines: [Line] = []
        var index = 0
        while index != chunk.count {
            // Skipping an over-long line, nothing before its end matters (outside GLib's way,
            // where a \r or U+2029 may end it): go straight to the end, or past the chunk.
            if skippingOverlongLine, !endsLikeGLib {
                guard let end = Self.firstLineEnd(in: chunk, from: index, alsoAtNUL: endsAtNUL) else { break }
                index = end
            }
            let byte = chunk[index]
            index += 1
            if endsLikeGLib, let line = endLineLikeGLib(at: byte) {
                lines.append(line)
                if byte == UInt8(ascii: "\n") { continue }
            }
            if endsLikeGLib, byte == UInt8(ascii: "\r") {
                carriageReturnPending = true
            } else if endsLikeGLib, byte == 0xA9, lastTwoBytes == (0xE2, 0x80) {
                pending.removeLast(min(2, pending.count))
                lines.append(endLine(terminator: [0xE2, 0x80, 0xA9]))
            } else if byte == UInt8(ascii: "\n") || (byte == 0 && endsAtNUL) {
                lines.append(endLine(terminator: [byte]))
            } else if !skippingOverlongLine {
                if pending.count < limitBytes {
                    pending.append(byte)
                } else if !(byte == UInt8(ascii: "\r") && pending.count == limitBytes) {
                    skippingOverlongLine = true
                    pending.removeAll(keepingCapacity: true)
                }
            }
            lastTwoBytes = (lastTwoBytes.1, byte)
        }
        return lines
    }

    /// The index of the first `\n` in `bytes` from `start` on (or NUL, with `alsoAtNUL`), or nil
    /// when there is none.
    private static func firstLineEnd(in bytes: UnsafeBufferPointer<UInt8>, from start: Int, alsoAtNUL: Bool) -> Int? {
        guard let base = bytes.baseAddress else { return nil }
        let rest = bytes.count - start
        let newline = memchr(base + start, Int32(UInt8(ascii: "\n")), rest)
        let nul = alsoAtNUL ? memchr(base + start, 0, rest) : nil
        guard let end = [newline, nul].compactMap({ $0 }).min() else { return nil }
        return base.distance(to: end.assumingMemoryBound(to: UInt8.self))
    }

    /// In GLib's way, the line a pending `\r` ends now that `byte` follows it (with `byte` when
    /// it is the `\n` of a `\r\n`), or nil when no `\r` is pending.
    private mutating func endLineLikeGLib(at byte: UInt8) -> Line? {
        guard carriageReturnPending else { return nil }
        carriageReturnPending = false
        let isCRLF = byte == UInt8(ascii: "\n")
        return endLine(terminator: isCRLF ? Array("\r\n".utf8) : [UInt8(ascii: "\r")])
    }

    /// Ends the stream: returns the last line if it had no terminator.
    public mutating func finish() -> Line? {
        if carriageReturnPending {
            carriageReturnPending = false
            return endLine(terminator: [UInt8(ascii: "\r")])
        }
        guard !pending.isEmpty || skippingOverlongLine else { return nil }
        return endLine(terminator: [])
    }

    private mutating func endLine(terminator: [UInt8]) -> Line {
        linesEnded += 1
        lastTwoBytes = (0, 0)
        defer {
            pending.removeAll(keepingCapacity: true)
            skippingOverlongLine = false
        }
        let terminator = endsLikeGLib ? terminator : []
        if skippingOverlongLine { return Line(number: linesEnded, bytes: nil, terminator: terminator) }
        if !endsLikeGLib, pending.last == UInt8(ascii: "\r") { pending.removeLast() }
        // A copy of just the line's bytes: handing out `pending` itself would make the
        // `removeAll(keepingCapacity:)` above allocate a fresh limit-sized buffer for every line.
        return Line(number: linesEnded, bytes: pending.withUnsafeBufferPointer { Array($0) }, terminator: terminator)
    }
}
