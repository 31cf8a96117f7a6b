import KioskCore

/// Hands host events from the stdin reader thread to the render loop. Bounded: when the loop
/// falls behind, the reader waits (and the host's pipe fills), so memory never grows with input.
final class CommandInbox: @unchecked Sendable {
    /// Where a command came from, for error reports.
    enum Source: String, Sendable, Equatable {
        /// The host's pipe: errors say `line N`.
        case standardInput = "line"
        /// The named FIFO: errors say `fifo line N`.
        case fifo = "fifo line"
    }

    /// What the readers hand over.
    enum Item: Sendable, Equatable {
        /// A parsed command or a rejected line.
        case event(HostEvent, from: Source)
        /// The host closed stdin: no more input will come from it.
        case endOfInput
    }

    /// The most items waiting at once.
    static let capacity = 8192

    // Guards `items`; the only state shared between the two threads.
    private let condition = Condition()
    private var items: [Item] = []

    /// Adds items, waiting while the inbox is full.
    func post(_ newItems: [Item]) {
        condition.locked {
            for item in newItems {
                while items.count >= Self.capacity { condition.wait() }
                items.append(item)
            }
        }
    }

    /// Takes every waiting item, oldest first.
    func takeAll() -> [Item] {
        condition.locked {
            let taken = items
            items.removeAll(keepingCapacity: true)
            condition.broadcast()
            return taken
        }
    }
}
