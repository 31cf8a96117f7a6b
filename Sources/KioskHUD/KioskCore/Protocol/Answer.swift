/// One line the overlay tells, and whom.
public struct Answer: Sendable, Equatable {
    /// Who hears it.
    public enum Audience: Sendable, Hashable {
        /// Every listener (stdout and every control-socket client): the events.
        case everyone
        /// Every control-socket client, not stdout: the events in the zenity dialect, where stdout
        /// is left empty as zenity leaves it (unless `--events-to-stdout`).
        case clients
        /// Whoever sent the command: `pong`, the status line, `error line N: ...`.
        case asker(InputSource)
    }

    /// The line, without its newline.
    public var line: String
    /// Who hears it.
    public var audience: Audience

    /// Creates an answer.
    public init(_ line: String, to audience: Audience) {
        self.line = line
        self.audience = audience
    }
}
