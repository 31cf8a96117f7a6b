import Testing
@testable import KioskCore

@Suite struct CommandStreamTests {
    private func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    @Test func linesEndInNewlineOrCarriageReturnNewline() {
        var reader = LineReader(limitBytes: 16)
        let lines = reader.feed(bytes("show\r\nhide\nmsg a"))
        #expect(lines == [.init(number: 1, bytes: bytes("show")), .init(number: 2, bytes: bytes("hide"))])
        #expect(reader.finish() == .init(number: 3, bytes: bytes("msg a")))
        #expect(reader.finish() == nil)
    }

    @Test func linesSplitAcrossChunksAreJoined() {
        var reader = LineReader(limitBytes: 16)
        #expect(reader.feed(bytes("ms")).isEmpty)
        #expect(reader.feed(bytes("g hi\n")) == [.init(number: 1, bytes: bytes("msg hi"))])
    }

    @Test func overLongLineIsRejectedAndTheNextLineStillWorks() {
        var reader = LineReader(limitBytes: 8)
        let lines = reader.feed(bytes("msg 0123456789\nshow\n"))
        #expect(lines == [.init(number: 1, bytes: nil), .init(number: 2, bytes: bytes("show"))])
    }

    @Test func lineOfExactlyTheLimitIsKeptWithItsCarriageReturn() {
        var reader = LineReader(limitBytes: 4)
        #expect(reader.feed(bytes("show\r\n")) == [.init(number: 1, bytes: bytes("show"))])
    }

    @Test func endlessLineKeepsMemoryBounded() {
        var reader = LineReader(limitBytes: 4096)
        let chunk = [UInt8](repeating: UInt8(ascii: "a"), count: 1 << 16)
        for _ in 0..<160 { #expect(reader.feed(chunk).isEmpty) }  // 10 MiB without a newline
        #expect(reader.feed(bytes("\nhide\n")) == [.init(number: 1, bytes: nil), .init(number: 2, bytes: bytes("hide"))])
    }

    /// psplash's writers end lines at NUL: a skipped over-long line ends at whichever of NUL and
    /// newline comes first, in a later chunk, from contiguous bytes or not.
    @Test(arguments: [true, false])
    func aSkippedLineEndsAtItsFirstTerminator(contiguous: Bool) {
        var reader = LineReader(limitBytes: 4, endsAtNUL: true)
        func feed(_ text: String) -> [LineReader.Line] {
            contiguous ? reader.feed(bytes(text)) : reader.feed(bytes(text).lazy.map { $0 })
        }
        #expect(feed("0123456789").isEmpty)
        #expect(feed("abc\u{0}show\nxxxxxxxxx\nhide\u{0}") == [
            .init(number: 1, bytes: nil), .init(number: 2, bytes: bytes("show")),
            .init(number: 3, bytes: nil), .init(number: 4, bytes: bytes("hide")),
        ])
    }

    @Test func streamNumbersItsEventsAndSkipsBlankLines() {
        var stream = CommandStream()
        let events = stream.feed(bytes("show\n\nshwo\nmsg hi\n"))
        #expect(events == [
            .command(.show, line: 1),
            .rejected(.unknownCommand("shwo"), line: 3),
            .command(.message("hi"), line: 4),
        ])
    }

    @Test func overLongLineIsReportedWithItsNumber() {
        var stream = CommandStream(lineLimitBytes: 4096)
        let events = stream.feed(bytes("msg " + String(repeating: "x", count: 5000) + "\nhide\n"))
        #expect(events == [.rejected(.lineTooLong(limitBytes: 4096), line: 1), .command(.hide, line: 2)])
    }

    @Test func invalidUTF8BecomesReplacementCharacter() {
        var stream = CommandStream()
        let events = stream.feed([0x6D, 0x73, 0x67, 0x20, 0x61, 0xFF, 0x62, 0x0A])  // "msg a\xFFb\n"
        #expect(events == [.command(.message("a\u{FFFD}b"), line: 1)])
    }

    @Test func controlCharactersAreDroppedAndNULEndsNothing() {
        var stream = CommandStream()
        let events = stream.feed(bytes("msg a\u{0}b\u{7}c\u{1B}[31md\u{7F}\u{85}e\tf\n"))
        #expect(events == [.command(.message("abc[31mde f"), line: 1)])
    }
}
