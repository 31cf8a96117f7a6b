/// Where a host's line came from: who its answers go to, and how its errors name it.
public enum InputSource: Sendable, Hashable {
    /// The host's pipe: errors say `line N`; answers go to stdout.
    case standardInput
    /// The named FIFO: errors say `fifo line N`; answers go to stdout (a FIFO has no way back).
    case fifo
    /// A client of the control socket, by connection number: errors say `client N line M`;
    /// answers go back to that client.
    case client(Int)

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
        }
    }
}

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

/// Something that reached the loop since its last step.
public enum LoopInput: Sendable, Equatable {
    /// A parsed command or a rejected line.
    case host(HostEvent, from: InputSource)
    /// The host closed stdin (on a terminal: typed Ctrl-D).
    case endOfInput
    /// SIGINT, SIGTERM or SIGHUP (its number).
    case stopSignal(Int32)
    /// The window was closed (a plain development window's close button).
    case windowClosed
    /// The display went away (the X server or the compositor died, the device was unplugged),
    /// with the line saying so.
    case displayLost(String)
    /// What the windowing system last said of the blocking grab.
    case grab(BlockingGrabState.Status)
    /// Another virtual console was switched to (true), hiding the overlay's screen, or the
    /// overlay's console is back in front (false); bare backends only.
    case screenAway(Bool)
}

/// Why the overlay ends.
public enum ExitReason: Sendable, Equatable {
    /// The host sent `quit`.
    case quit
    /// Stdin ended and `--exit-on-eof` asked to exit then.
    case endOfInput
    /// A stop signal arrived (its number).
    case stopSignal(Int32)
    /// The development window was closed.
    case windowClosed
    /// The display went away: nothing is left to show on. The line says which and why.
    case displayLost(String)
    /// zenity's `--auto-close`: a percentage line reached 100, or the input ended.
    case autoClose
    /// zenity input ended: the bar was filled to 100 % and shown for the hold time (zenity
    /// would wait for its OK button, which an overlay does not have).
    case progressFinished
    /// zenity's `--timeout` ran out.
    case timedOut

    /// The last line for stderr, said once however many threads notice the same end: why the
    /// display went away; nil for the other ends.
    public var lastWords: String? {
        if case .displayLost(let reason) = self { return reason }
        return nil
    }

    /// True when the answers before the exit are worth waiting for (the host asked to end, or
    /// its input did, and it reads them); a signal or a closed window ends promptly instead.
    public var waitsForAnswers: Bool {
        switch self {
        case .quit, .endOfInput, .autoClose, .progressFinished, .timedOut: return true
        case .stopSignal, .windowClosed, .displayLost: return false
        }
    }
}

/// What one step decided: what to draw, what to write, how long to sleep, whether to stop.
public struct LoopStep: Sendable, Equatable {
    /// What to tell whom (events and answers), in order.
    public var answers: [Answer] = []
    /// Lines for stderr (rejected input), without the program's name.
    public var reports: [String] = []
    /// Per display, the frame to draw, or nil when its picture did not change.
    public var frames: [Frame?] = []
    /// Whether the blocking grab of keyboard and pointer is wanted now.
    public var wantsGrab = false
    /// True on the step whose answers hold `ready` (for the service manager's READY=1 too).
    public var isFirst = false
    /// The tick at which to step again without input; nil: sleep until input arrives.
    public var wakeTick: Int?
    /// Set when the program must end: every answer above is still to be written first.
    public var exit: ExitReason?
}

/// The loop's policy as one pure step: given what arrived since the last step and the tick now,
/// it answers what to tell the host, what each display draws, when to wake without input, and
/// whether (and why) to end. The adapter around it only waits, steps, draws and writes.
///
/// One `HostSession` speaks for all displays; each display has its `FrameComposer`.
public struct LoopPolicy: Sendable {
    /// What the loop does besides drawing.
    public struct Settings: Sendable, Equatable {
        /// End when stdin ends.
        public var exitsAtEndOfInput = false
        /// Also report rejected lines on stdout (`error line N: ...`).
        public var reportsErrorsOnStdout = false
        /// How zenity --progress ends, in the zenity dialect; nil otherwise.
        public var zenity: ZenityEndings?
        /// Whether the events go to stdout as well as to the control socket's clients.
        public var writesEventsToStdout = true

        /// Creates settings.
        public init(exitsAtEndOfInput: Bool = false, reportsErrorsOnStdout: Bool = false, zenity: ZenityEndings? = nil,
                    writesEventsToStdout: Bool = true) {
            self.exitsAtEndOfInput = exitsAtEndOfInput
            self.reportsErrorsOnStdout = reportsErrorsOnStdout
            self.zenity = zenity
            self.writesEventsToStdout = writesEventsToStdout
        }
    }

    /// How the overlay ends in zenity's place: at the end of input the bar fills to 100 % (as
    /// zenity's does), then the overlay exits, at once with `--auto-close`, else after
    /// `fullBarSeconds`; with `--auto-close` a percentage of 100 exits too; `--timeout` exits.
    public struct ZenityEndings: Sendable, Equatable {
        /// `--auto-close`.
        public var autoCloses = false
        /// How long the full bar stays after the end of input before the exit; nil: until
        /// `quit` or a signal (zenity's dialog waits for OK).
        public var fullBarSeconds: Double?
        /// `--timeout`: seconds from the start to exit with `timedOut`; nil: never.
        public var timeoutSeconds: Double?

        /// Creates zenity's endings.
        public init(autoCloses: Bool = false, fullBarSeconds: Double? = nil, timeoutSeconds: Double? = nil) {
            self.autoCloses = autoCloses
            self.fullBarSeconds = fullBarSeconds
            self.timeoutSeconds = timeoutSeconds
        }
    }

    /// What the host sees.
    public private(set) var session: HostSession
    private var composers: [FrameComposer]
    private let settings: Settings
    private var drawn: [Frame?]
    /// What each display last said about adapting its layout, so each change is reported once.
    private var adaptations: [String?]
    private var hasStepped = false
    /// An exit that time will bring (zenity's full bar held, `--timeout`), the earliest first.
    private var scheduledExit: (tick: Int, reason: ExitReason)?

    /// Creates the policy for `session` shown on the displays `composers` lay out (at least
    /// one). `grabStatus` is `.unsupported` where the windowing system cannot grab; `stacking`
    /// is what the display promises of the HUD's place above other windows; `backend` names
    /// what draws (`status`'s `backend`).
    public init(session: HostSession, composers: [FrameComposer], settings: Settings,
                grabStatus: BlockingGrabState.Status = .released, stacking: Stacking = .held, backend: String? = nil) {
        precondition(!composers.isEmpty, "the overlay needs a display")
        self.session = session
        self.composers = composers
        self.settings = settings
        _ = self.session.noteGrab(grabStatus)
        self.session.stacking = stacking
        self.session.backend = backend
        drawn = Array(repeating: nil, count: composers.count)
        adaptations = Array(repeating: nil, count: composers.count)
        if let timeout = settings.zenity?.timeoutSeconds {
            schedule(.timedOut, atTick: session.clock.wholeTicks(inSeconds: timeout))
        }
    }

    /// Applies `inputs` in order at `tick`, then lets time move on to `tick`. The first step
    /// answers `ready` first. Input after `quit`, a stop signal or (with `--exit-on-eof`) the end
    /// of input is ignored: the step says to exit, with every answer produced before it.
    public mutating func step(_ inputs: [LoopInput], atTick tick: Int, measurer: some TextMeasurer) -> LoopStep {
        var result = LoopStep()
        if !hasStepped {
            hasStepped = true
            result.isFirst = true
            result.answers.append(event(.ready))
        }
        for input in inputs {
            if let exit = apply(input, atTick: tick, to: &result) {
                result.exit = exit
                result.frames = Array(repeating: nil, count: composers.count)
                return result
            }
        }
        if let scheduled = scheduledExit, tick >= scheduled.tick {
            result.exit = scheduled.reason
            result.frames = Array(repeating: nil, count: composers.count)
            return result
        }
        result.answers += session.advance(to: tick).map(event)
        var frames: [Frame?] = []
        for index in composers.indices {
            let frame = composers[index].frame(of: session, atTick: tick, measurer: measurer)
            frames.append(frame == drawn[index] ? nil : frame)
            drawn[index] = frame
            let adaptation = composers[index].adaptation
            if adaptation != adaptations[index], let adaptation {
                result.reports.append(composers.count > 1 ? "display \(index): \(adaptation)" : adaptation)
            }
            adaptations[index] = adaptation
        }
        result.frames = frames
        result.wantsGrab = session.wantsGrab
        result.answers += session.noteGrab(session.grab.status).map(event)
        result.wakeTick = ([session.nextChangeTick(after: tick), scheduledExit?.tick] + composers.map { $0.nextChangeTick(after: tick) })
            .compactMap { $0 }.min()
        return result
    }

    /// Exits with `reason` at `tick`, unless an exit is due earlier.
    private mutating func schedule(_ reason: ExitReason, atTick tick: Int) {
        if let scheduled = scheduledExit, scheduled.tick <= tick { return }
        scheduledExit = (tick, reason)
    }

    /// Applies one input; returns why to exit when it ends the program.
    private mutating func apply(_ input: LoopInput, atTick tick: Int, to result: inout LoopStep) -> ExitReason? {
        switch input {
        case .host(.command(.quit, _), _):
            return .quit
        case .host(.command(let command, _), let source):
            result.answers += session.apply(command, atTick: tick).map { answer($0, from: source) }
            if case .percentage(100) = command, settings.zenity?.autoCloses == true { return .autoClose }
        case .host(.rejected(let error, let line), let source):
            result.reports.append("\(source.lineLabel) \(line): \(error)")
            if settings.reportsErrorsOnStdout || source.hasItsOwnAnswers {
                result.answers.append(Answer(OverlayEvent.error(line: line, error).description, to: .asker(source)))
            }
        case .endOfInput:
            if settings.exitsAtEndOfInput { return .endOfInput }
            if let zenity = settings.zenity { return endZenityInput(zenity, atTick: tick, to: &result) }
        case .stopSignal(let number):
            return .stopSignal(number)
        case .windowClosed:
            return .windowClosed
        case .displayLost(let reason):
            return .displayLost(reason)
        case .grab(let status):
            result.answers += session.noteGrab(status).map(event)
        case .screenAway(let away):
            result.answers += session.noteScreen(away: away).map(event)
        }
        return nil
    }

    /// zenity's end of input: the bar fills to 100 % and stops pulsating; `--auto-close` exits at
    /// once, otherwise the full bar is drawn and the exit comes after `fullBarSeconds`.
    private mutating func endZenityInput(_ zenity: ZenityEndings, atTick tick: Int, to result: inout LoopStep) -> ExitReason? {
        if zenity.autoCloses { return .autoClose }
        result.answers += session.apply(.progress(100), atTick: tick).map(event)
        if let seconds = zenity.fullBarSeconds {
            schedule(.progressFinished, atTick: tick + session.clock.wholeTicks(inSeconds: seconds))
        }
        return nil
    }

    /// An event that time or the windowing system caused: everyone hears it (every client
    /// alone when stdout is to stay empty).
    private func event(_ event: OverlayEvent) -> Answer {
        Answer(event.description, to: settings.writesEventsToStdout ? .everyone : .clients)
    }

    /// What a command from `source` caused: its answers (`pong`, status) go back to the asker,
    /// the events it set off (`shown`, `hidden`) to everyone.
    private func answer(_ event: OverlayEvent, from source: InputSource) -> Answer {
        event.isBroadcast ? self.event(event) : Answer(event.description, to: .asker(source))
    }
}
