import Foundation

/// What a documented example must do, as its annotation says. In Markdown the annotation is an
/// HTML comment on the last non-blank line before the fenced block; in the man page a roff
/// comment (`.\" example: ...`) before the block's `.RS`:
///
///     <!-- example: exits 0; stdout contains "pong" -->
///     <!-- example: keeps running; stdout contains "ready" -->
///     <!-- example: skip, reason: needs systemd -->
///
/// Clauses, separated by `;`, each at most once except the `contains` ones:
///
/// | clause | meaning |
/// |---|---|
/// | `exits N` | the example ends by itself with status N (its output closed: background programs it started ended too) |
/// | `keeps running` | the example is still running once every other clause holds; then its process group gets SIGTERM and must end |
/// | `stdout contains "TEXT"` | its stdout (and that of the programs it started) contains TEXT |
/// | `stdout contains "TEXT" within N s` | ... and did so at most N seconds after the example started |
/// | `stdout contains "TEXT" within N s of "EARLIER"` | ... at most N seconds after EARLIER first showed there (which leaves the start-up of a loaded machine out) |
/// | `stderr contains "TEXT"` | the same for stderr (also with `within`) |
/// | `stderr is empty` | nothing was written to stderr |
/// | `creates PATH` | a file PATH exists in its working folder afterwards |
/// | `within N s` | the time it may take (default 30 s, scaled under a sanitizer) |
///
/// Exactly one of `exits N` and `keeps running` is required. `skip, reason: TEXT` is for an
/// example that cannot run on a build machine (it needs systemd, a DRM device, root on the real
/// system), and the reason must say which.
enum ExampleAnnotation: Equatable, Sendable {
    /// The example runs and must do what `Expectation` says.
    case runs(Expectation)
    /// The example is not run, for this reason.
    case skipped(reason: String)

    /// How a run must end.
    enum Ending: Equatable, Sendable {
        /// It exits by itself with this status.
        case exits(Int32)
        /// It keeps running; the test stops it.
        case keepsRunning
    }

    /// A text the output must contain, and how soon after the start (or after `since` showed
    /// on the same stream) when that matters.
    struct Sighting: Equatable, Sendable {
        var text: String
        var withinSeconds: Double?
        var since: String?

        init(_ text: String, withinSeconds: Double? = nil, since: String? = nil) {
            self.text = text
            self.withinSeconds = withinSeconds
            self.since = since
        }
    }

    /// What a run must do.
    struct Expectation: Equatable, Sendable {
        var ending: Ending
        var outputContains: [Sighting] = []
        var errorsContain: [Sighting] = []
        var errorsAreEmpty = false
        var createdFiles: [String] = []
        var seconds = 30.0
    }

    /// An annotation that cannot be read, with what is wrong.
    struct Malformed: Error, Equatable, CustomStringConvertible {
        var text: String
        var problem: String
        var description: String { "annotation \"\(text)\": \(problem)" }
    }

    /// The prefix that starts an annotation's text.
    static let keyword = "example:"

    /// Reads the text after `example:` (without the comment's delimiters).
    init(parsing text: String) throws(Malformed) {
        let body = text.trimmingCharacters(in: .whitespaces)
        if body.hasPrefix("skip") {
            let rest = body.dropFirst("skip".count).trimmingCharacters(in: .whitespaces)
            let reasonPrefix = ", reason:"
            let reason = rest.hasPrefix(reasonPrefix) ? rest.dropFirst(reasonPrefix.count).trimmingCharacters(in: .whitespaces) : ""
            guard !reason.isEmpty else { throw Malformed(text: text, problem: "a skip needs \", reason: WHY\"") }
            self = .skipped(reason: reason)
            return
        }
        var ending: Ending?
        var expectation = Expectation(ending: .keepsRunning)
        var timeGiven = false
        for clause in body.split(separator: ";").map({ $0.trimmingCharacters(in: .whitespaces) }) {
            func setEnding(_ new: Ending) throws(Malformed) {
                guard ending == nil else { throw Malformed(text: text, problem: "more than one of \"exits N\" and \"keeps running\"") }
                ending = new
            }
            if clause == "keeps running" {
                try setEnding(.keepsRunning)
            } else if let status = Self.value(of: clause, after: "exits ").flatMap({ Int32($0) }) {
                try setEnding(.exits(status))
            } else if let quoted = Self.value(of: clause, after: "stdout contains ") {
                expectation.outputContains.append(try Self.sighting(quoted, in: text))
            } else if let quoted = Self.value(of: clause, after: "stderr contains ") {
                expectation.errorsContain.append(try Self.sighting(quoted, in: text))
            } else if clause == "stderr is empty" {
                expectation.errorsAreEmpty = true
            } else if let path = Self.value(of: clause, after: "creates "), !path.isEmpty {
                expectation.createdFiles.append(path)
            } else if let time = Self.value(of: clause, after: "within "), let seconds = Self.seconds(time), !timeGiven {
                timeGiven = true
                expectation.seconds = seconds
            } else {
                throw Malformed(text: text, problem: "unknown or repeated clause \"\(clause)\"")
            }
        }
        guard let ending else { throw Malformed(text: text, problem: "needs \"exits N\" or \"keeps running\"") }
        expectation.ending = ending
        self = .runs(expectation)
    }

    /// The rest of `clause` after `prefix`, or nil when it does not start with it.
    private static func value(of clause: String, after prefix: String) -> String? {
        clause.hasPrefix(prefix) ? String(clause.dropFirst(prefix.count)) : nil
    }

    /// `"TEXT"`, `"TEXT" within N s` or `"TEXT" within N s of "EARLIER"`; no text may contain a quote.
    private static func sighting(_ quoted: String, in text: String) throws(Malformed) -> Sighting {
        let parts = quoted.split(separator: "\"", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].isEmpty, !parts[1].isEmpty else {
            throw Malformed(text: text, problem: "expected a non-empty \"QUOTED TEXT\", not \(quoted)")
        }
        let rest = parts[2]
        if rest.isEmpty { return Sighting(String(parts[1])) }
        let time = rest.hasPrefix(" within ") ? rest.dropFirst(" within ".count) : ""
        let pieces = time.components(separatedBy: " of ")
        guard pieces.count <= 2, let seconds = seconds(pieces[0]) else {
            throw Malformed(text: text, problem: "expected nothing or \" within N s [of \"EARLIER\"]\" after the quoted text, not \"\(rest)\"")
        }
        let since = try pieces.dropFirst().first.map { earlier throws(Malformed) in try sighting(earlier, in: text) }
        guard since.map({ $0.withinSeconds == nil }) ?? true else {
            throw Malformed(text: text, problem: "the earlier text takes no \"within\" of its own")
        }
        return Sighting(String(parts[1]), withinSeconds: seconds, since: since?.text)
    }

    /// The positive number of seconds in `N s`, or nil.
    private static func seconds(_ text: String) -> Double? {
        guard text.hasSuffix(" s"), let seconds = Double(text.dropLast(2)), seconds > 0, seconds.isFinite else { return nil }
        return seconds
    }
}
