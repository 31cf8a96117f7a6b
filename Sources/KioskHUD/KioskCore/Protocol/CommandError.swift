/// Why a line of input is not a command. The overlay reports it and keeps its last good state.
public enum CommandError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The first word is no command kiosk-spinner knows.
    case unknownCommand(String)
    /// The command needs an argument the line does not have.
    case missingArgument(command: String, expected: String)
    /// The command's argument is not one it accepts.
    case invalidArgument(command: String, argument: String, expected: String)
    /// The command takes no argument but the line has one.
    case unexpectedArgument(command: String, argument: String)
    /// The line is longer than the limit; the rest of it was discarded.
    case lineTooLong(limitBytes: Int)
    /// The logo's file could not be read as a picture (`logo PATH`): the file and why.
    case unreadableLogo(String)
    /// The command means nothing on this display: the command and why.
    case notHere(command: String, reason: String)

    public var description: String {
        switch self {
        case .unknownCommand(let word):
            return "unknown command \(DiagnosticText.quoted(word))"
        case .missingArgument(let command, let expected):
            return "\"\(command)\" needs \(expected)"
        case .invalidArgument(let command, let argument, let expected):
            return "\"\(command)\" takes \(expected), not \(DiagnosticText.quoted(argument))"
        case .unexpectedArgument(let command, let argument):
            return "\"\(command)\" takes no argument, got \(DiagnosticText.quoted(argument))"
        case .lineTooLong(let limit):
            return "line longer than \(limit) bytes; the rest of it was discarded"
        case .unreadableLogo(let refusal):
            return "\"logo\" cannot be shown: \(refusal)"
        case .notHere(let command, let reason):
            return "\"\(command)\" does nothing here: \(reason)"
        }
    }
}
