/// Where an answer is written: the events to stdout (not in the zenity dialect, unless asked) and
/// every control-socket client, an answer
/// to stdin's or the FIFO's command to stdout (a FIFO has no way back), an answer to a client's
/// command to that client alone.
extension Answer {
    /// Whether stdout hears it.
    public var isForStandardOutput: Bool {
        switch audience {
        case .everyone, .asker(.standardInput), .asker(.fifo): return true
        case .clients, .asker(.client), .asker(.systemd): return false
        }
    }

    /// Whether the control-socket client numbered `number` hears it.
    public func isFor(client number: Int) -> Bool {
        switch audience {
        case .everyone, .clients: return true
        case .asker(.client(let asker)): return asker == number
        case .asker(.standardInput), .asker(.fifo), .asker(.systemd): return false
        }
    }
}
