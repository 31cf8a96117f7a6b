/// The overlay's logic in one value: the state the host asked for, laid out for a screen with an
/// appearance, answering what the frame looks like at any tick and when it next changes.
///
/// It never reads a clock: every question takes the tick.
public struct OverlayScene: Sendable {
    /// The screen the overlay covers.
    public let screen: Size
    /// The look.
    public let appearance: Appearance
    /// The fixed-rate clock the ticks belong to.
    public let clock: FixedStepClock
    /// What the host has asked for.
    public private(set) var state: HUDState
    private var fitted: (message: String, fit: FittedMessage)?

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

    /// The layout for the current message.
    public var layout: HUDLayout {
        HUDLayout(screen: screen, appearance: appearance, hasMessage: !state.message.isEmpty)
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

    /// The frame at `tick`. The message is fitted with `measurer` only when it changed.
    public mutating func frame(atTick tick: Int, measurer: some TextMeasurer) -> Frame {
        guard state.isVisible else { return Frame(panel: nil, wheel: nil, input: .nothing, visible: .nothing) }
        let layout = self.layout
        let message = fittedMessage(layout: layout, measurer: measurer)
        let panel = Frame.Panel(
            canvas: screen,
            backdrop: state.isBlocking ? appearance.backdropColor : nil,
            hud: layout.hud, cornerRadiusPixels: layout.cornerRadiusPixels, hudColor: appearance.hudColor,
            message: message, textArea: layout.textArea, textColor: appearance.textColor)
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

    private mutating func fittedMessage(layout: HUDLayout, measurer: some TextMeasurer) -> FittedMessage {
        if let fitted, fitted.message == state.message { return fitted.fit }
        let fitter = MessageFitter(widthPixels: layout.textArea.width, heightPixels: layout.textArea.height,
                                   nominalFontPixels: layout.nominalFontPixels,
                                   minimumFontPixels: appearance.minimumFontPixels, maximumLines: appearance.maximumLines)
        let fit = fitter.fit(state.message, measurer: measurer)
        fitted = (state.message, fit)
        return fit
    }
}

infix operator %% : MultiplicationPrecedence

/// The remainder of `value / modulus` in 0..<modulus, also for negative values.
func %% (value: Int, modulus: Int) -> Int {
    let remainder = value % modulus
    return remainder < 0 ? remainder + modulus : remainder
}
