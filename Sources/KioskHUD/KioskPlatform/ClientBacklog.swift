/// The lines waiting to be written to one control-socket client, oldest first, telling apart the
/// answers to its own commands from the events it did not ask for.
///
/// The two are bounded differently. Answers are bounded before they exist: the server reads a
/// client's commands only while little waits for it (`ControlServer`), so what they may ask for
/// at once is bounded, and a client that reads gets all of them, however large. Events come
/// whether or not the client reads: once more than `eventLimitBytes` of them wait, the client
/// leaves unread more than it may, and the backlog says it overflowed (it then holds nothing and
/// takes nothing more, and the client is to be disconnected: dropping lines silently would leave
/// it waiting for them for ever).
struct ClientBacklog: Sendable, Equatable {
    /// The most bytes of events that may wait.
    let eventLimitBytes: Int
    /// The bytes waiting, from `start` on (the part before was written).
    private var storage: [UInt8] = []
    private var start = 0
    /// The waiting lines' lengths and kinds, oldest first, from `firstLine` on; the first may be
    /// partly written.
    private var lines: [(count: Int, isEvent: Bool)] = []
    private var firstLine = 0
    /// The bytes of events waiting.
    private(set) var eventBytes = 0
    /// True once the events waiting passed the limit: the client does not read.
    private(set) var hasOverflowed = false

    /// An empty backlog that holds at most `eventLimitBytes` of events.
    init(eventLimitBytes: Int) {
        self.eventLimitBytes = eventLimitBytes
    }

    static func == (left: ClientBacklog, right: ClientBacklog) -> Bool {
        left.pending == right.pending && left.eventBytes == right.eventBytes && left.hasOverflowed == right.hasOverflowed
    }

    /// The bytes waiting.
    var pending: ArraySlice<UInt8> { storage[start...] }

    /// How many bytes wait.
    var count: Int { storage.count - start }

    /// True when nothing waits.
    var isEmpty: Bool { count == 0 }

    /// Adds `line` and its newline: an event (`isEvent`) or an answer to the client's own
    /// command. An event that takes the events waiting past the limit overflows the backlog.
    mutating func append(_ line: String, isEvent: Bool) {
        guard !hasOverflowed else { return }
        let added = line.utf8.count + 1
        if isEvent {
            guard eventBytes + added <= eventLimitBytes else {
                hasOverflowed = true
                storage = []
                start = 0
                lines = []
                firstLine = 0
                eventBytes = 0
                return
            }
            eventBytes += added
        }
        storage += line.utf8
        storage.append(UInt8(ascii: "\n"))
        lines.append((added, isEvent))
    }

    /// A copy of the first `limit` bytes waiting (fewer when fewer wait), to write.
    func firstBytes(_ limit: Int) -> [UInt8] {
        Array(pending.prefix(limit))
    }

    /// Forgets the first `written` bytes, once they were written.
    mutating func dropWritten(_ written: Int) {
        var left = min(written, count)
        start += left
        while left > 0, firstLine < lines.count {
            let taken = min(left, lines[firstLine].count)
            lines[firstLine].count -= taken
            if lines[firstLine].isEvent { eventBytes -= taken }
            left -= taken
            if lines[firstLine].count == 0 { firstLine += 1 }
        }
        // What was written is given back once it is most of the storage, so the copy is paid
        // for by the writes.
        if start > storage.count / 2 {
            storage.removeFirst(start)
            start = 0
            lines.removeFirst(firstLine)
            firstLine = 0
        }
    }
}
