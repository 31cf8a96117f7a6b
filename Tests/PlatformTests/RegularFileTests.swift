import Foundation
import Testing
@testable import KioskPlatform

/// Opening settings files and fonts: never blocking, never anything but a regular file.
@Suite(.timeLimit(.minutes(1))) struct RegularFileTests {
    /// The reason `RegularFile` gives for `path`, or nil when it opens.
    private func refusal(_ path: String) -> String? {
        do {
            _ = try RegularFile(opening: path)
            return nil
        } catch {
            return error.reason
        }
    }

    @Test func aFIFOWithNoWriterIsRefusedAtOnceInsteadOfWaitedOn() throws {
        let folder = try TemporaryFolder()
        let path = folder.path + "/f"
        try #require(mkfifo(path, 0o600) == 0)
        // The old open(O_RDONLY) would block here for ever; the time limit turns that into a failure.
        #expect(refusal(path) == "is a FIFO, not a regular file")
    }

    @Test(arguments: [("/dev/null", "is a character device, not a regular file"),
                      ("/dev/zero", "is a character device, not a regular file"),
                      ("/", "is a directory, not a regular file"),
                      ("/nonexistent/kiosk-spinner.conf", "No such file or directory")])
    func anythingButARegularFileIsRefusedWithWhatItIs(path: String, reason: String) {
        #expect(refusal(path) == reason)
    }

    @Test func theRefusalNamesThePathOnce() {
        do {
            _ = try RegularFile(opening: "/dev/zero")
            Issue.record("/dev/zero was opened")
        } catch {
            #expect(error.description == "/dev/zero: is a character device, not a regular file")
        }
    }

    @Test func aRegularFileIsReadUpToTheCap() throws {
        let folder = try TemporaryFolder()
        let path = folder.path + "/settings"
        try #require(FileManager.default.createFile(atPath: path, contents: Data(repeating: 0x61, count: 200_000)))
        let file = try RegularFile(opening: path)
        #expect(try file.read(atMost: 65537).count == 65537)
        let whole = try RegularFile(opening: path).read(atMost: 1 << 20)
        #expect(whole.count == 200_000 && whole.allSatisfy { $0 == 0x61 })
    }

    @Test func readingAtAnOffsetReadsTheFileThatWasChecked() throws {
        let folder = try TemporaryFolder()
        let path = folder.path + "/font"
        try #require(FileManager.default.createFile(atPath: path, contents: Data("the file checked".utf8)))
        let file = try RegularFile(opening: path)
        #expect(file.size == 16)
        // Swap the path for a FIFO after the check: reads still go to the file opened.
        try #require(unlink(path) == 0 && mkfifo(path, 0o600) == 0)
        var buffer = [UInt8](repeating: 0, count: 16)
        let count = try buffer.withUnsafeMutableBytes { try file.read(into: $0, at: 4) }
        // 12 bytes from offset 4, and no more: the end of the file ends the read.
        #expect(count == 12 && String(decoding: buffer.prefix(count), as: UTF8.self) == "file checked")
    }
}
