/// Hands host events from the stdin reader thread to the render loop. Bounded: when the loop
/// falls behind, the reader waits (and the host's pipe fills), so memory never grows with input.
final class CommandInbox: @unchecked Sendable {
    /// What the reader hands over.
    enum Item: Sendable, Equatable {
        /// A parsed command or a rejected line.
        case event(HostEvent)
        /// The host closed its end: no more input will come.
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
