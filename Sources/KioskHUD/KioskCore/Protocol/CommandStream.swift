/// What one line of host input amounted to.
public enum HostEvent: Sendable, Equatable {
    /// A command to apply, from input line `line`.
    case command(Command, line: Int)
    /// A line that is not a command: report it and keep the last good state.
    case rejected(CommandError, line: Int)
}

/// The host's byte stream turned into commands: lines cut and capped by a `LineReader`, decoded
/// and cleaned by `TextSanitizer`, parsed by `CommandParser`. Blank lines produce nothing. In the
/// zenity dialect lines end as zenity's do and `ZenityProgressInput` reads their raw bytes;
/// a line zenity ignores produces nothing, not even a report.
public struct CommandStream: Sendable {
    private var lines: LineReader
    private let dialect: CommandParser.Dialect

    /// Creates a stream whose lines are capped at `lineLimitBytes`, read in `dialect`, ending at
    /// NUL bytes too when `endsAtNUL` (psplash's writers end commands so).
    public init(lineLimitBytes: Int = 4096, dialect: CommandParser.Dialect = .standard, endsAtNUL: Bool = false) {
        lines = LineReader(limitBytes: lineLimitBytes, endsAtNUL: endsAtNUL, endsLikeGLib: dialect == .zenity)
        self.dialect = dialect
    }

    /// Takes the next bytes and returns the events of the lines they complete.
    public mutating func feed(_ chunk: some Collection<UInt8>) -> [HostEvent] {
        lines.feed(chunk).compactMap(event)
    }

    /// Ends the stream: the event of a last line without a terminator, if any.
    public mutating func finish() -> HostEvent? {
        lines.finish().flatMap(event)
    }

    private func event(_ line: LineReader.Line) -> HostEvent? {
        guard let bytes = line.bytes else {
            return .rejected(.lineTooLong(limitBytes: lines.limitBytes), line: line.number)
        }
        if dialect == .zenity {
            return ZenityProgressInput.command(bytes, terminator: line.terminator).map { .command($0, line: line.number) }
        }
        do {
            return try CommandParser.parse(TextSanitizer.text(from: bytes)).map { .command($0, line: line.number) }
        } catch {
            return .rejected(error, line: line.number)
        }
    }
}
