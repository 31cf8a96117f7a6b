import Glibc
import Testing
import KioskCore
@testable import KioskPlatform

extension OneAtATime {
    /// The one wake-up: an eventfd another thread makes readable.
    @Suite(.timeLimit(.minutes(1))) struct WakeUpTests {
        @Test func aSignalFromAnotherThreadEndsAWaitWithNoLimit() throws {
            let wakeUp = try WakeUp()
            #expect(!wakeUp.wait(milliseconds: 0), "nothing pending at first")
            try NativeThread.start(name: "test signal") { wakeUp.signal() }
            // With no limit, only the signal can end this wait (else the time limit fails the test).
            #expect(wakeUp.wait(milliseconds: -1))
            #expect(wakeUp.clear())
            #expect(!wakeUp.wait(milliseconds: 0), "cleared")
        }

        @Test func signalsBeforeAClearAreOneWakeUp() throws {
            let wakeUp = try WakeUp()
            for _ in 0..<1000 { #expect(wakeUp.signal()) }
            #expect(wakeUp.clear())
            #expect(!wakeUp.clear(), "all of them were taken by the one clear")
            #expect(!wakeUp.wait(milliseconds: 0))
        }

        @Test func itsDescriptorIsClosedOnExec() throws {
            let wakeUp = try WakeUp()
            #expect(fcntl(wakeUp.descriptor, F_GETFD) & FD_CLOEXEC != 0)
            #expect(fcntl(wakeUp.descriptor, F_GETFL) & O_NONBLOCK != 0, "clear never waits")
        }
    }
}

extension OneAtATime {
    /// The command inbox: what the readers hand to the loop, and how it wakes the loop.
    @Suite(.timeLimit(.minutes(1))) struct CommandInboxTests {
        private static func line(_ number: Int) -> LoopInput {
            .host(.command(.message("\(number)"), line: number), from: .standardInput)
        }

        @Test func postsWakeTheLoopOnceUntilItTakesThem() throws {
            let wakes = LockedValue(0)
            let inbox = CommandInbox(wake: { wakes.withLock { $0 += 1 }; return true })
            inbox.post([Self.line(1)])
            inbox.post([Self.line(2), Self.line(3)])
            inbox.postControl(.stopSignal(SIGTERM))
            #expect(wakes.withLock { $0 } == 1, "one wake-up pending at most")
            #expect(inbox.takeAll() == [Self.line(1), Self.line(2), Self.line(3), .stopSignal(SIGTERM)])
            inbox.post([Self.line(4)])
            #expect(wakes.withLock { $0 } == 2, "taking makes the next post wake the loop again")
            #expect(inbox.takeAll() == [Self.line(4)])
            inbox.post([])
            #expect(wakes.withLock { $0 } == 2, "nothing posted, nothing to wake for")
        }

        @Test func aWakeUpThatCouldNotBeSentIsTriedAgainAtTheNextPost() {
            let attempts = LockedValue(0)
            let inbox = CommandInbox(wake: { attempts.withLock { $0 += 1; return $0 > 1 } })
            inbox.post([Self.line(1)])
            inbox.post([Self.line(2)])
            inbox.post([Self.line(3)])
            #expect(attempts.withLock { $0 } == 2, "the failed one is retried, the sent one is not repeated")
        }

        @Test func aFullInboxHoldsTheReaderAndWakesTheLoopFirst() throws {
            let probe = try InboxProbe()
            let count = CommandInbox.capacity + 100
            let posted = try WakeUp()
            try NativeThread.start(name: "test reader") {
                probe.inbox.post((1...count).map(Self.line))
                posted.signal()
            }
            // The first wake-up comes when the inbox is full, and the reader waits there: nobody
            // takes anything until the test does.
            #expect(probe.wakeUp.wait(milliseconds: -1))
            #expect(!posted.wait(milliseconds: 0), "the reader waits while the inbox is full")
            probe.wakeUp.clear()
            let first = probe.inbox.takeAll()
            #expect(first.count == CommandInbox.capacity)
            #expect(probe.take { $0.count == count - CommandInbox.capacity }, "the rest arrives once the loop took")
            #expect(posted.wait(milliseconds: -1), "the reader went on once there was room")
            #expect(first + probe.taken == (1...count).map(Self.line), "in order, nothing lost")
        }

        @Test func aControlInputNeverWaitsOnAFullInbox() throws {
            let inbox = CommandInbox(wake: { true })
            inbox.post((1...CommandInbox.capacity).map(Self.line))
            // With the inbox full, a host post would wait here for ever; a control input does not.
            inbox.postControl(.stopSignal(SIGINT))
            let taken = inbox.takeAll()
            #expect(taken.count == CommandInbox.capacity + 1 && taken.last == .stopSignal(SIGINT))
        }
    }
}
