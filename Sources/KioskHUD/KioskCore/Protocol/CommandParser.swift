/// Turns one line of host input (already decoded and sanitised) into a `Command`.
///
/// Grammar: a command word, case-insensitive, then its argument after the first run of spaces.
/// Leading and trailing white space is ignored. Blank lines mean nothing and parse to nil.
/// psplash's `MSG text`, `PROGRESS n` and `QUIT` are the same words. zenity --progress input is
/// `ZenityProgressInput`'s.
public enum CommandParser {
    /// The spellings a stream of input uses.
    public enum Dialect: Sendable, Equatable {
        /// kiosk-spinner's commands (and psplash's).
        case standard
        /// zenity --progress input, read as zenity reads it (`ZenityProgressInput`).
        case zenity
    }

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
        case "quit":
            switch argument.lowercased() {
            case "": return .quit(retainingScreen: false)
            case "--retain": return .quit(retainingScreen: true)
            default: throw .invalidArgument(command: name, argument: argument, expected: "nothing or \"--retain\"")
            }
        case "deactivate": return try noArgument(.deactivate, name, argument)
        case "ping": return try noArgument(.ping, name, argument)
        case "status": return try noArgument(.status, name, argument)
        case "unblock": return try noArgument(.block(false), name, argument)
        case "msg", "message": return .message(text(argument))
        case "detail", "details": return .detail(text(argument))
        case "block":
            switch argument.lowercased() {
            case "", "on": return .block(true)
            case "off": return .block(false)
            default: throw .invalidArgument(command: name, argument: argument, expected: "\"on\" or \"off\"")
            }
        case "progress":
            if argument.lowercased() == "off" { return .progress(nil) }
            guard !argument.isEmpty else { throw .missingArgument(command: name, expected: "a percentage or \"off\"") }
            return .progress(try percentage(argument, command: name))
        case "success", "error", "info":
            let outcome = Outcome(rawValue: name) ?? .info
            return .outcome(outcome, message: argument.isEmpty ? nil : text(argument))
        case "color", "colour":
            return .wheelColor(try color(argument, command: name, expected: "white, gray or #RRGGBB"))
        case "hud-color", "hud-colour":
            return .hudColor(try color(argument, command: name, expected: "#RRGGBBAA"))
        case "size":
            guard !argument.isEmpty else { throw .missingArgument(command: name, expected: "a size in pixels") }
            guard argument.count <= 5, argument.allSatisfy(\.isASCIIDigit), let pixels = Int(argument),
                  Appearance.wheelPixelRange.contains(pixels) else {
                throw .invalidArgument(command: name, argument: argument,
                                       expected: "a whole number of pixels from \(Appearance.wheelPixelRange.lowerBound) to \(Appearance.wheelPixelRange.upperBound)")
            }
            return .wheelSize(pixels)
        case "speak":
            switch argument.lowercased() {
            case "on": return .speak(true)
            case "off": return .speak(false)
            default: throw .invalidArgument(command: name, argument: argument, expected: "\"on\" or \"off\"")
            }
        case "logo":
            guard !argument.isEmpty else { throw .missingArgument(command: name, expected: "the path of a PNG or \"off\"") }
            return .logo(argument.lowercased() == "off" ? .none : .file(argument))
        default:
            throw .unknownCommand(String(word))
        }
    }

    /// A message as the host wrote it on one line: `\n` breaks the line, `\\` is one backslash
    /// and `\"` a quotation mark (as `status` quotes them); any other backslash stays as it is.
    public static func text(_ argument: some StringProtocol) -> String {
        guard argument.contains("\\") else { return String(argument) }
        var result = ""
        var escaping = false
        for character in argument {
            if escaping {
                switch character {
                case "n": result.append("\n")
                case "\\", "\"": result.append(character)
                default: result += "\\" + String(character)
                }
                escaping = false
            } else if character == "\\" {
                escaping = true
            } else {
                result.append(character)
            }
        }
        if escaping { result.append("\\") }
        return result
    }

    /// `text` written on one line so that `text(_:)` reads it back: backslashes doubled, line
    /// breaks as `\n`.
    public static func written(_ text: String) -> String {
        text.replacingAll("\\", with: "\\\\").replacingAll("\n", with: "\\n")
    }

    /// A percentage written as plain decimals (`42`, `42.5`, `-3`), clamped to 0...100. Exponents,
    /// hex, `nan` and `inf` are refused: a host that writes them has a bug worth reporting.
    static func percentage(_ text: String, command: String) throws(CommandError) -> Double {
        let digits = text.hasPrefix("-") || text.hasPrefix("+") ? text.dropFirst() : Substring(text)
        let parts = digits.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard !parts.isEmpty, !parts[0].isEmpty || parts.count == 2,
              parts.allSatisfy({ $0.allSatisfy(\.isASCIIDigit) }), parts.contains(where: { !$0.isEmpty }),
              let value = Double(text) else {
            throw .invalidArgument(command: command, argument: text, expected: "a percentage like 42 or 42.5")
        }
        // A plain decimal too long for a Double reads as infinity: clamped like any other.
        return min(max(value, 0), 100)
    }

    private static func color(_ text: String, command: String, expected: String) throws(CommandError) -> Color {
        guard !text.isEmpty else { throw .missingArgument(command: command, expected: "a colour (\(expected))") }
        guard let color = Color(parsing: text) else {
            throw .invalidArgument(command: command, argument: text, expected: "a colour (\(expected))")
        }
        return color
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
