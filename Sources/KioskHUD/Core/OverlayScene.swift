/// The overlay's logic in one value: the state the host asked for, when it is on screen, laid out
/// for a screen with an appearance, answering what the frame looks like at any tick, what the
/// host should be told, and when the picture next changes by itself.
///
/// It never reads a clock: every question takes the tick. Text is fitted only when it changed.
public struct OverlayScene: Sendable {
    /// The screen the overlay covers.
    public let screen: Size
    /// The look; `color`, `hud-color` and `size` change it.
    public private(set) var appearance: Appearance
    /// The timing rules.
    public let timing: Timing
    /// The fixed-rate clock the ticks belong to.
    public let clock: FixedStepClock
    /// What the host has asked for.
    public private(set) var state: HUDState
    /// When the HUD is on screen.
    public private(set) var presence: Presence
    /// The tick of the last command, for the stall timeout.
    private var lastCommandTick = 0
    /// Since when the overlay shows that it is stalled.
    public private(set) var stalledSince: Int?
    /// The tick of the first visibility change not yet settled.
    private var visibilityChangedAt: Int?
    private var fitted: FittedPanel?

    /// The text and look a layout was made for, with the result.
    private struct FittedPanel {
        var message: String
        var detail: String
        var appearance: Appearance
        var layout: HUDLayout
        var labels: [Frame.Label]
    }

    /// Creates a scene with an initial state, drawn at once when visible.
    public init(screen: Size, appearance: Appearance, timing: Timing = Timing(), clock: FixedStepClock, state: HUDState) {
        self.screen = screen
        self.appearance = appearance
        self.timing = timing
        self.clock = clock
        self.state = state
        presence = Presence(timing: Presence.Timing(graceTicks: clock.wholeTicks(inSeconds: timing.graceSeconds),
                                                    minimumShownTicks: clock.wholeTicks(inSeconds: timing.minimumShowSeconds),
                                                    fadeTicks: clock.wholeTicks(inSeconds: timing.fadeSeconds)),
                            visible: state.isVisible)
    }

    /// Applies a host command received at `tick`; returns what to tell the host.
    @discardableResult
    ///
    /// A change of visibility takes effect at `settle` (or the next `advance`, or a command at a
    /// later tick), once per tick: a burst of `show`/`hide` at one tick ends in the last one's
    /// state without a flicker of events. A command ends a stall, after `status` has reported it.
    public mutating func apply(_ command: Command, atTick tick: Int) -> [OverlayEvent] {
        lastCommandTick = max(lastCommandTick, tick)
        var events: [OverlayEvent] = []
        if let pending = visibilityChangedAt, pending < tick { events += settle() }
        events += advanceTime(to: tick)
        switch command {
        case .ping: events.append(.pong)
        case .status: events.append(.status(statusLine))
        case .wheelColor(let color): appearance.wheelColor = color
        case .hudColor(let color): appearance.hudColor = color
        case .hudSize(let pixels): appearance.hudSizePixels = pixels
        default:
            let wasVisible = state.isVisible
            state.apply(command, atTick: tick)
            if state.isVisible != wasVisible { visibilityChangedAt = visibilityChangedAt ?? tick }
        }
        stalledSince = nil
        return events
    }

    /// Lets the visibility the commands asked for take effect (at the tick of the first change
    /// since the last settle); returns what appeared or disappeared.
    @discardableResult
    public mutating func settle() -> [OverlayEvent] {
        guard let tick = visibilityChangedAt else { return [] }
        visibilityChangedAt = nil
        return presence.request(visible: state.isVisible, atTick: tick).map(event)
    }

    /// Moves time on to `tick`: outcomes dismiss themselves, fades and grace times run out, and a
    /// silent host is noticed. Returns what to tell the host.
    @discardableResult
    public mutating func advance(to tick: Int) -> [OverlayEvent] {
        settle() + advanceTime(to: tick)
    }

    /// What time alone does by `tick`, leaving unsettled visibility changes for `settle`.
    private mutating func advanceTime(to tick: Int) -> [OverlayEvent] {
        var events: [OverlayEvent] = []
        if let dismissal = dismissalTick, tick >= dismissal {
            state.isVisible = false
            events += presence.request(visible: false, atTick: dismissal).map(event)
        }
        events += presence.advance(to: tick).map(event)
        if stalledSince == nil, let stall = stallTick, tick >= stall {
            stalledSince = stall
            events.append(.stalled)
        }
        return events
    }

    private func event(_ change: Presence.Change) -> OverlayEvent {
        switch change {
        case .appeared: return .shown
        case .disappeared: return .hidden
        }
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

    /// The frame at `tick`, measuring text with `measurer` when the text changed.
    /// Call `settle` (or `advance`) after applying commands, so their visibility is drawn.
    public mutating func frame(atTick tick: Int, measurer: some TextMeasurer) -> Frame {
        guard presence.isDrawn else { return Frame(panel: nil, indicator: nil, input: .nothing, visible: .nothing) }
        let text = fittedPanel(measurer: measurer)
        let layout = text.layout
        let opacity = presence.opacity(atTick: tick)
        let panel = Frame.Panel(
            backdrop: state.isBlocking ? appearance.backdropColor : nil,
            hud: layout.hud, cornerRadiusPixels: layout.cornerRadiusPixels, hudColor: appearance.hudColor,
            labels: text.labels, opacity: (opacity * 255).rounded() / 255)
        let hudRegion = ScreenRegion.roundedRect(layout.hud, cornerRadiusPixels: layout.cornerRadiusPixels)
        return Frame(panel: panel, indicator: indicator(in: layout.wheelBox, atTick: tick),
                     input: state.isBlocking ? .everything : hudRegion,
                     visible: panel.backdrop == nil ? hudRegion : .everything)
    }

    /// What stands in the wheel's place at `tick`.
    private func indicator(in box: PixelRect, atTick tick: Int) -> Frame.Indicator {
        if let outcome = state.outcome {
            return .outcome(Frame.OutcomeMark(box: box, kind: outcome.kind, color: appearance.wheelColor))
        }
        if let progress = state.progress {
            let percent = appearance.showsPercent ? Self.percentText(progress) : nil
            return .progress(Frame.ProgressGauge(box: box, fraction: progress / 100, style: appearance.progressStyle,
                                                 color: appearance.wheelColor, percentText: percent))
        }
        let wheel = SpokeWheel(count: appearance.spokeCount, radius: Double(box.width) / 2, color: appearance.wheelColor)
        return .wheel(Frame.WheelPose(box: box, wheel: wheel, poseIndex: poseIndex(atTick: tick), poseCount: poseCount))
    }

    /// The first tick after `tick` at which the picture changes or the host must be told
    /// something by itself, or nil when nothing will happen without a command.
    public func nextChangeTick(after tick: Int) -> Int? {
        var candidates = [presence.nextChangeTick(after: tick), dismissalTick, stallTick].compactMap { $0 }
        if presence.isDrawn, stalledSince == nil, state.outcome == nil, state.progress == nil {
            candidates.append(nextWheelStep(after: tick))
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
        guard let outcome = state.outcome, state.isVisible, timing.dismissAfterSeconds > 0 else { return nil }
        return outcome.atTick + clock.wholeTicks(inSeconds: timing.dismissAfterSeconds)
    }

    /// When a silent host will be noticed, if it can be and has not yet.
    private var stallTick: Int? {
        guard let seconds = timing.stallTimeoutSeconds, stalledSince == nil, presence.isDrawn, state.isVisible else {
            return nil
        }
        return max(lastCommandTick, presence.drawnSince ?? lastCommandTick) + clock.ticks(inSeconds: seconds)
    }

    /// The `status` answer: `visible=1 blocked=0 mode=spinner progress=- message="..."`.
    public var statusLine: String {
        let progress = state.progress.map(Self.number) ?? "-"
        let mode = stalledSince == nil ? state.mode : "stalled"
        return "visible=\(state.isVisible ? 1 : 0) blocked=\(state.isBlocking ? 1 : 0) mode=\(mode) progress=\(progress) "
            + "message=\(Self.quoted(state.message)) detail=\(Self.quoted(state.detail))"
    }

    private static func number(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String((value * 10).rounded() / 10)
    }

    private static func percentText(_ value: Double) -> String { number(value.rounded(.down)) + "%" }

    private static func quoted(_ text: String) -> String {
        "\"" + text.replacingAll("\\", with: "\\\\").replacingAll("\"", with: "\\\"") + "\""
    }

    /// The layout and fitted labels for the current text and look, fitting only on a change.
    private mutating func fittedPanel(measurer: some TextMeasurer) -> FittedPanel {
        let message = stalledSince == nil ? state.message : timing.stallMessage
        if let fitted, fitted.message == message, fitted.detail == state.detail, fitted.appearance == appearance {
            return fitted
        }
        let content = HUDLayout.Content(hasMessage: !message.isEmpty, hasDetail: !state.detail.isEmpty)
        var layout = HUDLayout(screen: screen, appearance: appearance, content: content)
        var labels = self.labels(message, in: layout, measurer: measurer)
        if labels.contains(where: \.text.isTruncated), layout.hud.width < layout.maximumWidth {
            // Widen the HUD, as an iOS HUD grows with its label: the narrowest width whose text
            // fits whole, else the widest allowed.
            var narrow = layout.hud.width, wide = layout.maximumWidth
            var best = HUDLayout(screen: screen, appearance: appearance, content: content, width: wide)
            var bestLabels = self.labels(message, in: best, measurer: measurer)
            if !bestLabels.contains(where: \.text.isTruncated) {
                while wide - narrow > 1 {
                    let middle = (narrow + wide) / 2
                    let candidate = HUDLayout(screen: screen, appearance: appearance, content: content, width: middle)
                    let candidateLabels = self.labels(message, in: candidate, measurer: measurer)
                    if candidateLabels.contains(where: \.text.isTruncated) {
                        narrow = middle
                    } else {
                        wide = middle
                        best = candidate
                        bestLabels = candidateLabels
                    }
                }
            }
            layout = best
            labels = bestLabels
        }
        let result = FittedPanel(message: message, detail: state.detail, appearance: appearance, layout: layout, labels: labels)
        fitted = result
        return result
    }

    /// The message and details line fitted into `layout`'s areas.
    private func labels(_ message: String, in layout: HUDLayout, measurer: some TextMeasurer) -> [Frame.Label] {
        var labels: [Frame.Label] = []
        if !message.isEmpty {
            let fitter = MessageFitter(widthPixels: layout.textArea.width, heightPixels: layout.textArea.height,
                                       nominalFontPixels: layout.nominalFontPixels,
                                       minimumFontPixels: appearance.minimumFontPixels * appearance.scale,
                                       maximumLines: appearance.maximumLines)
            labels.append(Frame.Label(text: fitter.fit(message, measurer: measurer), area: layout.textArea,
                                      color: appearance.textColor))
        }
        if !state.detail.isEmpty {
            let detailPixels = max(HUDLayout.smallestDetailFontPixels * appearance.scale,
                                   Int((Double(layout.nominalFontPixels) * HUDLayout.detailFontFraction).rounded()))
            let minimum = min(appearance.minimumFontPixels * appearance.scale, detailPixels)
            let fitter = MessageFitter(widthPixels: layout.detailArea.width, heightPixels: layout.detailArea.height,
                                       nominalFontPixels: detailPixels, minimumFontPixels: minimum,
                                       maximumLines: appearance.maximumLines)
            labels.append(Frame.Label(text: fitter.fit(state.detail, measurer: measurer), area: layout.detailArea,
                                      color: appearance.textColor.fading(by: appearance.detailStrength)))
        }
        return labels
    }
}

extension String {
    /// The string with every `target` replaced by `replacement`.
    func replacingAll(_ target: Character, with replacement: String) -> String {
        reduce(into: "") { result, character in
            if character == target { result += replacement } else { result.append(character) }
        }
    }
}

infix operator %% : MultiplicationPrecedence

/// The remainder of `value / modulus` in 0..<modulus, also for negative values.
func %% (value: Int, modulus: Int) -> Int {
    let remainder = value % modulus
    return remainder < 0 ? remainder + modulus : remainder
}
