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
        let zenityLines = ZenityOption.allCases.map { line($0.rawValue, $0.expectedValue, $0.summary) }
        return """
            usage: kiosk-spinner [options]
                   \(SendRequest.usage)
            A fullscreen "please wait" overlay driven by commands on stdin, one per line.
            "send" gives each COMMAND to the overlay listening on --socket (default
            $KIOSK_SPINNER_SOCKET, else \(SendRequest.defaultSocketPath)), prints the answers
            and exits 0; 1 when none listens or a command is rejected; --wait shown|hidden|...
            waits for that event (--timeout SECONDS; answers alone wait \(Int(SendRequest.defaultAnswerSeconds)) s at most).

            Commands: \(CommandSyntax.list(indent: "          ", width: 100))

            Options:
            \(lines.joined(separator: "\n"))

            zenity --progress options (swap "zenity" for "kiosk-spinner" in a zenity --progress line):
            \(zenityLines.joined(separator: "\n"))

            psplash's options, accepted with --psplash in psplash's place:
            \(psplashLines.joined(separator: "\n"))

            Exit status: 0 on quit, end of input with --exit-on-eof, SIGINT, SIGTERM or SIGHUP;
            1 when a font cannot be loaded, the FIFO cannot be made, a thread cannot start or a
            snapshot cannot be written; 2 for a bad option or settings file; 3 when no display can
            be opened; 4 when the display goes away; 5 when zenity's --timeout ran out (with
            --progress, 0 also when --auto-close saw 100 or the input ended); 6 when --display
            names a display the server does not have. SIGUSR1, SIGUSR2 and SIGALRM are ignored.
            """
    }

    /// One option's line: its spelling and value, then its summary in a column.
    private static func line(_ name: String, _ value: String?, _ summary: String) -> String {
        let spelling = name + (value.map { " " + $0 } ?? "")
        return "  " + spelling + String(repeating: " ", count: max(1, 30 - spelling.count)) + summary
    }
}
