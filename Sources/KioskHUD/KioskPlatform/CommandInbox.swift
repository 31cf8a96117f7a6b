import KioskCore

/// Hands what the reader threads, the signal watcher and the control socket hear to the loop, and
/// wakes the loop when there is something to take.
///
/// Host lines are bounded: while `capacity` of them wait, a reader waits too (and the host's pipe
/// fills), so memory never grows with input; the loop is woken before any reader waits, so a
/// full inbox is always emptied. Control inputs (a stop signal, the grab's status) never wait.
/// Wake-ups are coalesced: one is pending at most until the loop takes the inbox.
package final class CommandInbox: @unchecked Sendable {
    /// The most host lines waiting at once.
    package static let capacity = 8192

    private let wake: @Sendable () -> Bool

    // Guards `items` and `isWakePending`.
    private let condition = Condition()
    private var items: [LoopInput] = []
    private var isWakePending = false

    /// Creates an inbox that calls `wake` (from any thread) when the loop should look at it;
    /// `wake` returns false when the wake-up could not be sent (it is tried again at the next
    /// post).
    package init(wake: @escaping @Sendable () -> Bool) {
        self.wake = wake
    }

    /// Adds host inputs in order, waiting while the inbox is full.
    package func post(_ newItems: [LoopInput]) {
        condition.locked {
            for item in newItems {
                while items.count >= Self.capacity {
                    wakeOnce()
                    condition.wait()
                }
                items.append(item)
            }
            if !newItems.isEmpty { wakeOnce() }
        }
    }

    /// Adds an input that must not wait (a stop signal, the grab's status), even when full.
    package func postControl(_ item: LoopInput) {
        condition.locked {
            items.append(item)
            wakeOnce()
        }
    }

    /// Takes every waiting input, oldest first.
    package func takeAll() -> [LoopInput] {
        condition.locked {
            let taken = items
            items.removeAll(keepingCapacity: true)
            isWakePending = false
            condition.broadcast()
            return taken
        }
    }

    /// Wakes the loop unless a wake-up is already on its way; call holding the lock.
    private func wakeOnce() {
        guard !isWakePending else { return }
        isWakePending = wake()
    }
}
