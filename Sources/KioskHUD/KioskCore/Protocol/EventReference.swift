/// The overlay's events as their reference table shows them: each row the line it writes and when,
/// in Markdown and at the man page's length in roff. The one source of PROTOCOL.md's table of
/// events and of the man page's EVENTS (`scripts/generate-docs` writes them; a test checks the
/// committed copies are current and that every event has its row).
public enum EventReference {
    /// One row of the table.
    public struct Entry: Sendable {
        /// The line as the overlay writes it (`grab-lost`, `error line N: ...`; a value in
        /// capitals), or nil for the status line, whose words `status`'s row gives.
        public var line: String?
        /// When it is written, in Markdown.
        public var when: String
        /// What the man page says of it under its line, in roff.
        public var manual: String

        init(_ line: String?, _ when: String, manual: String) {
            self.line = line
            self.when = when
            self.manual = manual
        }

        /// What the first column shows: the line in code, or "the status line".
        var markdownName: String { line.map { "`\($0)`" } ?? "the status line" }
    }

    /// Every row: the events every listener hears, in `OverlayEvent.broadcasts`' order, then the
    /// answers.
    public static let entries: [Entry] = [
        Entry("ready",
              "once, when the first frame is on screen (at once when started hidden); also `READY=1` to systemd when `NOTIFY_SOCKET` is set",
              manual: #"""
                  Once, when the first frame is on screen (at once when started hidden).
                  When
                  .B NOTIFY_SOCKET
                  is set, READY=1 is also sent to systemd.
                  """#),
        Entry("shown",
              "the HUD started being drawn (after the grace time), or is seen again: a display it was drawn on is back, or, on a bare screen, its virtual console is back in front",
              manual: #"""
                  The HUD started being drawn (after the grace time), or is seen again: a display it was
                  drawn on is back, or, on a bare screen, its virtual console is back in front.
                  """#),
        Entry("hidden",
              "the HUD stopped being drawn (after the fade), or is no longer seen: its last display is gone, or, on a bare screen, another virtual console was switched to in front of it",
              manual: #"""
                  The HUD stopped being drawn (after the fade), or is no longer seen: its last display is
                  gone, or, on a bare screen, another virtual console was switched to in front of it.
                  """#),
        Entry("stalled",
              "no state command came for `--stall-timeout` seconds while shown (not counted while another virtual console is in front; `ping` and `status` are no state commands)",
              manual: #"""
                  No state command came for
                  .BR \-\-stall\-timeout
                  seconds while shown
                  .RB ( ping
                  and
                  .B status
                  are none).
                  """#),
        Entry("grab-lost",
              "blocking, but keyboard and pointer are not held: another client holds them (a menu, a screen locker) or took them, or (Wayland) every output it shows on is gone and nothing of the overlay's is left to hold them; keys may reach the application until `grab-held`",
              manual: #"""
                  Blocking, but keyboard and pointer are not held: another client holds them (a menu, a
                  screen locker) or took them, or (Wayland) every output it shows on is gone and nothing
                  of the overlay's is left to hold them; keys may reach the application until
                  .BR grab\-held .
                  """#),
        Entry("grab-held",
              "blocking holds keyboard and pointer again, after `grab-lost`",
              manual: #"""
                  Blocking holds keyboard and pointer again, after
                  .BR grab\-lost .
                  """#),
        Entry("above-lost",
              "another client took the overlay's window from the top (unmapped, lowered or destroyed it); the overlay puts it back at once (maps, raises or makes it again) and says `above-held` when it is; until then `status` says `above=lost` and the HUD may not be seen",
              manual: #"""
                  Another client took the overlay's window from the top (unmapped, lowered or destroyed it);
                  the overlay puts it back at once (maps, raises or makes it again) and says
                  .B above\-held
                  when it is; until then
                  .B status
                  says
                  .B above=lost
                  and the HUD may not be seen.
                  """#),
        Entry("above-held",
              "the overlay's window is on top again, after `above-lost`",
              manual: #"""
                  The overlay's window is on top again, after
                  .BR above\-lost .
                  """#),
        Entry("cancelled",
              "the Cancel (`--cancel`, zenity's dialog) was pressed: a press and release on it, or Escape while the keyboard is held; what follows is `--on-cancel`'s",
              manual: #"""
                  The Cancel
                  .RB ( \-\-cancel ,
                  zenity's dialog) was pressed: a press and release on it, or Escape while the keyboard is
                  held; what follows is
                  .BR \-\-on\-cancel 's.
                  """#),
        Entry("pong",
              "the answer to `ping`",
              manual: #"""
                  The answer to
                  .BR ping .
                  """#),
        Entry(nil,
              "the answer to `status`",
              manual: #"""
                  The answer to
                  .BR status .
                  """#),
        Entry("error line N: ...",
              "a rejected line, only with `--errors-to-stdout`",
              manual: #"""
                  A rejected line, only with
                  .BR \-\-errors\-to\-stdout .
                  """#),
    ]

    /// The table in Markdown, with its header, without a final newline.
    public static var markdownTable: String {
        (["| event | when |", "|---|---|"] + entries.map { "| \($0.markdownName) | \($0.when) |" })
            .joined(separator: "\n")
    }
}
