import Foundation
import Testing
@testable import KioskCore
import KioskTestSupport

/// zenity --progress's rules as one table, Tests/ZenityCases/progress-input.tsv: each row's
/// options and stdin go through the real option parser, the zenity dialect of `CommandStream` and
/// `LoopPolicy`, and must leave what zenity's dialog shows. scripts/check-zenity-table checks the
/// same rows against the real zenity.
@Suite struct ZenityProgressTableTests {
    /// One row of the table.
    struct Row: CustomTestStringConvertible, Sendable {
        var name: String
        var arguments: [String]
        var input: [UInt8]
        var endsInput: Bool
        var text: String
        var percent: Double?
        var pulses: Bool
        /// How it ends: still running a moment later, exited (with its status), or refused.
        var ending: String

        var testDescription: String { name }
    }

    static let rows: [Row] = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        let path = root.appendingPathComponent("ZenityCases/progress-input.tsv")
        guard let table = try? String(contentsOf: path, encoding: .utf8) else { return [] }
        return table.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { line in
            let columns = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            return Row(name: columns[0],
                       arguments: columns[1] == "-" ? [] : columns[1].split(separator: "|", omittingEmptySubsequences: false)
                           .map { unescaped(String($0)).replacingOccurrences(of: "{DISPLAY}", with: ":0") },
                       input: Array(unescaped(bytes: columns[2])), endsInput: columns[3] == "eof",
                       text: unescaped(columns[4]), percent: Double(columns[5]), pulses: columns[6] == "pulsing",
                       ending: columns[7])
        }
    }()

    @Test func theTableIsThere() {
        #expect(Self.rows.count >= 50)
        #expect(Set(Self.rows.map(\.name)).count == Self.rows.count, "row names are unique")
    }

    @Test(arguments: rows)
    func zenityProgressShowsWhatZenityShows(row: Row) throws {
        guard row.ending != "refused" else {
            #expect(throws: OptionError.self) { try OptionParser.parse(["--progress"] + row.arguments) }
            return
        }
        let options = try OptionParser.parse(["--progress"] + row.arguments)
        if options.action == .help {
            #expect(row.ending == "0", "zenity's help options print the help and exit 0")
            return
        }
        #expect(options.action == .run)
        let session = HostSession(appearance: options.appearance, timing: options.timing,
                                  clock: FixedStepClock(ticksPerSecond: 60), state: options.initialState)
        var loop = LoopPolicy(session: session, composers: [FrameComposer(screen: Size(width: 800, height: 480))],
                              settings: options.loopSettings)
        var stream = CommandStream(dialect: .zenity)
        var events = stream.feed(row.input)
        if row.endsInput, let last = stream.finish() { events.append(last) }
        let inputs = events.map { LoopInput.host($0, from: .standardInput) } + (row.endsInput ? [.endOfInput] : [])
        _ = loop.step([], atTick: 0, measurer: FakeMeasurer())
        let step = loop.step(inputs, atTick: 1, measurer: FakeMeasurer())
        guard row.ending == "running" else {
            #expect(row.ending == "0")
            #expect(step.exit == .autoClose)
            return
        }
        #expect(step.exit == nil)
        let state = loop.session.state
        #expect(state.message == TextSanitizer.cleanKeepingLineBreaks(row.text))
        #expect(abs((state.progress ?? state.lastProgress) - (row.percent ?? -1)) < 1e-3, "percentage")
        #expect(state.isPulsating == row.pulses)
        #expect((state.progress == nil) == row.pulses, "the wheel exactly while pulsating")
        #expect(step.answers.allSatisfy { !$0.isForStandardOutput }, "zenity input is never answered, and stdout says nothing")
        #expect(step.reports.isEmpty, "a line zenity ignores is not reported either")
    }

    /// The table's escapes: `\n \r \t \0 \\ \xHH`.
    private static func unescaped(bytes text: String) -> [UInt8] {
        var result: [UInt8] = []
        var rest = Array(text.utf8)[...]
        while let byte = rest.popFirst() {
            guard byte == UInt8(ascii: "\\"), let escape = rest.popFirst() else {
                result.append(byte)
                continue
            }
            switch escape {
            case UInt8(ascii: "n"): result.append(0x0A)
            case UInt8(ascii: "r"): result.append(0x0D)
            case UInt8(ascii: "t"): result.append(0x09)
            case UInt8(ascii: "0"): result.append(0)
            case UInt8(ascii: "x"):
                let hex = String(decoding: rest.prefix(2), as: UTF8.self)
                rest = rest.dropFirst(2)
                result.append(UInt8(hex, radix: 16) ?? 0)
            default: result.append(escape)
            }
        }
        return result
    }

    private static func unescaped(_ text: String) -> String { String(decoding: unescaped(bytes: text), as: UTF8.self) }
}
