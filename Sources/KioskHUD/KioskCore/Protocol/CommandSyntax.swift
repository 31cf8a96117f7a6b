/// Every command word of the protocol with the form of its argument, in the order PROTOCOL.md
/// lists them: the command list of `--help`. Tests keep it equal to what `CommandParser` takes
/// and to the command tables of README.md, PROTOCOL.md and the man page.
enum CommandSyntax: String, CaseIterable {
    case show
    case hide
    case msg
    case message
    case detail
    case block
    case unblock
    case progress
    case success
    case error
    case info
    case ping
    case status
    case color
    case hudColor = "hud-color"
    case size
    case logo
    case speak
    case deactivate
    case quit

    /// The word and its argument as `--help` shows it, like `msg TEXT`.
    var form: String {
        switch self {
        case .msg, .message, .detail: return rawValue + " TEXT"
        case .block: return "block [on|off]"
        case .progress: return "progress N|off"
        case .success, .error, .info: return rawValue + " [TEXT]"
        case .color: return "color COLOR"
        case .hudColor: return "hud-color #RRGGBBAA"
        case .size: return "size PX"
        case .logo: return "logo PATH|off"
        case .speak: return "speak on|off"
        case .quit: return "quit [--retain]"
        case .show, .hide, .unblock, .ping, .status, .deactivate: return rawValue
        }
    }

    /// The list for `--help`: every form, separated by ` | `, in lines of at most `width` characters
    /// after `indent`.
    static func list(indent: String, width: Int) -> String {
        var lines: [String] = []
        var line = ""
        for form in allCases.map(\.form) {
            let piece = line.isEmpty ? form : " | " + form
            if !line.isEmpty, indent.count + line.count + piece.count > width {
                lines.append(line + " |")
                line = form
            } else {
                line += piece
            }
        }
        return (lines + [line]).joined(separator: "\n" + indent)
    }
}
