import Foundation
import Testing

/// What the live overlay does with lines that are not commands, through a real pipe.
@Suite("Bad input lines", .timeLimit(.minutes(3)))
struct InputLineTests {
    /// How long a mebibyte of garbage may take to write and be worked through: a debug build
    /// reports each of its some 16 000 lines, on a loaded machine.
    static let garbageSeconds = 45.0

    @Test func unknownCommandIsReportedAsOneStderrLineWithItsNumber() async throws {
        let overlay = try await LiveOverlay.start()
        defer { overlay.stop() }

        try await overlay.send("shwo")
        try await Poll.until("an error line on stderr") { !overlay.program.errors.lines.isEmpty }
        #expect(overlay.program.errors.lines == [#"kiosk-spinner: line 1: unknown command "shwo""#])

        _ = try await overlay.waitUntilShowing()
        try await overlay.send("quit")
        #expect(try await overlay.program.ending() == .exited(0))
        #expect(overlay.program.errors.text == "kiosk-spinner: line 1: unknown command \"shwo\"\n")
    }

    @Test func aMebibyteOfRandomBytesIsReportedLineByLineAndTheOverlayCarriesOn() async throws {
        let garbage = GarbageInput(seed: 0x6B69_6F73_6B21)
        let messageLine = garbage.lineCount + 1
        let overlay = try await LiveOverlay.start()
        defer { overlay.stop() }

        try await overlay.program.send(bytes: garbage.bytes, within: Self.garbageSeconds)
        try await overlay.send("msg after garbage")
        _ = try await overlay.waitUntilShowing()
        try await overlay.send("quit")
        #expect(try await overlay.program.ending(within: Self.garbageSeconds) == .exited(0))

        let diagnostics = overlay.program.errors.lines
        let numbers = diagnostics.map(Self.lineNumber(ofDiagnostic:))
        #expect(numbers.allSatisfy { $0 != nil }, "every stderr line is `kiosk-spinner: line N: problem`; first that is not: \(diagnostics.first { Self.lineNumber(ofDiagnostic: $0) == nil } ?? "")")
        let lineNumbers = numbers.compactMap { $0 }
        #expect(lineNumbers.count > garbage.lineCount / 2, "most random lines are reported (\(lineNumbers.count) of \(garbage.lineCount))")
        #expect(zip(lineNumbers, lineNumbers.dropFirst()).allSatisfy { $0 < $1 }, "one report a line, in input order")
        #expect(lineNumbers.allSatisfy { $0 <= garbage.lineCount }, "no report for `msg after garbage` (line \(messageLine)) or `quit`")
        let overlongReport = "kiosk-spinner: line \(garbage.overlongLineNumber): line longer than \(GarbageInput.lineLimitBytes) bytes; the rest of it was discarded"
        #expect(diagnostics.contains(overlongReport))
    }

    /// N from `kiosk-spinner: line N: <problem>`, or nil when the line is not in that form.
    static func lineNumber(ofDiagnostic line: String) -> Int? {
        let prefix = "kiosk-spinner: line "
        guard line.hasPrefix(prefix) else { return nil }
        let rest = line.dropFirst(prefix.count)
        guard let colon = rest.firstIndex(of: ":"), let number = Int(rest[..<colon]), number > 0,
              rest[colon...].hasPrefix(": "), rest[colon...].count > 2 else {
            return nil
        }
        return number
    }
}
