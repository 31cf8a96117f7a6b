import Testing
@testable import KioskCore

/// Grace time, minimum show time and fades, tick by tick.
@Suite struct PresenceTests {
    private func presence(grace: Int = 0, minimum: Int = 0, fade: Int = 0) -> Presence {
        Presence(timing: .init(graceTicks: grace, minimumShownTicks: minimum, fadeTicks: fade), visible: false)
    }

    @Test func showWithinGraceThenHideNeverDraws() {
        var hud = presence(grace: 30)
        #expect(hud.request(visible: true, atTick: 10).isEmpty)
        #expect(!hud.isDrawn)
        #expect(hud.nextChangeTick(after: 10) == 40)
        #expect(hud.request(visible: false, atTick: 35).isEmpty)
        #expect(hud.advance(to: 100).isEmpty)
        #expect(!hud.isDrawn && hud.nextChangeTick(after: 100) == nil)
    }

    @Test func showOutlastingGraceAppearsWhenItEnds() {
        var hud = presence(grace: 30)
        _ = hud.request(visible: true, atTick: 10)
        #expect(hud.advance(to: 39).isEmpty)
        #expect(hud.advance(to: 41) == [.appeared(atTick: 40)])
        #expect(hud.drawnSince == 40 && hud.isDrawn)
    }

    @Test func hideWaitsForTheMinimumShowTime() {
        var hud = presence(minimum: 60)
        #expect(hud.request(visible: true, atTick: 0) == [.appeared(atTick: 0)])
        #expect(hud.request(visible: false, atTick: 5).isEmpty)
        #expect(hud.isDrawn)
        #expect(hud.nextChangeTick(after: 5) == 60)
        #expect(hud.advance(to: 59).isEmpty)
        #expect(hud.advance(to: 60) == [.disappeared(atTick: 60)])
    }

    @Test func hideAfterTheMinimumShowTimeIsImmediate() {
        var hud = presence(minimum: 60)
        _ = hud.request(visible: true, atTick: 0)
        #expect(hud.request(visible: false, atTick: 90) == [.disappeared(atTick: 90)])
    }

    @Test func fadesRampOpacityOverTheFadeTime() {
        var hud = presence(fade: 10)
        #expect(hud.request(visible: true, atTick: 0) == [.appeared(atTick: 0)])
        #expect(hud.opacity(atTick: 0) == 0)
        #expect(hud.opacity(atTick: 5) == 0.5)
        _ = hud.advance(to: 10)
        #expect(hud.phase == .shown && hud.opacity(atTick: 10) == 1)
        _ = hud.request(visible: false, atTick: 20)
        #expect(hud.opacity(atTick: 23) == 0.7)
        #expect(hud.advance(to: 29).isEmpty)
        #expect(hud.advance(to: 30) == [.disappeared(atTick: 30)])
    }

    @Test func showDuringFadeOutTurnsBackFromWhereItWas() {
        var hud = presence(fade: 10)
        _ = hud.request(visible: true, atTick: 0)
        _ = hud.advance(to: 10)
        _ = hud.request(visible: false, atTick: 10)
        _ = hud.advance(to: 14)
        #expect(hud.request(visible: true, atTick: 14).isEmpty)  // never disappeared: no events
        #expect(hud.phase == .fadingIn(start: 14, opacity: 0.6))
        _ = hud.advance(to: 18)
        #expect(hud.phase == .shown)
    }

    @Test func rapidShowHideShowEndsShownWithoutFlicker() {
        var hud = presence(grace: 5)
        var changes: [Presence.Change] = []
        for (tick, visible) in [(0, true), (1, false), (2, true), (3, false), (4, true)] {
            changes += hud.request(visible: visible, atTick: tick)
        }
        changes += hud.advance(to: 20)
        #expect(changes == [.appeared(atTick: 9)])  // one appearance, after the last show's grace
        #expect(hud.isDrawn && hud.wantsVisible)
    }

    @Test func startingVisibleReportsAppearingAtTickZero() {
        var hud = Presence(timing: .init(fadeTicks: 12), visible: true)
        #expect(hud.isDrawn && hud.opacity(atTick: 0) == 1)
        #expect(hud.advance(to: 0) == [.appeared(atTick: 0)])
        #expect(hud.advance(to: 1).isEmpty)
    }
}
