/// Turns one line of host input (already decoded and sanitised) into a `Command`.
///
/// Grammar: a command word, case-insensitive, then its argument after the first run of spaces or
/// tabs. Leading and trailing white space is ignored. Blank lines mean nothing and parse to nil.
public enum CommandParser {
    /// Parses `line`; returns nil for a blank line and throws `CommandError` for a bad one.
    public static func parse(_ line: String) throws(CommandError) -> Command? {
        let trimmed = line.trimmingBlanks()
        guard !trimmed.isEmpty else { return nil }
        let word: Substring
        let argument: String
        if let gap = trimmed.firstIndex(where: \.isBlank) {
            word = trimmed[..<gap]
            argument = String(trimmed[gap...]).trimmingBlanks()
        } else {
            word = trimmed[...]
            argument = ""
        }
        let name = word.lowercased()
        switch name {
        case "show": return try noArgument(.show, name, argument)
        case "hide": return try noArgument(.hide, name, argument)
        case "quit": return try noArgument(.quit, name, argument)
        case "unblock": return try noArgument(.block(false), name, argument)
        case "msg", "message": return .message(argument)
        case "detail", "details": return .detail(argument)
        case "block":
            switch argument.lowercased() {
            case "", "on": return .block(true)
            case "off": return .block(false)
            default: throw .invalidArgument(command: name, argument: argument, expected: "\"on\" or \"off\"")
            }
        default:
            throw .unknownCommand(String(word))
        }
    }

    private static func noArgument(_ command: Command, _ name: String, _ argument: String) throws(CommandError) -> Command {
        guard argument.isEmpty else { throw .unexpectedArgument(command: name, argument: argument) }
        return command
    }
}

extension Character {
    /// A space or a tab: what separates a command from its argument.
    var isBlank: Bool { self == " " || self == "\t" }
}

extension String {
    /// The string without leading and trailing spaces and tabs.
    func trimmingBlanks() -> String {
        guard let first = firstIndex(where: { !$0.isBlank }), let last = lastIndex(where: { !$0.isBlank }) else {
            return ""
        }
        return String(self[first...last])
    }
}
