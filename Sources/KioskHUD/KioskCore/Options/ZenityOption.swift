/// zenity 3.44's command-line options that `zenity --progress` accepts, read as zenity reads them
/// (GLib's GOption), so an existing `… | zenity --progress …` line works with the program's name
/// swapped. `--progress` selects the zenity dialect; the rest are accepted only with it (or
/// `--zenity`). What an overlay cannot have (a title bar, buttons, a window size, another
/// dialog's fields) is accepted and ignored, as the usage says; zenity ignores the other dialogs'
/// options too. zenity's `--display` is kiosk-spinner's own `--display`, which takes an X display
/// name as well.
///
/// GOption's grammar: a value follows `=` or is the next argument (never `--`, which ends the
/// options); a flag given `=VALUE` ignores the value (`--pulsate=0` pulsates); a number is read
/// as C's `strtol` with base 0 reads it (`0x1E` and `036` are 30), from -2147483648 to 2147483647.
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
    case windowClass = "--class"
    case programName = "--name"
    case gtkModule = "--gtk-module"
    case fatalWarnings = "--g-fatal-warnings"
    // Other dialogs' options that zenity 3.44 takes beside --progress without a word, and ignores.
    case iconName = "--icon-name"
    case noMarkup = "--no-markup"
    case defaultCancel = "--default-cancel"
    case addEntry = "--add-entry"
    case addPassword = "--add-password"
    case addCalendar = "--add-calendar"
    case addList = "--add-list"
    case addCombo = "--add-combo"
    case checkbox = "--checkbox"
    case hint = "--hint"
    case url = "--url"
    case value = "--value"
    case minimumValue = "--min-value"
    case maximumValue = "--max-value"
    case step = "--step"
    case autoScroll = "--auto-scroll"
    case confirmOverwrite = "--confirm-overwrite"
    case hideValue = "--hide-value"
    case noInteraction = "--no-interaction"
    case printPartial = "--print-partial"

    /// Where zenity lists an option (`zenity --help-all`).
    enum Group {
        /// `--help-progress`.
        case progress
        /// `--help-general`.
        case general
        /// `--help-gtk`.
        case gtk
        /// Another dialog's, which zenity takes beside `--progress` and ignores.
        case otherDialog
    }

    /// How GOption reads an option's value.
    enum ValueKind {
        /// A flag (G_OPTION_ARG_NONE): no value; `=VALUE` is accepted and ignored.
        case none
        /// A string or file name: the next argument, or what follows `=`, anything.
        case text
        /// An int (G_OPTION_ARG_INT): `strtol` with base 0, within 32 bits (`ZenityOption.integer`).
        case integer
    }

    /// Where zenity lists it.
    var group: Group {
        switch self {
        case .progress, .text, .percentage, .pulsate, .autoClose, .autoKill, .noCancel, .timeRemaining: return .progress
        case .title, .windowIcon, .width, .height, .timeout, .okLabel, .cancelLabel, .extraButton, .modal, .attach:
            return .general
        case .windowClass, .programName, .gtkModule, .fatalWarnings: return .gtk
        case .iconName, .noMarkup, .defaultCancel, .addEntry, .addPassword, .addCalendar, .addList, .addCombo, .checkbox,
             .hint, .url, .value, .minimumValue, .maximumValue, .step, .autoScroll, .confirmOverwrite, .hideValue,
             .noInteraction, .printPartial:
            return .otherDialog
        }
    }

    /// How its value is read.
    var kind: ValueKind {
        switch self {
        case .progress, .pulsate, .autoClose, .autoKill, .noCancel, .timeRemaining, .modal, .fatalWarnings, .noMarkup,
             .defaultCancel, .autoScroll, .confirmOverwrite, .hideValue, .noInteraction, .printPartial:
            return .none
        case .percentage, .width, .height, .timeout, .attach, .value, .minimumValue, .maximumValue, .step:
            return .integer
        case .text, .title, .windowIcon, .okLabel, .cancelLabel, .extraButton, .windowClass, .programName, .gtkModule,
             .iconName, .addEntry, .addPassword, .addCalendar, .addList, .addCombo, .checkbox, .hint, .url:
            return .text
        }
    }

    /// What the value looks like, or nil for a flag.
    var expectedValue: String? {
        switch self {
        case .text, .title, .okLabel, .cancelLabel, .extraButton, .checkbox, .hint: return "TEXT"
        case .percentage, .width, .height, .value, .minimumValue, .maximumValue, .step: return "N"
        case .timeout: return "SECONDS"
        case .windowIcon, .iconName: return "ICON"
        case .attach: return "WINDOW"
        case .windowClass: return "CLASS"
        case .programName: return "NAME"
        case .gtkModule: return "MODULES"
        case .addEntry, .addPassword, .addCalendar, .addList, .addCombo: return "FIELD"
        case .url: return "URL"
        case .progress, .pulsate, .autoClose, .autoKill, .noCancel, .timeRemaining, .modal, .fatalWarnings, .noMarkup,
             .defaultCancel, .autoScroll, .confirmOverwrite, .hideValue, .noInteraction, .printPartial:
            return nil
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
        case .autoKill: return "on Cancel, send SIGHUP to the parent process before exiting 1, as zenity does"
        case .timeout: return "exit 5 after this many seconds, as zenity does (0 or less: never)"
        case .noCancel: return "no Cancel on the HUD (zenity's dialog has one)"
        case .timeRemaining: return "say in the details line how long the progress will take yet, from its rate (as zenity does)"
        case .cancelLabel: return "the Cancel's label, here and with --cancel (default \"Cancel\" in the device's language)"
        case .title, .windowIcon, .width, .height, .okLabel, .extraButton, .modal, .attach:
            return "accepted and ignored: the overlay has no title bar, window size or other buttons"
        case .windowClass, .programName, .gtkModule, .fatalWarnings:
            return "GTK's; accepted and ignored: the overlay is no GTK program"
        case .iconName, .noMarkup, .defaultCancel, .addEntry, .addPassword, .addCalendar, .addList, .addCombo, .checkbox,
             .hint, .url, .value, .minimumValue, .maximumValue, .step, .autoScroll, .confirmOverwrite, .hideValue,
             .noInteraction, .printPartial:
            return "another zenity dialog's; accepted and ignored, as zenity --progress ignores it"
        }
    }

    /// zenity's options of other dialogs that zenity refuses beside `--progress` ("is not
    /// supported for this dialog"); refused here too, with that reason. (`--listen`, `--color`
    /// and `--font` are kiosk-spinner's own.)
    static let refusedBesideProgress: Set<String> = [
        "--checklist", "--column", "--column-values", "--combo-values", "--date-format", "--day", "--month", "--year",
        "--directory", "--editable", "--ellipsize", "--entry-text", "--file-filter", "--filename", "--forms-date-format",
        "--hide-column", "--hide-header", "--hide-text", "--html", "--imagelist", "--list-values", "--mid-search",
        "--multiple", "--no-wrap", "--print-column", "--radiolist", "--save", "--separator", "--show-header",
        "--show-palette", "--username", "--switch",
    ]

    /// zenity's other dialogs: with `--progress` zenity refuses them ("Two or more dialog options
    /// specified"); kiosk-spinner stands in for the progress dialog alone.
    static let otherDialogs: Set<String> = [
        "--calendar", "--entry", "--error", "--info", "--file-selection", "--list", "--notification", "--question",
        "--warning", "--scale", "--text-info", "--color-selection", "--password", "--forms", "--about",
    ]

    /// zenity's help options, each of which prints the help and exits 0 (here: `--help`'s).
    static let helpSpellings: Set<String> = [
        "-?", "--help-all", "--help-general", "--help-calendar", "--help-entry", "--help-error", "--help-info",
        "--help-file-selection", "--help-list", "--help-notification", "--help-progress", "--help-question",
        "--help-warning", "--help-scale", "--help-text-info", "--help-color-selection", "--help-password",
        "--help-forms", "--help-misc", "--help-gtk",
    ]

    /// Sets what this option controls in `options` from `value` (ignored for a flag).
    func apply(value: String, to options: inout LaunchOptions) throws(OptionError) {
        // The Cancel's label serves --cancel too.
        if self != .progress, self != .cancelLabel { options.zenity.givenOptions.append(rawValue) }
        var number = 0
        if kind == .integer {
            guard let read = Self.integer(value) else {
                throw .invalidValue(option: rawValue, value: value, expected: Self.integerExpectation)
            }
            number = read
        }
        switch self {
        case .progress: options.dialect = .zenity
        case .text: options.zenity.text = ZenityProgressOptions.plainText(fromMarkup: value)
        case .percentage: options.zenity.percentage = number
        case .pulsate: options.zenity.pulsates = true
        case .autoClose: options.zenity.autoCloses = true
        case .autoKill: options.zenity.autoKills = true
        case .noCancel: options.zenity.hidesCancel = true
        case .cancelLabel: options.cancelLabel = LaunchOptions.text(value)
        case .timeout: options.zenity.timeoutSeconds = number
        case .timeRemaining: options.zenity.showsTimeRemaining = true
        default: break
        }
    }

    /// What a number must look like, for the refusal.
    static let integerExpectation = "a whole number as zenity reads it (decimal, 0x hexadecimal or 0 octal) "
        + "from \(Int32.min) to \(Int32.max)"

    /// `text` read as GOption reads an int: C's `strtol(text, &end, 0)` (white space first, a
    /// sign, then `0x` hexadecimal, `0` octal or decimal digits) that must reach the end of the
    /// text and fit in 32 bits; nil otherwise.
    static func integer(_ text: String) -> Int? {
        var rest = Substring(text).drop { " \t\n\u{0B}\u{0C}\r".contains($0) }
        var sign = 1
        if let first = rest.first, first == "+" || first == "-" {
            sign = first == "-" ? -1 : 1
            rest = rest.dropFirst()
        }
        var radix = 10
        if rest.hasPrefix("0x") || rest.hasPrefix("0X") {
            radix = 16
            rest = rest.dropFirst(2)
        } else if rest.hasPrefix("0"), rest.count > 1 {
            radix = 8
            rest = rest.dropFirst()
        }
        guard !rest.isEmpty, rest.allSatisfy({ $0.isASCII && $0.hexDigitValue.map { $0 < radix } == true }),
              let magnitude = Int(rest, radix: radix).map({ $0 * sign }), (Int(Int32.min)...Int(Int32.max)).contains(magnitude)
        else { return nil }
        return magnitude
    }
}
