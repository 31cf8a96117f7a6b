/// The text of `--help` and `--version`, made from the option table.
public enum Usage {
    /// The program's version.
    public static let version = "0.1.0"

    /// psplash's options (`PsplashOption`), one line each.
    static var psplashLines: [String] {
        PsplashOption.allCases.map { line($0.spellings.joined(separator: ", "), $0.expectedValue, $0.summary) }
    }

    /// The full help text.
    public static var text: String {
        let lines = Option.allCases.map { line($0.rawValue, $0.expectedValue, $0.summary) }
        let zenityLines = ZenityOption.allCases.filter { $0.group != .otherDialog }
            .map { line($0.rawValue, $0.expectedValue, $0.summary) }
        return """
            usage: kiosk-spinner [options]
                   \(SendRequest.usage)
            A fullscreen "please wait" overlay driven by commands on stdin, one per line.
            "send" gives each COMMAND to the overlay listening on --socket (default
            $KIOSK_SPINNER_SOCKET, else \(SendRequest.defaultSocketPath)), prints the answers
            and exits 0; after quit, only once the overlay has gone. Exit 1 (one line on stderr)
            when none listens, it refuses the client, a command is rejected or the time runs out.
            --wait shown|hidden|... returns once the overlay is in that state, at once when it is
            already (--timeout SECONDS: \(Int(SendRequest.defaultAnswerSeconds)) s by default when only answers are awaited,
            \(Int(SendRequest.defaultWaitSeconds)) s by default with --wait).

            Commands: \(CommandSyntax.list(indent: "          ", width: 100))

            Options:
            \(lines.joined(separator: "\n"))

            zenity --progress options (swap "zenity" for "kiosk-spinner" in a zenity --progress line),
            read as zenity 3.44 reads them: --option=VALUE or --option VALUE; a flag ignores =VALUE
            (--pulsate=0 pulsates); numbers in decimal, 0x hex or 0 octal; a bare word is ignored
            and -- ends the options; --help-progress, --help-all, -? and the like print this help;
            zenity's --display=:0 is --display's X display. Nothing is written on stdout (zenity
            writes nothing there) but the answers to what the FIFO asks, and with --events-to-stdout
            the events:
            \(zenityLines.joined(separator: "\n"))
            \(otherDialogLines.joined(separator: "\n"))

            psplash's options, accepted with --psplash in psplash's place:
            \(psplashLines.joined(separator: "\n"))

            \(ExitStatus.paragraph(width: 92, plain: true))
            SIGUSR1, SIGUSR2 and SIGALRM are ignored.
            """
    }

    /// The other dialogs' options zenity takes beside --progress, and ignores: a paragraph.
    static var otherDialogLines: [String] {
        let spellings = ZenityOption.allCases.filter { $0.group == .otherDialog }
            .map { $0.rawValue + ($0.expectedValue.map { " " + $0 } ?? "") }
        var lines = ["  also accepted and ignored, as zenity --progress ignores these options of other dialogs:"]
        for spelling in spellings {
            if lines.count > 1, lines[lines.count - 1].count + spelling.count + 2 <= 100 {
                lines[lines.count - 1] += ", " + spelling
            } else {
                if lines.count > 1 { lines[lines.count - 1] += "," }
                lines.append("    " + spelling)
            }
        }
        return lines
    }

    /// One option's line: its spelling and value, then its summary in a column.
    private static func line(_ name: String, _ value: String?, _ summary: String) -> String {
        let spelling = name + (value.map { " " + $0 } ?? "")
        return "  " + spelling + String(repeating: " ", count: max(1, 30 - spelling.count)) + summary
    }
}
