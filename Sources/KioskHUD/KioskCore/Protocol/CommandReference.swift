/// The protocol's commands as its reference table shows them: each row the forms it covers and
/// what they do, in Markdown and at the man page's length in roff. The one source of the command
/// tables in PROTOCOL.md and README.md and of the man page's COMMANDS (`scripts/generate-docs`
/// writes them; a test checks the committed copies are current).
public enum CommandReference {
    /// One row of the table.
    public struct Entry: Sendable {
        /// The forms the row covers, as the host writes them (`msg TEXT`).
        public var forms: [String]
        /// What they do, in Markdown.
        public var effect: String
        /// What the man page says of them under their forms, in roff.
        public var manual: String

        init(_ forms: [String], _ effect: String, manual: String) {
            self.forms = forms
            self.effect = effect
            self.manual = manual
        }
    }

    /// Every row, in the order of `CommandSyntax`.
    public static let entries: [Entry] = [
        Entry(["show"],
              "show the HUD (back to the wheel after an outcome); it appears after `--grace` and fades in over `--fade`",
              manual: #"""
                  Show the HUD (back to the wheel after an outcome); it appears after
                  .BR \-\-grace
                  and fades in over
                  .BR \-\-fade .
                  """#),
        Entry(["hide"],
              "hide it (not before it was drawn for `--min-show`); it fades out; input is released",
              manual: #"""
                  Hide it (not before it was drawn for
                  .BR \-\-min\-show );
                  it fades out, and input is released.
                  """#),
        Entry(["msg TEXT", "message TEXT"],
              "replace the message; `msg` alone clears it",
              manual: #"""
                  Replace the message;
                  .B msg
                  alone clears it (the wheel then centres).
                  In any message (also
                  .BR detail ", " success ", " error ", " info ),
                  \e\fBn\fR breaks the line, \e\e is a backslash and \e" a quotation mark, as
                  .B status
                  quotes them; any other backslash stays as it is.
                  """#),
        Entry(["detail TEXT"],
              "replace the smaller, dimmer details line under the message; `detail` alone clears it",
              manual: #"""
                  Replace the smaller, dimmer details line under the message;
                  .B detail
                  alone clears it.
                  """#),
        Entry(["block", "block on"],
              "swallow every pointer and key event on the screen; dim outside the HUD (`--backdrop`)",
              manual: #"""
                  Swallow every pointer and key event on the screen, and dim outside the HUD
                  .RB ( \-\-backdrop ).
                  """#),
        Entry(["block off", "unblock"],
              "only the HUD takes input",
              manual: #"""
                  Only the HUD takes input; the application beneath gets the rest.
                  """#),
        Entry(["progress N"],
              "a determinate ring (or bar, `--progress-style bar`) filled to N percent; decimals allowed, clamped to 0-100",
              manual: #"""
                  A determinate ring (or bar) filled to
                  .I N
                  percent: a plain decimal such as 42 or 42.5, clamped to 0\(en100; exponents, hexadecimal,
                  nan and inf are refused.
                  """#),
        Entry(["progress off"],
              "back to the wheel",
              manual: #"""
                  Back to the wheel.
                  """#),
        Entry(["success [TEXT]"],
              "a check mark instead of the wheel, the message set if given (without TEXT the mark shows alone); shows the HUD and hides it once it can be read: 0.5 s and 60 ms a character, at least 2 s (a success; 5 s for `error` and `info`), or after `--dismiss-after` seconds when given (0 keeps it)",
              manual: #"""
                  A check mark instead of the wheel, with the message set if given (alone, the mark shows alone);
                  shows the HUD and hides it after
                  .BR \-\-dismiss\-after
                  (unless given, long enough to read it: at least 2 s for a success, 5 s for an error or a notice).
                  """#),
        Entry(["error [TEXT]"],
              "the same with a cross",
              manual: #"""
                  The same with a cross.
                  """#),
        Entry(["info [TEXT]"],
              "the same with an \"i\"",
              manual: #"""
                  The same with an \(dqi\(dq.
                  """#),
        Entry(["ping"],
              "answers `pong`",
              manual: #"""
                  Answer
                  .B pong
                  on standard output.
                  """#),
        Entry(["status"],
              "answers one line: `visible=1 blocked=0 grab=none shown=1 stalled=0 above=held backend=x11 mode=spinner progress=- message=\"...\" detail=\"...\"`",
              manual: #"""
                  Answer one line on standard output, for example
                  .br
                  .B visible=1 blocked=0 grab=none shown=1 stalled=0 above=held backend=x11 mode=spinner progress=\- message=\(dqPlease wait...\(dq detail=\(dq\(dq
                  .br
                  .B visible
                  and
                  .B blocked
                  are what the host asked for (1 or 0);
                  .B grab
                  is none while nothing is blocked, pending until the X server answered (on Wayland, until the
                  surface that holds them is shown), held, partial where it
                  reaches X clients only (XWayland), refused while another client holds keyboard or pointer
                  (or, on Wayland, while every output it shows on is gone), or unsupported where there is no grab;
                  .B shown
                  is whether the HUD is drawn (1 from the
                  .B shown
                  event until the
                  .B hidden
                  event, fades included), the visibility asked for before the
                  .B status
                  having taken effect first;
                  .B stalled
                  is 1 from the
                  .B stalled
                  event until the host's next state command;
                  .B above
                  is held where no application's window can cover the HUD unseen, partial on XWayland or with
                  WAYLAND_DISPLAY set beside the X server (the compositor may put a native Wayland window over it,
                  which an X client cannot see), none for a \fB\-\-window\fR window, and lost from the
                  .B above\-lost
                  event until
                  .BR above\-held ,
                  while another client has taken the overlay's window from the top and it is not back yet;
                  .B backend
                  is the backend that draws: x11 (XWayland included), wayland, drm or fbdev;
                  .B mode
                  is one of spinner, progress, success, error, info, stalled;
                  .B progress
                  is the percentage or \-;
                  .B message
                  and
                  .B detail
                  are quoted, with \e\(dq and \e\e escaped.
                  """#),
        Entry(["color COLOR"],
              "the spokes' (and progress gauge's) colour: `white`, `gray` or `#RRGGBB`; the marks have their own (`--success-color`, ...)",
              manual: #"""
                  The spokes' and progress gauge's colour (the marks have their own options):
                  .BR white ,
                  .B gray
                  or
                  .BI # RRGGBB\fR.
                  """#),
        Entry(["hud-color #RRGGBBAA"],
              "the HUD's fill",
              manual: #"""
                  The HUD's fill.
                  """#),
        Entry(["size PX"],
              "the wheel's diameter in pixels (\(Appearance.wheelPixelRange.lowerBound)-\(Appearance.wheelPixelRange.upperBound))",
              manual: #"""
                  The wheel's diameter in pixels, \#(Appearance.wheelPixelRange.lowerBound) to \#(Appearance.wheelPixelRange.upperBound).
                  """#),
        Entry(["logo PATH|off"],
              "show this PNG centred above the HUD (`--logo`), or no logo",
              manual: #"""
                  Show the PNG at
                  .I PATH
                  centred above the HUD, as
                  .B \-\-logo
                  does, or no logo with
                  .BR off .
                  A file that cannot be read as a PNG, or is larger than
                  .B \-\-logo
                  allows, is reported and the logo shown stays.
                  """#),
        Entry(["speak on|off"],
              "say the messages aloud from now on (`--speak`), or stop and say nothing more",
              manual: #"""
                  Say the messages aloud from now on, as
                  .B \-\-speak
                  does, or stop saying them.
                  """#),
        Entry(["deactivate"],
              "on a bare screen (DRM, fbdev): draw no more and let go of the screen, its last picture staying for the "
                  + "next program (a display server, an application) to start from; `status` says `shown=0` from then on",
              manual: #"""
                  On a bare screen (DRM, fbdev): draw no more and let go of the screen for good (DRM master is
                  dropped), its last picture staying on it, so that the next program (a compositor, a Qt eglfs
                  application) starts from that picture instead of black.
                  The host hears
                  .BR hidden ,
                  .B status
                  says
                  .B shown=0
                  from then on, and later commands change the state, which is not drawn.
                  Where a display server owns the screen (X11, Wayland) the line is refused.
                  """#),
        Entry(["quit [--retain]"],
              "exit 0 at once; with `--retain`, on a bare screen, leave the last picture for the next program instead of "
                  + "giving the screen back to the console (on DRM once that program has put up its own, waiting up to "
                  + "\(WindowingBackend.handOverWaitSeconds) s)",
              manual: #"""
                  Exit 0 at once.
                  With
                  .BR \-\-retain ,
                  on a bare screen, leave the screen as it is instead of giving it back to the console: on DRM,
                  once another program has put its own picture on a screen the overlay showed on (it waits up to
                  \#(WindowingBackend.handOverWaitSeconds) s for that, and half a second more for its other screens, since the kernel
                  switches off a screen still showing a picture of a program that exits; when none comes, one
                  line says so and the console is given back);
                  on fbdev, the picture stays in the framebuffer and the console in graphics mode.
                  Elsewhere it is a plain quit, said in one line.
                  """#),
    ]

    /// The table in Markdown, with its header, without a final newline.
    public static var markdownTable: String {
        (["| command | effect |", "|---|---|"]
            + entries.map { "| " + $0.forms.map { "`\($0)`" }.joined(separator: ", ") + " | " + $0.effect + " |" })
            .joined(separator: "\n")
    }
}
