/// `zenity --progress`'s command-line options, so that an existing `… | zenity --progress …`
/// line works with the program's name swapped. `--progress` selects the zenity dialect; the rest
/// are accepted only with it (or `--zenity`). What an overlay cannot have (a title bar, buttons,
/// a window size) is accepted and ignored, as the usage says.
enum ZenityOption: String, CaseIterable {
    case progress = "--progress"
    case text = "--text"
    case percentage = "--percentage"
    case pulsate = "--pulsate"
    case autoClose = "--auto-close"
    case autoKill = "--auto-kill"
    case timeout = "--timeout"
    case noCancel = "--no-cancel"
    case timeRemaining = "--time-remaining"
    case title = "--title"
    case windowIcon = "--window-icon"
    case width = "--width"
    case height = "--height"
    case okLabel = "--ok-label"
    case cancelLabel = "--cancel-label"
    case extraButton = "--extra-button"
    case modal = "--modal"
    case attach = "--attach"

    /// What the value looks like, or nil for a flag.
    var expectedValue: String? {
        switch self {
        case .text, .title, .okLabel, .cancelLabel, .extraButton: return "TEXT"
        case .percentage, .width, .height: return "N"
        case .timeout: return "SECONDS"
        case .windowIcon: return "ICON"
        case .attach: return "WINDOW"
        case .progress, .pulsate, .autoClose, .autoKill, .noCancel, .timeRemaining, .modal: return nil
        }
    }

    /// One line of help.
    var summary: String {
        switch self {
        case .progress: return "read zenity --progress input on stdin, as zenity does (same as --zenity)"
        case .text: return "message at start, zenity's markup shown as plain text (default \"Running...\")"
        case .percentage: return "progress at start (default 0)"
        case .pulsate: return "start with the wheel (zenity's pulsating bar) instead of the progress"
        case .autoClose: return "exit 0 when the progress reaches 100 and at the end of input"
        case .autoKill: return "accepted; zenity kills its parent on Cancel, and the overlay has no Cancel"
        case .timeout: return "exit 5 after this many seconds, as zenity does"
        case .noCancel: return "accepted; the overlay has no Cancel button anyway"
        case .timeRemaining: return "accepted and ignored: no time estimate is shown"
        case .title, .windowIcon, .width, .height, .okLabel, .cancelLabel, .extraButton, .modal, .attach:
            return "accepted and ignored: the overlay has no title bar, window size or buttons"
        }
    }

    /// Sets what this option controls in `options` from `value`.
    func apply(value: String, to options: inout LaunchOptions) throws(OptionError) {
        if self != .progress { options.zenity.givenOptions.append(rawValue) }
        switch self {
        case .progress: options.dialect = .zenity
        case .text: options.zenity.text = ZenityProgressOptions.plainText(fromMarkup: value)
        case .percentage: options.zenity.percentage = try integer(value, in: Int(Int32.min)...Int(Int32.max))
        case .pulsate: options.zenity.pulsates = true
        case .autoClose: options.zenity.autoCloses = true
        case .autoKill: options.zenity.autoKills = true
        case .timeout: options.zenity.timeoutSeconds = try integer(value, in: 0...86_400)
        case .width, .height: _ = try integer(value, in: Int(Int32.min)...Int(Int32.max))
        case .noCancel, .timeRemaining, .title, .windowIcon, .okLabel, .cancelLabel, .extraButton, .modal, .attach: break
        }
    }

    private func integer(_ value: String, in range: ClosedRange<Int>) throws(OptionError) -> Int {
        let digits = value.hasPrefix("-") ? value.dropFirst() : Substring(value)
        guard !digits.isEmpty, digits.allSatisfy(\.isASCIIDigit), let number = Int(value), range.contains(number) else {
            throw .invalidValue(option: rawValue, value: value,
                                expected: "a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        return number
    }
}
