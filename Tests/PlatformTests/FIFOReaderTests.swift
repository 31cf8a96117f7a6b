import Foundation
import Glibc
import Testing
import KioskCore
@testable import KioskPlatform

extension OneAtATime {
    /// The FIFO reader: every writer in turn is heard and none is refused (the FIFO is opened again
    /// before the last descriptor closes), and a FIFO swapped in at the path is never read.
    @Suite(.timeLimit(.minutes(1))) struct FIFOReaderTests {
        /// What the reader reported, and a wake-up for each report.
        final class Reports: Sendable {
            let lines = LockedValue<[String]>([])
            let arrived: WakeUp
            init() throws { arrived = try WakeUp() }
            func report(_ line: String) {
                lines.withLock { $0.append(line) }
                arrived.signal()
            }
        }

        /// Opens `path` for writing as psplash-write does (O_WRONLY | O_NONBLOCK: it fails with
        /// ENXIO when nobody reads), writes `text` and closes it.
        private static func write(_ text: String, to path: String) throws(Errno) {
            let writer = try FileDescriptor.open(path, O_WRONLY | O_NONBLOCK)
            try writer.writeAll(text.utf8)
        }

        @Test func everyWriterInTurnIsHeardAndNoneIsEverRefused() throws {
            let folder = try TemporaryFolder()
            let path = folder.path + "/k.fifo"
            let reports = try Reports()
            let reader = try FIFOReader(path: path, mode: 0o600, trustsOthers: false, relocation: "", releases: .forTest(), report: reports.report)
            let probe = try InboxProbe()
            try reader.start(inbox: probe.inbox)
            let writers = 200
            for number in 1...writers {
                // Each writer opens, writes and leaves at once, as fast as it can: the reader must
                // already have the FIFO open again when the next one opens (ENXIO otherwise).
                #expect(throws: Never.self) { try Self.write("msg \(number)\n", to: path) }
            }
            #expect(probe.take { $0.count == writers })
            #expect(probe.commands == (1...writers).map { "message(\"\($0)\")" })
            #expect(reports.lines.withLock { $0 } == [])
        }

        @Test func theFIFOItMadeIsRemovedAtTheFinishAndOneFoundOfTheUsersToo() throws {
            let folder = try TemporaryFolder()
            let made = folder.path + "/made.fifo", found = folder.path + "/found.fifo"
            try #require(mkfifo(found, 0o600) == 0)
            let finish = ExitProcedure.forTest()
            let reports = try Reports()
            _ = try FIFOReader(path: made, mode: 0o600, trustsOthers: false, relocation: "", releases: finish, report: reports.report)
            _ = try FIFOReader(path: found, mode: 0o600, trustsOthers: false, relocation: "", releases: finish, report: reports.report)
            #expect(Set(try FileManager.default.contentsOfDirectory(atPath: folder.path)) == ["made.fifo", "found.fifo"],
                    "only the FIFOs: no temporary name is left beside them")
            _ = finish.run(Int32(0), within: 1, reporting: nil)
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == [])
        }

        @Test func aFIFOSwappedInAtThePathIsNotOpenedAgain() throws {
            let folder = try TemporaryFolder()
            let path = folder.path + "/k.fifo"
            let reports = try Reports()
            let reader = try FIFOReader(path: path, mode: 0o600, trustsOthers: false, relocation: "", releases: .forTest(), report: reports.report)
            let probe = try InboxProbe()
            try reader.start(inbox: probe.inbox)
            // A writer holds the FIFO checked at start while another FIFO is renamed over its path.
            let writer = try FileDescriptor.open(path, O_WRONLY | O_NONBLOCK)
            let other = folder.path + "/other.fifo"
            try #require(mkfifo(other, 0o600) == 0 && rename(other, path) == 0)
            try writer.writeAll("msg before the swap\n".utf8)
            #expect(probe.take { $0.count == 1 })
            // When that writer leaves, the reader opens the path again for the next one: it finds
            // the other FIFO, and stops instead of reading it.
            _ = consume writer
            #expect(reports.arrived.wait(milliseconds: -1))
            #expect(reports.lines.withLock { $0 } == ["refusing the FIFO \(path): it was replaced by another FIFO; no longer reading it"])
            #expect(throws: Errno(ENXIO), "nobody reads the FIFO swapped in") { try Self.write("msg after\n", to: path) }
            #expect(probe.commands == ["message(\"before the swap\")"])
        }

        @Test func aFIFOTheUserMadeWritableByOthersMeanwhileIsNotOpenedAgain() throws {
            let folder = try TemporaryFolder()
            let path = folder.path + "/k.fifo"
            try #require(mkfifo(path, 0o600) == 0)
            let reports = try Reports()
            // Found, not made here: the rule is checked again at every open.
            let reader = try FIFOReader(path: path, mode: 0o600, trustsOthers: false, relocation: "", releases: .forTest(), report: reports.report)
            let probe = try InboxProbe()
            try reader.start(inbox: probe.inbox)
            try #require(chmod(path, 0o622) == 0)
            try Self.write("msg one\n", to: path)
            #expect(reports.arrived.wait(milliseconds: -1))
            #expect(reports.lines.withLock { $0 }.first?.hasSuffix("other users may write to it (mode 0622), and whoever writes to it "
                + "drives the overlay; pass --fifo-trust-others to use it anyway; no longer reading it") == true,
                    "\(reports.lines.withLock { $0 })")
            #expect(probe.take { $0.count == 1 }, "what the writer already wrote was read")
        }
    }
}
