/// What `kiosk-spinner send` is asked to do: which control socket, which commands (one line
/// each), which event to wait for, and for how long. Read from the arguments after `send`:
/// `[--socket PATH] [--wait EVENT] [--timeout SECONDS] [--] COMMAND...`; the first word that is
/// not one of those options, and every word after it, is a command.
public struct SendRequest: Sendable, Equatable {
    /// Where the service's overlay listens (`--listen` in contrib/kiosk-spinner.service), used
    /// when neither `--socket` nor `$KIOSK_SPINNER_SOCKET` names a socket.
    public static let defaultSocketPath = "/run/kiosk-spinner/control.sock"
    /// How long the answers may take when nothing else is said and no event is awaited (after
    /// `quit` too, the overlay's going): an overlay that cannot answer `ping` in this time is not
    /// working.
    public static let defaultAnswerSeconds = 10.0
    /// How long `--wait EVENT` waits when `--timeout` says nothing: a HUD that has not appeared
    /// or gone a minute after it was asked to (through `--grace`, `--min-show` and the fades)
    /// is a fault worth an exit status.
    public static let defaultWaitSeconds = 60.0
    /// The longest `--timeout`: a day.
    public static let maximumTimeoutSeconds = 86400.0
    /// The usage line, for `--help` and the errors.
    public static let usage = "kiosk-spinner send [--socket PATH] [--wait EVENT] [--timeout SECONDS] COMMAND..."

    /// The socket given with `--socket`; nil: `$KIOSK_SPINNER_SOCKET`, else `defaultSocketPath`.
    public var socketPath: String?
    /// The commands, in order, each one line (the overlay caps lines at `LaunchOptions.lineLimitBytes`).
    public var commands: [String] = []
    /// The event to wait for (`--wait`): the next one after connecting.
    public var awaitedEvent: OverlayEvent?
    /// `--timeout`: how long the whole exchange may take.
    public var timeoutSeconds: Double?

    /// The events a client can wait for: every broadcast but `ready`, which is said once, before
    /// any client could connect.
    public static var awaitableEvents: [OverlayEvent] { OverlayEvent.broadcasts.filter { $0 != .ready } }

    /// How long the exchange may take: `--timeout`, else `defaultAnswerSeconds` when only
    /// answers are awaited, else `defaultWaitSeconds`.
    public var deadlineSeconds: Double {
        timeoutSeconds ?? (awaitedEvent == nil ? Self.defaultAnswerSeconds : Self.defaultWaitSeconds)
    }

    /// Creates a request.
    public init(socketPath: String? = nil, commands: [String] = [], awaitedEvent: OverlayEvent? = nil,
                timeoutSeconds: Double? = nil) {
        self.socketPath = socketPath
        self.commands = commands
        self.awaitedEvent = awaitedEvent
        self.timeoutSeconds = timeoutSeconds
    }

    /// Reads the arguments after `send`. Throws when an option is unknown or lacks its value,
    /// when there is neither a command nor `--wait`, when a command holds a newline (each is one
    /// line), when a command follows `quit` (the overlay would never carry it out), or when
    /// `--wait` comes with `quit` (the overlay is gone before any event).
    public static func parse(_ arguments: [String]) throws(OptionError) -> SendRequest {
        var request = SendRequest()
        var remaining = arguments[...]
        while let argument = remaining.first, argument.hasPrefix("--") {
            remaining.removeFirst()
            if argument == "--" { break }
            let name = String(argument.prefix { $0 != "=" })
            let inline = argument.firstIndex(of: "=").map { String(argument[argument.index(after: $0)...]) }
            guard ["--socket", "--wait", "--timeout"].contains(name) else { throw .unknownOption(name) }
            guard let value = inline ?? remaining.popFirst() else {
                throw .missingValue(option: name, expected: name == "--timeout" ? "SECONDS" : name == "--wait" ? "EVENT" : "PATH")
            }
            switch name {
            case "--socket": request.socketPath = value
            case "--wait": request.awaitedEvent = try awaitable(value)
            default: request.timeoutSeconds = try timeout(value)
            }
        }
        request.commands = Array(remaining)
        guard !request.commands.isEmpty || request.awaitedEvent != nil else {
            throw .missingValue(option: "send", expected: "a COMMAND or --wait EVENT")
        }
        if let event = request.awaitedEvent, let last = request.commands.last, (try? CommandParser.parse(last))??.isQuit == true {
            throw .invalidValue(option: "--wait", value: event.description,
                                expected: "no event with quit (the overlay is gone before it could say one)")
        }
        for (index, command) in request.commands.enumerated() {
            guard !command.utf8.contains(UInt8(ascii: "\n")) else {
                throw .invalidValue(option: "send", value: command, expected: "one line per COMMAND")
            }
            if index < request.commands.count - 1, (try? CommandParser.parse(command))??.isQuit == true {
                throw .invalidValue(option: "send", value: request.commands[index + 1],
                                    expected: "nothing after quit (the overlay would never carry it out)")
            }
        }
        return request
    }

    private static func awaitable(_ value: String) throws(OptionError) -> OverlayEvent {
        guard let event = OverlayEvent(broadcastLine: value), event != .ready else {
            throw .invalidValue(option: "--wait", value: value,
                                expected: awaitableEvents.map(\.description).joined(separator: "|"))
        }
        return event
    }

    private static func timeout(_ value: String) throws(OptionError) -> Double {
        guard let seconds = Double(value), seconds.isFinite, seconds > 0, seconds <= maximumTimeoutSeconds else {
            throw .invalidValue(option: "--timeout", value: value,
                                expected: "seconds more than 0, at most \(Int(maximumTimeoutSeconds))")
        }
        return seconds
    }
}
