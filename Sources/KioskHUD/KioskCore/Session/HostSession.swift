/// What the host sees of the overlay, whatever displays it is drawn on: the state the host asked
/// for, when the HUD is on screen (presence, fades, outcomes dismissing themselves), a silent
/// host noticed (stall), whether the blocking grab is held, and the answers and events those
/// produce. Laying the HUD out on a display is a `FrameComposer`'s business.
///
/// It never reads a clock: every question takes the tick.
public struct HostSession: Sendable {
    /// The look; `color`, `hud-color` and `size` change it. Each display scales it.
    public private(set) var appearance: Appearance
    /// The language of the stock texts the session says by itself ("Not responding", the time remaining).
    public let language: Language
    /// Whether a press is held on the Cancel, which is then drawn lit.
    public private(set) var isCancelPressed = false
    /// The timing rules.
    public let timing: Timing
    /// How long the HUD's motions take.
    public let motion: Motion
    /// The fixed-rate clock the ticks belong to.
    public let clock: FixedStepClock
    /// What the host has asked for.
    public private(set) var state: HUDState
    /// When the HUD is on screen.
    public private(set) var presence: Presence
    /// Whether the blocking grab of keyboard and pointer is held.
    public private(set) var grab = BlockingGrabState()
    /// Whether another virtual console is in front of the overlay's (bare backends, `noteScreen`).
    private var isConsoleAway = false
    /// Whether no display shows the overlay any more: its last output was unplugged or turned
    /// off (`noteDisplays`).
    private var hasNoDisplay = false
    /// Whether the overlay let go of the screen for the next program (`deactivate`): its last
    /// picture may stay, but nothing it says is drawn any more.
    public private(set) var isDeactivated = false
    /// Whether the HUD is drawn but not seen, another console in front, no display left or the
    /// screen let go: `status` says `shown=0`, and `shown` and `hidden` wait until it can be
    /// seen again.
    public var isScreenAway: Bool { isConsoleAway || hasNoDisplay || isDeactivated }
    /// What the display promises of the HUD's place above other windows (`status`'s `above`).
    public internal(set) var stacking = Stacking.held
    /// Whether another client took the overlay's window from the top and it is not back yet
    /// (`noteAbove`): `status` says `above=lost` meanwhile.
    private var isAboveLost = false
    /// Which backend draws (`status`'s `backend`: `x11`, `wayland`, `drm`, `fbdev`); nil, said
    /// as `-`, for a session no display shows.
    public internal(set) var backend: String?
    /// The tick of the host's last state command (not a question), for the stall timeout.
    private var lastCommandTick = 0
    /// Since when the overlay shows that it is stalled.
    public private(set) var stalledSince: Int?
    /// The tick of the first visibility change not yet settled.
    private var visibilityChangedAt: Int?
    /// How strongly the backdrop covers the screen (0...1), fading with `block` and `unblock`.
    private var backdrop: Transition
    /// The fraction (0...1) the ring or bar shows, moving to each new value.
    private var gauge: Transition

    /// Creates a session with an initial state, drawn at once when visible, saying its stock
    /// texts in `language`.
    public init(appearance: Appearance, timing: Timing = Timing(), language: Language = .english, clock: FixedStepClock,
                state: HUDState) {
        self.appearance = appearance
        self.timing = timing
        self.language = language
        self.clock = clock
        self.state = state
        motion = Motion(timing: timing, clock: clock)
        backdrop = Transition(at: state.isBlocking ? 1 : 0)
        gauge = Transition(at: (state.progress ?? 0) / 100)
        presence = Presence(timing: Presence.Timing(graceTicks: clock.wholeTicks(inSeconds: timing.graceSeconds),
                                                    minimumShownTicks: clock.wholeTicks(inSeconds: timing.minimumShowSeconds),
                                                    fadeTicks: clock.wholeTicks(inSeconds: timing.fadeSeconds)),
                            visible: state.isVisible)
    }

    /// Takes the Cancel off the HUD for good (zenity's at the end of its input).
    public mutating func withdrawCancel() {
        appearance.cancelLabel = nil
        isCancelPressed = false
    }

    /// Notes a press held on the Cancel (true) or let go (false).
    public mutating func noteCancelPressed(_ pressed: Bool) {
        isCancelPressed = pressed
    }

    /// Applies a host command received at `tick`; returns what to tell the host.
    ///
    /// A change of visibility takes effect at `settle` (or the next `advance`, a command at a
    /// later tick, or a `status`, which reports what is drawn), once per tick: a burst of
    /// `show`/`hide` at one tick ends in the last one's state without a flicker of events. A
    /// state command from the host is a sign of life and ends a stall; a question (`ping`,
    /// `status`) is not, and neither is what does not come from the host (`fromHost` false:
    /// systemd's boot progress).
    @discardableResult
    public mutating func apply(_ command: Command, atTick tick: Int, fromHost: Bool = true) -> [OverlayEvent] {
        if fromHost, !command.isQuestion {
            lastCommandTick = max(lastCommandTick, tick)
            stalledSince = nil
        }
        var events: [OverlayEvent] = []
        if let pending = visibilityChangedAt, pending < tick { events += settle() }
        events += advanceTime(to: tick)
        switch command {
        case .ping: events.append(.pong)
        case .status:
            // What the answer says is what is drawn: the visibility asked before it takes effect first.
            events += settle()
            events.append(.status(statusLine))
        case .wheelColor(let color): appearance.wheelColor = color
        case .hudColor(let color): appearance.hudColor = color
        case .wheelSize(let pixels): appearance.wheelPixels = pixels
        case .logo(.none): appearance.logo = nil
        case .logo(.picture(let picture)): appearance.logo = picture
        case .logo(.file): break
        default: changeState(command, atTick: tick)
        }
        return events
    }

    /// Applies a command that changes what the host asked for, starting the motions it sets off.
    private mutating func changeState(_ command: Command, atTick tick: Int) {
        let before = state
        state.apply(command, atTick: tick)
        if state.isVisible != before.isVisible { visibilityChangedAt = visibilityChangedAt ?? tick }
        // What changes on a HUD not drawn is drawn at once when it appears.
        let moves = presence.isDrawn
        backdrop.move(to: state.isBlocking ? 1 : 0, atTick: tick, over: moves ? motion.backdropTicks : 0)
        let hadGauge = before.progress != nil
        let fraction = (state.progress ?? 0) / 100
        let distance = fraction - gauge.value(atTick: tick)
        gauge.move(to: fraction, atTick: tick, over: moves && hadGauge ? motion.progressTicks(movingBy: distance) : 0)
    }

    /// Lets the visibility the commands asked for take effect (at the tick of the first change
    /// since the last settle); returns what appeared or disappeared.
    @discardableResult
    public mutating func settle() -> [OverlayEvent] {
        guard let tick = visibilityChangedAt else { return [] }
        visibilityChangedAt = nil
        return announced(presence.request(visible: state.isVisible, atTick: tick))
    }

    /// Moves time on to `tick`: outcomes dismiss themselves, fades and grace times run out, and a
    /// silent host is noticed. Returns what to tell the host.
    @discardableResult
    public mutating func advance(to tick: Int) -> [OverlayEvent] {
        settle() + advanceTime(to: tick)
    }

    /// Whether the blocking grab of keyboard and pointer is wanted: while the HUD is drawn and
    /// blocks, its frames take all input.
    public var wantsGrab: Bool { state.isBlocking && presence.isDrawn }

    /// Records that another virtual console was switched to (`away`) or that the overlay's is
    /// back; returns `hidden` or `shown` when that changes whether a drawn HUD is seen. A HUD
    /// the host asked to hide while it could not be seen is gone when it can again, not shown
    /// again to finish its fade.
    public mutating func noteScreen(away: Bool) -> [OverlayEvent] {
        changeWhetherSeen { $0.isConsoleAway = away }
    }

    /// Records that the overlay let go of the screen (`deactivate`), for good; returns `hidden`
    /// when a drawn HUD was seen: what stays on the screen is no longer the overlay's to keep.
    public mutating func noteDeactivated() -> [OverlayEvent] {
        changeWhetherSeen { $0.isDeactivated = true }
    }

    /// Records whether any display still shows the overlay (`present`) or the last one went
    /// (unplugged, turned off); returns `hidden` or `shown` as `noteScreen` does.
    public mutating func noteDisplays(present: Bool) -> [OverlayEvent] {
        changeWhetherSeen { $0.hasNoDisplay = !present }
    }

    /// Makes `change` to what keeps the HUD from being seen; returns `hidden` or `shown` when
    /// that changes whether a drawn HUD is seen.
    private mutating func changeWhetherSeen(_ change: (inout HostSession) -> Void) -> [OverlayEvent] {
        let wasAway = isScreenAway
        change(&self)
        guard isScreenAway != wasAway else { return [] }
        if !isScreenAway { presence.finishLeaving() }
        return presence.isDrawn ? [isScreenAway ? .hidden : .shown] : []
    }

    /// Records whether another client took the overlay's window from the top (`lost`) or it is
    /// on top again; returns `above-lost` or `above-held` when that changed.
    public mutating func noteAbove(lost: Bool) -> [OverlayEvent] {
        guard lost != isAboveLost else { return [] }
        isAboveLost = lost
        return [lost ? .aboveLost : .aboveHeld]
    }

    /// Records what the windowing system last said of the blocking grab; returns `grab-lost` or
    /// `grab-held` when the host must hear that blocking stopped or started holding.
    public mutating func noteGrab(_ status: BlockingGrabState.Status) -> [OverlayEvent] {
        grab.update(wanted: wantsGrab, status: status)
    }

    /// What time alone does by `tick`, leaving unsettled visibility changes for `settle`.
    private mutating func advanceTime(to tick: Int) -> [OverlayEvent] {
        var events: [OverlayEvent] = []
        if let dismissal = dismissalTick, tick >= dismissal {
            state.isVisible = false
            events += announced(presence.request(visible: false, atTick: dismissal))
        }
        events += announced(presence.advance(to: tick))
        if stalledSince == nil, let stall = stallTick, tick >= stall {
            stalledSince = stall
            events.append(.stalled)
            events += actOnStall(atTick: stall)
        }
        return events
    }

    /// What `--on-stall` does at the stall's tick: lifts the block (`unblock`), or lifts it and
    /// hides the HUD (`hide`); `keep` and `quit` (the loop's to end) change nothing here.
    private mutating func actOnStall(atTick tick: Int) -> [OverlayEvent] {
        guard timing.onStall == .unblock || timing.onStall == .hide else { return [] }
        changeState(.block(false), atTick: tick)
        guard timing.onStall == .hide else { return [] }
        changeState(.hide, atTick: tick)
        return settle()
    }

    /// The events `changes` announce: none while the screen is away, where the HUD is seen
    /// neither way (`noteScreen` says what is seen when it comes back).
    private func announced(_ changes: [Presence.Change]) -> [OverlayEvent] {
        guard !isScreenAway else { return [] }
        return changes.map { change in
            switch change {
            case .appeared: return .shown
            case .disappeared: return .hidden
            }
        }
    }

    /// How strongly the backdrop covers the screen at `tick` (0...1): 1 while blocking, fading
    /// in and out with `block` and `unblock`.
    public func backdropStrength(atTick tick: Int) -> Double {
        backdrop.value(atTick: tick)
    }

    /// The fraction (0...1) the ring or bar shows at `tick`, on its way to the last value.
    public func gaugeFraction(atTick tick: Int) -> Double {
        gauge.value(atTick: tick)
    }

    /// How much of the outcome's mark is drawn at `tick` (0...1): it draws itself as it comes.
    public func markDrawn(atTick tick: Int) -> Double {
        guard let outcome = state.outcome else { return 1 }
        return Transition.eased(Transition.fraction(from: outcome.atTick, atTick: tick, over: motion.markTicks))
    }

    /// How many ticks one turn of the wheel takes.
    public var ticksPerTurn: Int { clock.ticks(inSeconds: appearance.periodSeconds) }

    /// How many distinct wheel poses a turn has: one per spoke when stepping, one per tick when
    /// turning smoothly.
    public var poseCount: Int { appearance.rotatesSmoothly ? ticksPerTurn : appearance.spokeCount }

    /// The wheel's pose at `tick`: it turns from its first spoke since the HUD was drawn, and
    /// stands still while stalled.
    public func poseIndex(atTick tick: Int) -> Int {
        ticksIntoTurn(atTick: min(tick, stalledSince ?? tick)) * poseCount / ticksPerTurn
    }

    /// How far into its current turn the wheel is at `tick`, counted from when it was drawn.
    private func ticksIntoTurn(atTick tick: Int) -> Int {
        (tick - (presence.drawnSince ?? tick)) %% ticksPerTurn
    }

    /// The message shown: the host's, the stall message while stalled, or none beside a bare
    /// outcome (`success` alone shows the mark alone).
    public var shownMessage: String {
        if stalledSince != nil { return timing.stallMessage ?? language.saying(.notResponding) }
        return state.outcome?.hasText == false ? "" : state.message
    }

    /// The details line shown: none beside a bare outcome.
    public var shownDetail: String { state.outcome?.hasText == false ? "" : state.detail }

    /// The first tick after `tick` at which the picture changes or the host must be told
    /// something by itself, or nil when nothing will happen without a command.
    public func nextChangeTick(after tick: Int) -> Int? {
        var candidates = [presence.nextChangeTick(after: tick), dismissalTick, stallTick].compactMap { $0 }
        if presence.isDrawn {
            candidates += [backdrop.nextChangeTick(after: tick), gauge.nextChangeTick(after: tick)].compactMap { $0 }
            if let outcome = state.outcome, tick < outcome.atTick + motion.markTicks { candidates.append(tick + 1) }
            if stalledSince == nil, state.showsWheel { candidates.append(nextWheelStep(after: tick)) }
        }
        return candidates.map { max($0, tick + 1) }.min()
    }

    private func nextWheelStep(after tick: Int) -> Int {
        if appearance.rotatesSmoothly { return tick + 1 }
        let intoTurn = ticksIntoTurn(atTick: tick)
        let pose = poseIndex(atTick: tick)
        let nextPoseStarts = ((pose + 1) * ticksPerTurn + poseCount - 1) / poseCount
        return tick + (nextPoseStarts - intoTurn)
    }

    /// When the current outcome hides itself, if it does and has not yet.
    private var dismissalTick: Int? {
        guard let outcome = state.outcome, state.isVisible,
              let seconds = timing.dismissalSeconds(of: outcome.kind, showing: shownMessage + shownDetail) else { return nil }
        return outcome.atTick + clock.wholeTicks(inSeconds: seconds)
    }

    /// When a silent host will be noticed, if it can be and has not yet (not while another
    /// virtual console is in front: the HUD is not seen).
    private var stallTick: Int? {
        guard let seconds = timing.stallTimeoutSeconds, stalledSince == nil, presence.isDrawn, !isScreenAway, state.isVisible else {
            return nil
        }
        return max(lastCommandTick, presence.drawnSince ?? lastCommandTick) + clock.ticks(inSeconds: seconds)
    }

    /// The `status` answer:
    /// `visible=1 blocked=0 grab=none shown=1 stalled=0 above=held backend=x11 mode=spinner progress=- message="..." detail="..."`;
    /// `shown` is whether the HUD is drawn and seen at this point of the answers (from `shown`
    /// until `hidden`; not while another virtual console is in front or no display is left),
    /// `stalled` whether the host
    /// has sent no state command for `--stall-timeout` (until its next one), `above` whether
    /// anything could cover it unseen (`Stacking`), or `lost` while another client has taken its
    /// window from the top, `backend` which backend draws it.
    public var statusLine: String {
        let progress = state.progress.map(Self.number) ?? "-"
        let mode = stalledSince == nil ? state.mode : "stalled"
        return "visible=\(state.isVisible ? 1 : 0) blocked=\(state.isBlocking ? 1 : 0) grab=\(grab.word(wanted: wantsGrab)) "
            + "shown=\(presence.isDrawn && !isScreenAway ? 1 : 0) stalled=\(stalledSince == nil ? 0 : 1) above=\((isAboveLost ? Stacking.lost : stacking).rawValue) backend=\(backend ?? "-") mode=\(mode) "
            + "progress=\(progress) message=\(Self.quoted(state.message)) detail=\(Self.quoted(state.detail))"
    }

    /// `value` as the status line and the percentage show it: whole, or to one decimal.
    public static func number(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String((value * 10).rounded() / 10)
    }

    private static func quoted(_ text: String) -> String {
        "\"" + CommandParser.written(text).replacingAll("\"", with: "\\\"") + "\""
    }
}
