/// What `zenity --progress`'s options ask for (`ZenityOption`), used in the zenity dialect.
public struct ZenityProgressOptions: Sendable, Equatable {
    /// `--text`: the message at start, as plain text; nil: zenity's default.
    public var text: String?
    /// `--percentage`: the progress at start (zenity takes any int; shown clamped to 0-100).
    public var percentage = 0
    /// `--pulsate`: start pulsating (the wheel).
    public var pulsates = false
    /// `--auto-close`: exit 0 at 100 % and at the end of input.
    public var autoCloses = false
    /// `--auto-kill`: on Cancel, SIGHUP to the parent before the exit, as zenity does.
    public var autoKills = false
    /// `--no-cancel`: no Cancel on the HUD (zenity's dialog has one unless told).
    public var hidesCancel = false

    /// `--timeout`: exit 5 after this many seconds; nil or 0: never.
    public var timeoutSeconds: Int?
    /// `--time-remaining`: say in the details line how long the progress will take yet
    /// (`RemainingTimeEstimate`).
    public var showsTimeRemaining = false
    /// The zenity options given (besides `--progress`), to refuse them outside the zenity dialect.
    public var givenOptions: [String] = []

    /// The options zenity uses by default.
    public init() {}

    /// The state the overlay starts in, as zenity's dialog starts: `--text`, else `message`
    /// (`--message`, or zenity's "Running..." in the device's language), the bar at
    /// `--percentage`, pulsating with `--pulsate`.
    public func initialState(visible: Bool, message: String) -> HUDState {
        var state = HUDState(isVisible: visible, message: text ?? message)
        let start = Double(min(max(percentage, 0), 100))
        state.lastProgress = start
        state.isPulsating = pulsates
        state.progress = pulsates ? nil : start
        return state
    }

    /// `--text` as zenity shows it: escapes expanded (`g_strcompress`), then Pango markup shown as
    /// plain text (tags dropped; `&amp;`, `&lt;`, `&gt;`, `&quot;`, `&apos;` and `&#N;` decoded).
    public static func plainText(fromMarkup markup: String) -> String {
        let expanded = String(decoding: ZenityProgressInput.compressed(Array(markup.utf8)), as: UTF8.self)
        var text = ""
        var rest = Substring(expanded)
        while let first = rest.first {
            if first == "<", let close = rest.firstIndex(of: ">") {
                rest = rest[rest.index(after: close)...]
            } else if first == "&", let semicolon = rest.firstIndex(of: ";"),
                      let character = entity(rest[rest.index(after: rest.startIndex)..<semicolon]) {
                text.append(character)
                rest = rest[rest.index(after: semicolon)...]
            } else {
                text.append(first)
                rest = rest.dropFirst()
            }
        }
        return TextSanitizer.cleanKeepingLineBreaks(text)
    }

    private static func entity(_ name: Substring) -> Character? {
        switch name {
        case "amp": return "&"
        case "lt": return "<"
        case "gt": return ">"
        case "quot": return "\""
        case "apos": return "'"
        default:
            let number = name.hasPrefix("#x") ? UInt32(name.dropFirst(2), radix: 16)
                : name.hasPrefix("#") ? UInt32(name.dropFirst()) : nil
            return number.flatMap(Unicode.Scalar.init).map(Character.init)
        }
    }
}
