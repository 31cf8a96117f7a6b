/// The answers waiting to be written to one control-socket client, bounded: a client that does
/// not read must never make the overlay wait or grow without limit, so once more than
/// `limitBytes` would wait, the backlog says it overflowed and the client is to be disconnected
/// (dropping some of its answers silently would leave it waiting for them for ever).
public struct AnswerBacklog: Sendable, Equatable {
    /// The most bytes that may wait.
    public let limitBytes: Int
    /// The bytes not written yet, oldest first.
    public private(set) var bytes: [UInt8] = []
    /// True once a line did not fit: the client is not reading.
    public private(set) var hasOverflowed = false

    /// Creates an empty backlog holding at most `limitBytes`.
    public init(limitBytes: Int) {
        self.limitBytes = limitBytes
    }

    /// True when nothing waits.
    public var isEmpty: Bool { bytes.isEmpty }

    /// Adds `line` and its newline, or marks the backlog overflowed when it does not fit (it then
    /// takes nothing more).
    public mutating func append(_ line: String) {
        guard !hasOverflowed else { return }
        let added = Array(line.utf8) + [UInt8(ascii: "\n")]
        guard bytes.count + added.count <= limitBytes else {
            hasOverflowed = true
            bytes.removeAll()
            return
        }
        bytes += added
    }

    /// A copy of the first `count` bytes (fewer when fewer wait), to write: a copy, so the
    /// backlog's own storage is never shared while lines are appended to it.
    public func firstBytes(_ count: Int) -> [UInt8] {
        Array(bytes.prefix(count))
    }

    /// Forgets the first `count` bytes, once they were written.
    public mutating func dropWritten(_ count: Int) {
        bytes.removeFirst(min(count, bytes.count))
    }
}
