/// The overlay's logic in one value: the state the host asked for, laid out for a screen with an
/// appearance, answering what the frame looks like at any tick and when it next changes.
///
/// It never reads a clock: every question takes the tick. Text is fitted only when it changed.
public struct OverlayScene: Sendable {
    /// The screen the overlay covers.
    public let screen: Size
    /// The look.
    public let appearance: Appearance
    /// The fixed-rate clock the ticks belong to.
    public let clock: FixedStepClock
    /// What the host has asked for.
    public private(set) var state: HUDState
    private var fitted: FittedPanel?

    /// The text a layout was made for, with the result.
    private struct FittedPanel {
        var message: String
        var detail: String
        var layout: HUDLayout
        var labels: [Frame.Label]
    }

    /// Creates a scene with an initial state.
    public init(screen: Size, appearance: Appearance, clock: FixedStepClock, state: HUDState) {
        self.screen = screen
        self.appearance = appearance
        self.clock = clock
        self.state = state
    }

    /// Applies a host command received at `tick`.
    public mutating func apply(_ command: Command, atTick tick: Int) {
        state.apply(command, atTick: tick)
    }

    /// How many ticks one turn of the wheel takes.
    public var ticksPerTurn: Int { clock.ticks(inSeconds: appearance.periodSeconds) }

    /// How many distinct wheel poses a turn has: one per spoke when stepping, one per tick when
    /// turning smoothly.
    public var poseCount: Int { appearance.rotatesSmoothly ? ticksPerTurn : appearance.spokeCount }

    /// The wheel's pose at `tick`.
    public func poseIndex(atTick tick: Int) -> Int {
        let intoTurn = (tick - state.shownAtTick) %% ticksPerTurn
        return intoTurn * poseCount / ticksPerTurn
    }

    /// The frame at `tick`, measuring text with `measurer` when the text changed.
    public mutating func frame(atTick tick: Int, measurer: some TextMeasurer) -> Frame {
        guard state.isVisible else { return Frame(panel: nil, wheel: nil, input: .nothing, visible: .nothing) }
        let text = fittedPanel(measurer: measurer)
        let layout = text.layout
        let panel = Frame.Panel(
            canvas: screen,
            backdrop: state.isBlocking ? appearance.backdropColor : nil,
            hud: layout.hud, cornerRadiusPixels: layout.cornerRadiusPixels, hudColor: appearance.hudColor,
            labels: text.labels)
        let wheel = SpokeWheel(count: appearance.spokeCount, radius: Double(layout.wheelBox.width) / 2,
                               color: appearance.wheelColor)
        let pose = Frame.WheelPose(box: layout.wheelBox, wheel: wheel, poseIndex: poseIndex(atTick: tick), poseCount: poseCount)
        let hudRegion = ScreenRegion.roundedRect(layout.hud, cornerRadiusPixels: layout.cornerRadiusPixels)
        return Frame(panel: panel, wheel: pose,
                     input: state.isBlocking ? .everything : hudRegion,
                     visible: panel.backdrop == nil ? hudRegion : .everything)
    }

    /// The first tick after `tick` at which the picture changes by itself, or nil when it never
    /// does (hidden): the loop may sleep until then unless a command arrives.
    public func nextChangeTick(after tick: Int) -> Int? {
        guard state.isVisible else { return nil }
        if appearance.rotatesSmoothly { return tick + 1 }
        let intoTurn = (tick - state.shownAtTick) %% ticksPerTurn
        let pose = intoTurn * poseCount / ticksPerTurn
        let nextPoseStarts = ((pose + 1) * ticksPerTurn + poseCount - 1) / poseCount
        return tick + (nextPoseStarts - intoTurn)
    }

    /// The layout and fitted labels for the current text, fitting only when the text changed.
    private mutating func fittedPanel(measurer: some TextMeasurer) -> FittedPanel {
        if let fitted, fitted.message == state.message, fitted.detail == state.detail { return fitted }
        let content = HUDLayout.Content(hasMessage: !state.message.isEmpty, hasDetail: !state.detail.isEmpty)
        var layout = HUDLayout(screen: screen, appearance: appearance, content: content)
        var labels = self.labels(in: layout, measurer: measurer)
        if labels.contains(where: \.text.isTruncated), layout.hud.width < layout.maximumWidth {
            // Widen the HUD, as an iOS HUD grows with its label: the narrowest width whose text
            // fits whole, else the widest allowed.
            var narrow = layout.hud.width, wide = layout.maximumWidth
            var best = HUDLayout(screen: screen, appearance: appearance, content: content, width: wide)
            var bestLabels = self.labels(in: best, measurer: measurer)
            if !bestLabels.contains(where: \.text.isTruncated) {
                while wide - narrow > 1 {
                    let middle = (narrow + wide) / 2
                    let candidate = HUDLayout(screen: screen, appearance: appearance, content: content, width: middle)
                    let candidateLabels = self.labels(in: candidate, measurer: measurer)
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
        let result = FittedPanel(message: state.message, detail: state.detail, layout: layout, labels: labels)
        fitted = result
        return result
    }

    /// The message and details line fitted into `layout`'s areas.
    private func labels(in layout: HUDLayout, measurer: some TextMeasurer) -> [Frame.Label] {
        var labels: [Frame.Label] = []
        if !state.message.isEmpty {
            let fitter = MessageFitter(widthPixels: layout.textArea.width, heightPixels: layout.textArea.height,
                                       nominalFontPixels: layout.nominalFontPixels,
                                       minimumFontPixels: appearance.minimumFontPixels, maximumLines: appearance.maximumLines)
            labels.append(Frame.Label(text: fitter.fit(state.message, measurer: measurer), area: layout.textArea,
                                      color: appearance.textColor))
        }
        if !state.detail.isEmpty {
            let detailPixels = max(HUDLayout.smallestDetailFontPixels,
                                   Int((Double(layout.nominalFontPixels) * HUDLayout.detailFontFraction).rounded()))
            let minimum = min(appearance.minimumFontPixels, detailPixels)
            let fitter = MessageFitter(widthPixels: layout.detailArea.width, heightPixels: layout.detailArea.height,
                                       nominalFontPixels: detailPixels, minimumFontPixels: minimum,
                                       maximumLines: appearance.maximumLines)
            labels.append(Frame.Label(text: fitter.fit(state.detail, measurer: measurer), area: layout.detailArea,
                                      color: appearance.textColor.fading(by: appearance.detailStrength)))
        }
        return labels
    }
}

infix operator %% : MultiplicationPrecedence

/// The remainder of `value / modulus` in 0..<modulus, also for negative values.
func %% (value: Int, modulus: Int) -> Int {
    let remainder = value % modulus
    return remainder < 0 ? remainder + modulus : remainder
}
