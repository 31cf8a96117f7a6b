/// Where a host's line came from: who its answers go to, and how its errors name it.
public enum InputSource: Sendable, Hashable {
    /// The host's pipe: errors say `line N`; answers go to stdout.
    case standardInput
    /// The named FIFO: errors say `fifo line N`; answers go to stdout (a FIFO has no way back).
    case fifo
    /// A client of the control socket, by connection number: errors say `client N line M`;
    /// answers go back to that client.
    case client(Int)
    /// systemd's boot progress (`--systemd-progress`), reading N: it writes no lines, so nothing
    /// from it is rejected, and it asks nothing.
    case systemd

    /// True for a source with a way back of its own (a socket client), which always hears of its
    /// rejected lines; stdin's and the FIFO's go to stdout only with `--errors-to-stdout`.
    public var hasItsOwnAnswers: Bool {
        if case .client = self { return true }
        return false
    }

    /// How a rejected line from here is named: `line`, `fifo line`, `client 3 line`.
    public var lineLabel: String {
        switch self {
        case .standardInput: return "line"
        case .fifo: return "fifo line"
        case .client(let number): return "client \(number) line"
        case .systemd: return "systemd reading"
        }
    }
}
