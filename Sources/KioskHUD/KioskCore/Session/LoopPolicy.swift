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
        /// zenity's `--time-remaining`: each percentage line sets the details line to the time
        /// the progress will take yet (`RemainingTimeEstimate`).
        public var estimatesTimeRemaining = false
        /// What a press of the Cancel does besides saying `cancelled` (in the zenity dialect the
        /// overlay ends as zenity's dialog does, whatever this says).
        public var onCancel = CancelAction.keep
        /// `--speak`: say the messages aloud from the start.
        public var speaks = false
        /// `--speak-every`: say what is shown again after this long while it stays; nil: never.
        public var speakEverySeconds: Double?

        /// Creates settings.
        public init(exitsAtEndOfInput: Bool = false, reportsErrorsOnStdout: Bool = false, zenity: ZenityEndings? = nil,
                    writesEventsToStdout: Bool = true, estimatesTimeRemaining: Bool = false, onCancel: CancelAction = .keep,
                    speaks: Bool = false, speakEverySeconds: Double? = nil) {
            self.exitsAtEndOfInput = exitsAtEndOfInput
            self.reportsErrorsOnStdout = reportsErrorsOnStdout
            self.zenity = zenity
            self.writesEventsToStdout = writesEventsToStdout
            self.estimatesTimeRemaining = estimatesTimeRemaining
            self.onCancel = onCancel
            self.speaks = speaks
            self.speakEverySeconds = speakEverySeconds
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
    /// What lays a display out again when it changes.
    private let layoutRule: LayoutRule
    private let settings: Settings
    private var drawn: [Frame?]
    /// What each display last said about adapting its layout, so each change is reported once.
    private var adaptations: [String?]
    /// The displays gone for now (`displayGone`), drawn nothing until they come back.
    private var gone: Set<Int> = []
    /// The displays whose window another client took from the top, not yet back
    /// (`windowCovered` until `windowOnTopAgain`).
    private var covered: Set<Int> = []
    private var hasStepped = false
    /// An exit that time will bring (zenity's full bar held, `--timeout`), the earliest first.
    private var scheduledExit: (tick: Int, reason: ExitReason)?
    /// zenity's `--time-remaining`, measured from the percentage lines; nil when not asked.
    private var remainingTime: RemainingTimeEstimate?
    /// The display a press began on the Cancel of, until it is let go.
    private var cancelPress: Int?
    /// What is said aloud.
    private var announcer: Announcer

    /// Creates the policy for `session` shown on the displays `composers` lay out (at least
    /// one), laid out again by `layoutRule` when they change. `grabStatus` is `.unsupported`
    /// where the windowing system cannot grab; `stacking` is what the display promises of the
    /// HUD's place above other windows; `backend` names what draws (`status`'s `backend`).
    public init(session: HostSession, composers: [FrameComposer], layoutRule: LayoutRule = LayoutRule(), settings: Settings,
                grabStatus: BlockingGrabState.Status = .released, stacking: Stacking = .held, backend: String? = nil) {
        precondition(!composers.isEmpty, "the overlay needs a display")
        self.session = session
        self.composers = composers
        self.layoutRule = layoutRule
        self.settings = settings
        announcer = Announcer(isOn: settings.speaks,
                              repeatTicks: settings.speakEverySeconds.map { session.clock.wholeTicks(inSeconds: $0) })
        _ = self.session.noteGrab(grabStatus)
        self.session.stacking = stacking
        self.session.backend = backend
        drawn = Array(repeating: nil, count: composers.count)
        adaptations = Array(repeating: nil, count: composers.count)
        if settings.estimatesTimeRemaining { remainingTime = RemainingTimeEstimate(clock: session.clock, language: session.language,
                                                                                            numbers: session.appearance.numberStyle) }
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
        // What a `deactivate` leaves on the screen is the picture as it was when it came: what
        // follows it in the same batch changes the state, undrawn.
        var framesLeftByDeactivation: [Frame?]?
        for input in inputs {
            if let exit = apply(input, atTick: tick, to: &result) {
                result.exit = exit
                result.frames = Array(repeating: nil, count: composers.count)
                return result
            }
            if result.deactivates, framesLeftByDeactivation == nil {
                framesLeftByDeactivation = composeFrames(atTick: tick, measurer: measurer, reports: &result.reports)
            }
        }
        if let scheduled = scheduledExit, tick >= scheduled.tick {
            result.exit = scheduled.reason
            result.frames = Array(repeating: nil, count: composers.count)
            return result
        }
        result.answers += session.advance(to: tick).map(event)
        if session.stalledSince != nil, session.timing.onStall == .quit {
            result.exit = .hostStalled
            result.frames = Array(repeating: nil, count: composers.count)
            return result
        }
        result.frames = framesLeftByDeactivation ?? composeFrames(atTick: tick, measurer: measurer, reports: &result.reports)
        // A press held on a Cancel no longer shown (the HUD hidden, an outcome, its display gone
        // or changed) is let go: its release may never come.
        if let pressedOn = cancelPress, !isCancelShown(on: pressedOn) {
            setCancelPress(nil)
            let unlit = composeFrames(atTick: tick, measurer: measurer, reports: &result.reports)
            result.frames = zip(unlit, result.frames).map { $0 ?? $1 }
        }
        result.wantsGrab = session.wantsGrab
        result.answers += session.noteGrab(session.grab.status).map(event)
        result.utterance = announcer.utterance(for: session, atTick: tick)
        result.wakeTick = ([session.nextChangeTick(after: tick), scheduledExit?.tick, announcer.nextTick(after: tick)]
            + composers.map { $0.nextChangeTick(after: tick) }).compactMap { $0 }.min()
        return result
    }

    /// The frame of each display at `tick` (nil where it is gone or nothing changed since the last
    /// one composed), noting in `reports` a display whose layout adapted anew.
    private mutating func composeFrames(atTick tick: Int, measurer: some TextMeasurer, reports: inout [String]) -> [Frame?] {
        var frames: [Frame?] = []
        for index in composers.indices {
            guard !gone.contains(index) else {
                frames.append(nil)
                continue
            }
            let frame = composers[index].frame(of: session, atTick: tick, measurer: measurer)
            frames.append(frame == drawn[index] ? nil : frame)
            drawn[index] = frame
            let adaptation = composers[index].adaptation
            if adaptation != adaptations[index], let adaptation {
                reports.append(composers.count > 1 ? "display \(index): \(adaptation)" : adaptation)
            }
            adaptations[index] = adaptation
        }
        return frames
    }

    /// Exits with `reason` at `tick`, unless an exit is due earlier.
    private mutating func schedule(_ reason: ExitReason, atTick tick: Int) {
        if let scheduled = scheduledExit, scheduled.tick <= tick { return }
        scheduledExit = (tick, reason)
    }

    /// Applies one input; returns why to exit when it ends the program.
    private mutating func apply(_ input: LoopInput, atTick tick: Int, to result: inout LoopStep) -> ExitReason? {
        switch input {
        case .host(.command(.quit(let retaining), _), _):
            guard retaining else { return .quit }
            guard let refusal = handOverRefusal else { return .quitLeavingScreen }
            result.reports.append("quit --retain: \(refusal); quitting")
            return .quit
        case .host(.command(.speak(let on), _), _):
            announcer.isOn = on
        case .host(.command(.deactivate, let line), let source):
            if let refusal = handOverRefusal {
                reject(.notHere(command: "deactivate", reason: refusal), line: line, from: source, into: &result)
            } else if !session.isDeactivated {
                result.deactivates = true
                result.reports.append("deactivated: nothing more is drawn; the last picture stays for the next program to take over")
                result.answers += session.noteDeactivated().map(event)
            }
        case .host(.command(let command, _), let source):
            result.answers += session.apply(command, atTick: tick, fromHost: source != .systemd).map { answer($0, from: source) }
            if case .percentage(let value) = command, let line = remainingTime?.line(after: value, atTick: tick) {
                result.answers += session.apply(.detail(line), atTick: tick).map { answer($0, from: source) }
            }
            if case .percentage(100) = command, settings.zenity?.autoCloses == true { return .autoClose }
        case .host(.rejected(let error, let line), let source):
            reject(error, line: line, from: source, into: &result)
        case .endOfInput:
            if settings.exitsAtEndOfInput { return .endOfInput }
            if let zenity = settings.zenity { return endZenityInput(zenity, atTick: tick, to: &result) }
        case .stopSignal(let number):
            return .stopSignal(number)
        case .windowClosed:
            return .windowClosed
        case .displayLost(let reason):
            return .displayLost(reason)
        case .displayChanged(let index, let display):
            guard composers.indices.contains(index) else { break }
            // Laid out for what the display is now, and drawn whole on its new surface.
            composers[index] = layoutRule.composer(for: display)
            drawn[index] = nil
            adaptations[index] = nil
            if gone.remove(index) != nil {
                result.reports.append(composers.count > 1 ? "display \(index) is back" : "the display is back")
                result.answers += session.noteDisplays(present: true).map(event)
            }
        case .displayAdded(let display, let line):
            composers.append(layoutRule.composer(for: display))
            drawn.append(nil)
            adaptations.append(nil)
            result.reports.append(line)
            result.answers += session.noteDisplays(present: true).map(event)
        case .displayGone(let index, let reason):
            guard composers.indices.contains(index), gone.insert(index).inserted else { break }
            drawn[index] = nil
            result.reports.append(reason)
            // A display gone has no window to put back on top: the others say what `above` is
            // (the gone display itself is said by `hidden` and `shown=0` when it was the last).
            if covered.remove(index) != nil, covered.isEmpty { _ = session.noteAbove(lost: false) }
            if gone.count == composers.count { result.answers += session.noteDisplays(present: false).map(event) }
        case .windowCovered(let index):
            guard composers.indices.contains(index), covered.insert(index).inserted else { break }
            result.answers += session.noteAbove(lost: true).map(event)
        case .windowOnTopAgain(let index):
            guard covered.remove(index) != nil, covered.isEmpty else { break }
            result.answers += session.noteAbove(lost: false).map(event)
        case .grab(let status):
            result.answers += session.noteGrab(status).map(event)
        case .screenAway(let away):
            result.answers += session.noteScreen(away: away).map(event)
        case .pressed(let index, let point):
            // A press anywhere else lets go of one held on the Cancel.
            setCancelPress(isOnCancel(point, of: index) ? index : nil)
        case .released(let index, let point):
            guard let pressedOn = cancelPress else { break }
            setCancelPress(nil)
            // A press that slid off the Cancel before it was let go (a swipe) cancels nothing.
            if pressedOn == index, isOnCancel(point, of: index) { return cancel(atTick: tick, byKey: false, to: &result) }
        case .escapeKey:
            if composers.indices.contains(where: isCancelShown) { return cancel(atTick: tick, byKey: true, to: &result) }
        }
        return nil
    }

    /// True when display `index` shows a Cancel that may be pressed: drawn there and still
    /// meant (not fading out with a hidden HUD, not beside an outcome the host sent since).
    private func isCancelShown(on index: Int) -> Bool {
        composers.indices.contains(index) && !gone.contains(index) && composers[index].cancelTarget != nil
            && session.state.isVisible && session.state.outcome == nil && session.appearance.cancelLabel != nil
    }

    /// True when `point` is on the Cancel shown on display `index`.
    private func isOnCancel(_ point: Point, of index: Int) -> Bool {
        guard isCancelShown(on: index), let target = composers[index].cancelTarget else { return false }
        return target.contains(px: Int(point.x.rounded(.down)), py: Int(point.y.rounded(.down)))
    }

    /// Holds a press on the Cancel of display `index` (drawn lit), or lets go of it (nil).
    private mutating func setCancelPress(_ index: Int?) {
        cancelPress = index
        if session.isCancelPressed != (index != nil) { session.noteCancelPressed(index != nil) }
    }

    /// The Cancel pressed (`byKey`: Escape): everyone hears `cancelled`, then `--on-cancel` (or
    /// zenity's way, an exit with status 1) decides what follows; returns the exit it causes.
    private mutating func cancel(atTick tick: Int, byKey: Bool, to result: inout LoopStep) -> ExitReason? {
        result.answers.append(event(.cancelled))
        if settings.zenity != nil { return byKey ? .zenityEscaped : .zenityCancelled }
        switch settings.onCancel {
        case .keep: return nil
        case .hide:
            result.answers += (session.apply(.block(false), atTick: tick) + session.apply(.hide, atTick: tick)).map(event)
            return nil
        case .quit: return .cancelled
        }
    }

    /// Reports line `line` from `source` as rejected with `error` (on stderr; to the asker too
    /// where it hears its errors).
    private func reject(_ error: CommandError, line: Int, from source: InputSource, into result: inout LoopStep) {
        result.reports.append("\(source.lineLabel) \(line): \(error)")
        if settings.reportsErrorsOnStdout || source.hasItsOwnAnswers {
            result.answers.append(Answer(OverlayEvent.error(line: line, error).description, to: .asker(source)))
        }
    }

    /// Why the screen cannot be left to the next program here, or nil on a bare screen.
    private var handOverRefusal: String? {
        let backend = session.backend.flatMap(WindowingBackend.init(rawValue:))
        guard backend?.handsOverTheScreen != true else { return nil }
        return "on \(session.backend ?? "this display") the display server owns the screen, and the overlay's window goes with it"
    }

    /// zenity's end of input: the bar fills to 100 % and stops pulsating; `--auto-close` exits at
    /// once, otherwise the full bar is drawn and the exit comes after `fullBarSeconds`.
    private mutating func endZenityInput(_ zenity: ZenityEndings, atTick tick: Int, to result: inout LoopStep) -> ExitReason? {
        if zenity.autoCloses { return .autoClose }
        // zenity's Cancel is insensitive once the input has ended: the work is done.
        session.withdrawCancel()
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
