import Foundation

/// Reading the overlay's events (its stdout lines) and asking it questions.
extension LiveOverlay {
    /// A line the overlay wrote to stdout, and where it is among them.
    struct Event: Equatable {
        /// Its position among the stdout lines, from 0.
        var index: Int
        /// The line, without its newline.
        var line: String
    }

    /// The complete lines the program wrote to stdout so far.
    var events: [String] { program.output.lines }

    /// Waits for the first stdout line at `start` or later that `matches`; returns it. `what`
    /// names it for the failure message.
    @discardableResult
    func waitForEvent(_ what: String, from start: Int = 0, within seconds: Double = Poll.defaultSeconds,
                      where matches: @escaping (String) -> Bool) async throws -> Event {
        try await Poll.value("\(what) on stdout (from line \(start + 1))", within: seconds,
                             lastSeen: { "stdout \(events); stderr \(program.errors.text)" }) {
            let lines = events
            guard start < lines.count, let index = lines[start...].firstIndex(where: matches) else { return nil }
            return Event(index: index, line: lines[index])
        }
    }

    /// Waits for the first stdout line at `start` or later that is exactly `line`.
    @discardableResult
    func waitForEvent(_ line: String, from start: Int = 0, within seconds: Double = Poll.defaultSeconds) async throws -> Event {
        try await waitForEvent("\"\(line)\"", from: start, within: seconds) { $0 == line }
    }

    /// Sends `commands` (each ended by a newline) in one write, then `status`, and returns the
    /// status line it answers.
    func status(after commands: [String] = []) async throws -> String {
        let start = events.count
        try await program.send((commands + ["status"]).map { $0 + "\n" }.joined())
        return try await waitForEvent("a status line", from: start) { $0.hasPrefix("visible=") }.line
    }
}
