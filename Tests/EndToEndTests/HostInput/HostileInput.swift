import Testing

/// One hostile input for the overlay's stdin: the bytes, and what the overlay must make of them.
///
/// The table is in `HostileInput+Table.swift`; `HostileInputSession` runs an input. The overlay
/// must still run after it (unless it is a quit), answer a `status` after it as `status` says,
/// and report exactly `errors` on stderr.
struct HostileInput: Sendable, Identifiable, CustomTestStringConvertible {
    /// A stderr report the input must cause.
    struct Report: Sendable, Equatable {
        /// The input's line it names, counting the input's first line as 1.
        var line: Int
        /// What follows `kiosk-spinner: line N: `.
        var problem: String

        /// The stderr line, without its newline, when the input's first line is stdin's line
        /// `firstLine`.
        func text(firstLine: Int) -> String {
            "kiosk-spinner: line \(firstLine + line - 1): \(problem)"
        }
    }

    /// What the input is, in words; also the test case's name.
    var id: String
    /// The bytes written to stdin; every line, the last too, ends in `\n`.
    var bytes: [UInt8]
    /// The stderr reports it must cause, in order.
    var errors: [Report]
    /// Whole stderr lines it must cause after those, naming no line (how a layout adapted).
    var notes: [String] = []
    /// What `status` answers right after it, from the overlay's start state; nil when the input
    /// is a quit, after which nothing is answered and the overlay exits 0.
    var status: OverlayStatus?
    /// Why the overlay does not yet do as the entry says (a bug), or nil.
    var knownIssue: String?

    var testDescription: String { id }

    /// How many lines the input is (the overlay counts lines by `\n` alone).
    var lineCount: Int { bytes.count(where: { $0 == UInt8(ascii: "\n") }) }

    /// The overlay's line limit, PROTOCOL.md's 4096 bytes.
    static let lineLimitBytes = 4096

    /// An input that is no mistake (or a mistake the overlay forgives without a word): no
    /// stderr, and `status` answers `status`.
    static func accepted(_ id: String, _ bytes: [UInt8], status: OverlayStatus = OverlayStatus(),
                         knownIssue: String? = nil) -> HostileInput {
        HostileInput(id: id, bytes: bytes, errors: [], status: status, knownIssue: knownIssue)
    }

    /// An input whose line `line` is refused with `problem` (as in `kiosk-spinner: line 7: problem`)
    /// and changes nothing else: `status` answers `status`.
    static func refused(_ id: String, _ bytes: [UInt8], line: Int = 1, _ problem: String,
                        status: OverlayStatus = OverlayStatus()) -> HostileInput {
        HostileInput(id: id, bytes: bytes, errors: [Report(line: line, problem: problem)], status: status)
    }

    /// An input that is taken but cannot be drawn as asked: one stderr line says how the layout
    /// adapts (`kiosk-spinner: note`), and `status` answers `status`.
    static func adapted(_ id: String, _ bytes: [UInt8], note: String, status: OverlayStatus = OverlayStatus()) -> HostileInput {
        HostileInput(id: id, bytes: bytes, errors: [], notes: ["kiosk-spinner: " + note], status: status)
    }

    /// An input that is a quit: the overlay exits 0 without a word.
    static func quit(_ id: String, _ bytes: [UInt8]) -> HostileInput {
        HostileInput(id: id, bytes: bytes, errors: [], status: nil)
    }
}
