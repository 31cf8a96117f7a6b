/// What the overlay's answer to `status` says (PROTOCOL.md), field by field, to build the exact
/// line a test expects. Starts as an overlay started without options says before any command.
struct OverlayStatus: Equatable, Sendable, CustomStringConvertible {
    /// What the host asked for: shown (true) or hidden.
    var visible = true
    /// Whether the host asked to block input.
    var blocked = false
    /// The blocking grab: `none` while not blocking (or blocking while hidden), `held` while
    /// blocking on an X server.
    var grab = "none"
    /// Whether the HUD is drawn; nil: as `visible` says (at rest, after any fade).
    var shown: Bool?
    /// Whether anything could cover the HUD unseen: always `held` for these tests, on an X
    /// server with no Wayland compositor beside it.
    let above = "held"
    /// Which backend draws: always `x11` for these tests, on an X server.
    let backend = "x11"
    /// `spinner`, `progress`, `success`, `error`, `info` or `stalled`.
    var mode = "spinner"
    /// The percentage as the overlay writes it (`42.5`), or `-`.
    var progress = "-"
    /// The message, unescaped.
    var message = "Please wait..."
    /// The details line, unescaped.
    var detail = ""

    /// The line the overlay writes, without its newline: message and detail quoted, with `"`
    /// and `\` escaped.
    var line: String {
        "visible=\(visible ? 1 : 0) blocked=\(blocked ? 1 : 0) grab=\(grab) shown=\(shown ?? visible ? 1 : 0) stalled=0 above=\(above) backend=\(backend) mode=\(mode) "
            + "progress=\(progress) "
            + "message=\"\(Self.escaped(message))\" detail=\"\(Self.escaped(detail))\""
    }

    var description: String { line }

    /// This status with the message replaced by `message`.
    func with(message: String) -> OverlayStatus {
        var changed = self
        changed.message = message
        return changed
    }

    private static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
    }
}
