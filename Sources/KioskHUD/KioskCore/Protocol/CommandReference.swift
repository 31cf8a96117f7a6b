/// The protocol's commands as its reference table shows them: each row the forms it covers and
/// what they do, in Markdown. The one source of the command tables in PROTOCOL.md and README.md
/// (`scripts/generate-docs` writes them; a test checks the committed copies are current).
public enum CommandReference {
    /// One row of the table.
    public struct Entry: Sendable {
        /// The forms the row covers, as the host writes them (`msg TEXT`).
        public var forms: [String]
        /// What they do, in Markdown.
        public var effect: String

        init(_ forms: [String], _ effect: String) {
            self.forms = forms
            self.effect = effect
        }
    }

    /// Every row, in the order of `CommandSyntax`.
    public static let entries: [Entry] = [
        Entry(["show"],
              "show the HUD (back to the wheel after an outcome); it appears after `--grace` and fades in over `--fade`"),
        Entry(["hide"],
              "hide it (not before it was drawn for `--min-show`); it fades out; input is released"),
        Entry(["msg TEXT", "message TEXT"],
              "replace the message; `msg` alone clears it"),
        Entry(["detail TEXT"],
              "replace the smaller, dimmer details line under the message; `detail` alone clears it"),
        Entry(["block", "block on"],
              "swallow every pointer and key event on the screen; dim outside the HUD (`--backdrop`)"),
        Entry(["block off", "unblock"],
              "only the HUD takes input"),
        Entry(["progress N"],
              "a determinate ring (or bar, `--progress-style bar`) filled to N percent; decimals allowed, clamped to 0-100"),
        Entry(["progress off"],
              "back to the wheel"),
        Entry(["success [TEXT]"],
              "a check mark instead of the wheel, the message set if given (without TEXT the mark shows alone); shows the HUD and hides it once it can be read: 0.5 s and 60 ms a character, at least 2 s (a success; 5 s for `error` and `info`), or after `--dismiss-after` seconds when given (0 keeps it)"),
        Entry(["error [TEXT]"],
              "the same with a cross"),
        Entry(["info [TEXT]"],
              "the same with an \"i\""),
        Entry(["ping"],
              "answers `pong`"),
        Entry(["status"],
              "answers one line: `visible=1 blocked=0 grab=none shown=1 stalled=0 above=held backend=x11 mode=spinner progress=- message=\"...\" detail=\"...\"`"),
        Entry(["color COLOR"],
              "the spokes' (and progress gauge's) colour: `white`, `gray` or `#RRGGBB`; the marks have their own (`--success-color`, ...)"),
        Entry(["hud-color #RRGGBBAA"],
              "the HUD's fill"),
        Entry(["size PX"],
              "the wheel's diameter in pixels (\(Appearance.minimumWheelPixels)-16384)"),
        Entry(["quit"],
              "exit 0 at once"),
    ]

    /// The table in Markdown, with its header, without a final newline.
    public static var markdownTable: String {
        (["| command | effect |", "|---|---|"]
            + entries.map { "| " + $0.forms.map { "`\($0)`" }.joined(separator: ", ") + " | " + $0.effect + " |" })
            .joined(separator: "\n")
    }
}
