/// The text of `--help` and `--version`, made from the option table.
public enum Usage {
    /// The program's version.
    public static let version = "0.1.0"

    /// psplash's options (`PsplashOption`), one line each.
    static var psplashLines: [String] {
        PsplashOption.allCases.map { option in
            row(option.spellings.joined(separator: ", ") + (option.expectedValue.map { " " + $0 } ?? ""), option.summary)
        }
    }

    /// One option's line: its spelling, then its summary in a column.
    private static func row(_ spelling: String, _ summary: String) -> String {
        "  " + spelling + String(repeating: " ", count: max(1, 30 - spelling.count)) + summary
    }

    /// The full help text.
    public static var text: String {
        let lines = Option.allCases.map { option in
            row(option.rawValue + (option.expectedValue.map { " " + $0 } ?? ""), option.summary)
        }
        return """
            usage: kiosk-spinner [options]
            A fullscreen "please wait" overlay driven by commands on stdin, one per line.

            Commands: show | hide | msg TEXT | detail TEXT | block [on|off] | unblock | quit

            Options:
            \(lines.joined(separator: "\n"))

            psplash's options, accepted with --psplash in psplash's place:
            \(psplashLines.joined(separator: "\n"))

            Exit status: 0 on quit, end of input with --exit-on-eof, SIGINT, SIGTERM or SIGHUP;
            1 when a font cannot be loaded, the FIFO cannot be made, a thread cannot start or a
            snapshot cannot be written; 2 for a bad option or settings file; 3 when no display can
            be opened; 4 when the display goes away. SIGUSR1, SIGUSR2 and SIGALRM are ignored.
            """
    }
}
