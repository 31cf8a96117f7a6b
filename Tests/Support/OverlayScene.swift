import KioskCore

/// The overlay on one screen: a `HostSession` with the `FrameComposer` for that screen. What
/// the scene tests drive; the live loop and `--snapshot` keep one session and a composer
/// per display in its `LoopPolicy`.
package struct OverlayScene: Sendable {
    /// What the host sees.
    package private(set) var session: HostSession
    /// The layout on this screen.
    package private(set) var composer: FrameComposer

    /// Creates a scene on `screen` (at `scale`, 96 dpi) with an initial state, drawn at once
    /// when visible.
    package init(screen: Size, scale: Int = 1, appearance: Appearance, timing: Timing = Timing(), clock: FixedStepClock,
                state: HUDState) {
        self.init(session: HostSession(appearance: appearance, timing: timing, clock: clock, state: state),
                  composer: FrameComposer(screen: screen, scale: scale))
    }

    /// Pairs `session` with `composer`.
    package init(session: HostSession, composer: FrameComposer) {
        self.session = session
        self.composer = composer
    }

    /// The fixed-rate clock the ticks belong to.
    package var clock: FixedStepClock { session.clock }
    /// What the host has asked for.
    package var state: HUDState { session.state }
    /// When the HUD is on screen.
    package var presence: Presence { session.presence }
    /// The look.
    package var appearance: Appearance { session.appearance }
    /// The `status` answer.
    package var statusLine: String { session.statusLine }

    /// Applies a host command received at `tick` (`HostSession.apply`).
    @discardableResult
    package mutating func apply(_ command: Command, atTick tick: Int) -> [OverlayEvent] {
        session.apply(command, atTick: tick)
    }

    /// Lets asked-for visibility take effect (`HostSession.settle`).
    @discardableResult
    package mutating func settle() -> [OverlayEvent] { session.settle() }

    /// Moves time on to `tick` (`HostSession.advance`).
    @discardableResult
    package mutating func advance(to tick: Int) -> [OverlayEvent] { session.advance(to: tick) }

    /// The first tick after `tick` at which something changes by itself (`HostSession.nextChangeTick`).
    package func nextChangeTick(after tick: Int) -> Int? { session.nextChangeTick(after: tick) }

    /// The wheel's pose at `tick` (`HostSession.poseIndex`).
    package func poseIndex(atTick tick: Int) -> Int { session.poseIndex(atTick: tick) }

    /// The frame at `tick` (`FrameComposer.frame`).
    package mutating func frame(atTick tick: Int, measurer: some TextMeasurer) -> Frame {
        composer.frame(of: session, atTick: tick, measurer: measurer)
    }
}
