/// What the man page says of zenity's options under their names (kiosk-spinner.1's ZENITY, which
/// `scripts/generate-docs` writes from `ManualPage.zenityOptionEntries`): roff, without the `.TP`
/// and the name line, which are made from `rawValue` and `expectedValue`. Options side by side
/// with the same paragraph share one entry; the other dialogs' options are named in one paragraph.
extension ZenityOption {
    /// The option's paragraph in the man page, in roff; nil for another dialog's option.
    var manual: String? {
        switch self {
        case .progress:
            return #"""
                Read zenity's
                .BR \-\-progress
                input on standard input; the other options of this section need it.
                """#
        case .text:
            return #"""
                The message at start, escapes expanded and Pango markup shown as plain text (default
                .BR Running... ,
                zenity's, unless
                .BR \-\-message
                is given).
                """#
        case .percentage:
            return #"""
                The progress at start (default 0).
                """#
        case .pulsate:
            return #"""
                Start with the wheel.
                """#
        case .autoClose:
            return #"""
                Exit 0 when a percentage line reaches 100 (after zenity's single-precision reading:
                .B 100.0000001
                does not) and, at once, at the end of input.
                """#
        case .autoKill:
            return #"""
                When Cancel is pressed, send SIGHUP to the parent process, then exit 1, as zenity does.
                """#
        case .timeout:
            return #"""
                Exit 5 after this many seconds; 0 or less never (zenity's
                .BR \-\-timeout=\-1
                is accepted).
                """#
        case .noCancel:
            return #"""
                No Cancel on the HUD; without it, the HUD has one, as zenity's dialog does (pressed, the
                overlay exits 1).
                """#
        case .timeRemaining:
            return #"""
                Say in the details line under the message how long the progress will take yet, as zenity
                says it under its bar
                .RB ( "Time remaining: 0:01:30" ),
                from the rate the percentage lines have moved at since the first; it changes when a
                percentage line comes, and says nothing at 0 and 100.
                """#
        case .cancelLabel:
            return #"""
                The Cancel's label, here and with
                .B \-\-cancel
                (which it does not need
                .B \-\-progress
                for); by default \(dqCancel\(dq in the device's language.
                """#
        case .title, .windowIcon, .width, .height, .okLabel, .extraButton, .modal, .attach:
            return #"""
                Accepted and ignored: the overlay has no title bar, window size or other buttons.
                """#
        case .windowClass, .programName, .gtkModule, .fatalWarnings:
            return #"""
                GTK's; accepted and ignored: the overlay is no GTK program.
                """#
        case .iconName, .noMarkup, .defaultCancel, .addEntry, .addPassword, .addCalendar, .addList, .addCombo, .checkbox,
             .hint, .url, .value, .minimumValue, .maximumValue, .step, .autoScroll, .confirmOverwrite, .hideValue,
             .noInteraction, .printPartial:
            return nil
        }
    }
}
