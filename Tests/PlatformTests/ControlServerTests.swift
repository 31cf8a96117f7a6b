import Glibc
import Testing
import KioskCore
@testable import KioskPlatform

extension OneAtATime {
    /// The control server over a real socket, with a stand-in loop (`ServedSocket`): flow control
    /// that never cuts off a client that reads, bounds for one that does not, and the client limit.
    @Suite(.timeLimit(.minutes(2))) struct ControlServerTests {
        /// A status line of 16 KB, as a 4,000-byte message and details of quotation marks make it.
        static let longStatus = "visible=1 message=\"" + String(repeating: "\\\"", count: 4000) + "\" detail=\""
            + String(repeating: "\\\"", count: 4000) + "\""

        @Test func aClientThatAsksForMuchAtOnceAndReadsGetsEveryAnswer() throws {
            let served = try ServedSocket()
            served.statusLine.withLock { $0 = Self.longStatus }
            let client = try served.connect()
            // 256 answers of 16 KB are 4 MiB at once, four times what may be left unread.
            let count = 256
            try client.write(String(repeating: "status\n", count: count) + "ping\n")
            #expect(try client.read(until: "pong"))
            #expect(!client.isClosedByOverlay)
            #expect(client.lines.count == count + 1)
            #expect(client.lines.dropLast().allSatisfy { $0 == Self.longStatus })
            #expect(served.largestStep.withLock { $0 } <= ControlServer.maximumLinesInFlight,
                    "what its commands ask for at once is bounded before the answers exist")
        }

        @Test func aClientThatDoesNotReadIsReadNoMoreAndNeverCutOff() throws {
            let served = try ServedSocket()
            served.statusLine.withLock { $0 = Self.longStatus }
            let client = try served.connect()
            let count = 1000
            try client.write(String(repeating: "status\n", count: count) + "ping\n")
            // The server stops handing its lines over once answers wait; the loop's steps then stop.
            // Nothing marks that moment, so this waits until no step came for half a second: on a
            // loaded machine the count is only lower, which the bound below allows.
            while served.stepped.wait(milliseconds: 500) { served.stepped.clear() }
            let appliedUnread = served.totalApplied
            // What waits: at most 64 KiB before the pause, 64 lines in flight (16 KB each), and what
            // the socket's buffers hold; far below the 1,000 asked for.
            #expect(appliedUnread < 300, "\(appliedUnread) lines were applied while the client did not read")
            #expect(try client.read(until: "pong", within: 60), "once it reads, every answer comes")
            #expect(!client.isClosedByOverlay)
            #expect(client.lines.count == count + 1)
        }

        @Test func eventsAClientLeavesUnreadPastTheLimitDisconnectItWhileAReaderStays() throws {
            let served = try ServedSocket()
            let deaf = try served.connect()
            let reader = try served.connect()
            for client in [deaf, reader] {
                try client.write("ping\n")
                #expect(try client.read(until: "pong"), "connected and served")
            }
            // 3 MiB of events of 1 KiB, 32 at a time; the reader takes each batch before the next.
            let event = String(repeating: "e", count: 1023)
            let batches = 96
            for batch in 1...batches {
                served.broadcast(Array(repeating: event, count: 32))
                #expect(try reader.read { $0.lines.count == 1 + 32 * batch })
            }
            #expect(try reader.read { $0.lines.count == 1 + 32 * batches })
            #expect(!reader.isClosedByOverlay, "a client that keeps reading is never cut off")
            try reader.write("ping\n")
            #expect(try reader.read(until: "pong"))

            #expect(try deaf.readToTheEnd(), "the client that did not read was disconnected")
            let heard = deaf.lines.dropFirst()
            #expect(heard.allSatisfy { $0 == event }, "what it got before is whole events")
            #expect(heard.count < 32 * batches, "\(heard.count) events reached it before it was cut off")
        }

        @Test func theSixtyFifthClientIsToldWhyAndTheOthersStayServed() throws {
            let served = try ServedSocket()
            var clients: [TestClient] = []
            for _ in 0..<ControlServer.maximumClients {
                let client = try served.connect()
                try client.write("ping\n")
                #expect(try client.read(until: "pong"))
                clients.append(client)
            }
            let extra = try served.connect()
            #expect(try extra.readToTheEnd())
            #expect(extra.lines == ["error too many clients (at most 64 at once)"])
            try clients[0].write("ping\n")
            #expect(try clients[0].read { $0.lines.count == 2 })
            // One leaves: the next one is served.
            clients.removeLast()
            let next = try served.connect()
            try next.write("ping\n")
            #expect(try next.read(until: "pong"))
        }

        @Test func whatAClientSentBeforeLeavingIsAllApplied() throws {
            let served = try ServedSocket()
            let count = 500
            do {
                let client = try served.connect()
                // More lines than may be in flight at once; the client goes without reading.
                try client.write(String(repeating: "ping\n", count: count))
            }
            while served.totalApplied < count {
                #expect(served.stepped.wait(milliseconds: 30_000), "\(served.totalApplied) of \(count) applied")
                served.stepped.clear()
            }
            #expect(served.totalApplied == count)
        }
    }
}
