/// The program's exit statuses: the one table `--help`'s and README.md's "Exit status:"
/// paragraphs are made from (`paragraph`).
public enum ExitStatus: Int32, Sendable, CaseIterable {
    /// Quit, end of input with `--exit-on-eof`, SIGINT, SIGTERM, or a snapshot written.
    case success = 0
    /// Something failed that is not the options' or the display's fault.
    case failure = 1
    /// A bad command-line option.
    case usage = 2
    /// No display could be opened.
    case noDisplay = 3
    /// The display went away while the overlay was showing (the X server or the compositor
    /// died, the connection broke, the framebuffer device was unplugged).
    case displayLost = 4
    /// zenity's `--timeout` ran out (zenity's own status for it).
    case timedOut = 5
    /// `--display N` names a display the server does not have. Retrying cannot help, so a
    /// service does not restart on it (`RestartPreventExitStatus=` in the unit).
    case noSuchDisplay = 6
    /// `--on-stall quit` ended the overlay: the host sent no state command for `--stall-timeout`.
    case hostStalled = 7
    /// `--on-cancel quit` ended the overlay: the Cancel was pressed.
    case cancelled = 8
}

extension ExitStatus {
    /// The status a loop's exit ends with: success, unless zenity's `--timeout` ran out or the
    /// display went away.
    package init(_ reason: ExitReason) {
        switch reason {
        case .quit, .quitLeavingScreen, .endOfInput, .stopSignal, .windowClosed, .autoClose, .progressFinished: self = .success
        case .timedOut: self = .timedOut
        case .displayLost: self = .displayLost
        case .hostStalled: self = .hostStalled
        case .cancelled: self = .cancelled
        case .zenityCancelled, .zenityEscaped: self = .failure
        }
    }
}

extension ExitStatus {
    /// What the status says, in Markdown, as the clause after its number (`on ...`, `when ...`,
    /// `for ...`) in the "Exit status:" paragraph.
    public var meaning: String {
        switch self {
        case .success:
            return "on `quit`, SIGINT, SIGTERM or SIGHUP, the end of input with `--exit-on-eof`, after `--help`, `--version`, "
                + "`--print-config` or a written snapshot, and with zenity's `--progress` also when `--auto-close` saw 100 "
                + "or the input ended"
        case .failure:
            return "when something else fails (a font cannot be loaded, a thread cannot start, a snapshot cannot be "
                + "written, the FIFO cannot be made: its folder is read-only or missing), and with zenity's `--progress` "
                + "when Cancel was pressed, as zenity's dialog does"
        case .usage:
            return "for a bad option or settings file (with the usage; a refused combination such as `--fifo` with "
                + "`--psplash` is one line), a FIFO that is not one or is not to be trusted, or a control socket that "
                + "cannot be made"
        case .noDisplay:
            return "when no display can be opened (no server answers, no display device exists or may be opened, or a "
                + "display server holds the DRM device: the message says which, and why each backend was not used)"
        case .displayLost:
            return "when the display goes away while it runs (the X server or compositor dies, the connection breaks, "
                + "the DRM or framebuffer device goes away: one line on stderr)"
        case .timedOut:
            return "when zenity's `--timeout` runs out"
        case .noSuchDisplay:
            return "when `--display N` names a display the server does not have (the message says how many it has)"
        case .hostStalled:
            return "when `--on-stall quit` ended it: the host sent no state command for `--stall-timeout` seconds"
        case .cancelled:
            return "when `--on-cancel quit` ended it: the Cancel was pressed"
        }
    }

    /// The paragraph `Exit status: 0 on ...; 1 when ...; ... 6 when ....`, in lines of at most
    /// `width` characters, each after `indent`; in Markdown, or (`plain`) without its backticks.
    public static func paragraph(width: Int, indent: String = "", plain: Bool = false) -> String {
        let clauses = allCases.map { "\($0.rawValue) \($0.meaning)" }
        let text = "Exit status: " + clauses.joined(separator: "; ") + "."
        var lines: [String] = []
        var line = ""
        for word in (plain ? text.replacingAll("`", with: "") : text).split(separator: " ") {
            if !line.isEmpty, indent.count + line.count + 1 + word.count > width {
                lines.append(indent + line)
                line = String(word)
            } else {
                line += (line.isEmpty ? "" : " ") + word
            }
        }
        return (lines + [indent + line]).joined(separator: "\n")
    }
}
