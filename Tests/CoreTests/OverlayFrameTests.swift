import Testing
@testable import KioskCore
import KioskTestSupport

/// What a host session puts on one 800x480 screen: the wheel's pose tick by tick, the regions a
/// frame claims, and the panel its text lays out.
@Suite struct OverlayFrameTests {
    private let screen = Size(width: 800, height: 480)

    /// A session on a 60-tick clock showing "Please wait...", visible unless asked otherwise.
    private func newSession(_ change: (inout Appearance) -> Void = { _ in }, visible: Bool = true) -> HostSession {
        var appearance = Appearance()
        change(&appearance)
        return HostSession(appearance: appearance, clock: FixedStepClock(ticksPerSecond: 60),
                           state: HUDState(isVisible: visible, message: "Please wait..."))
    }

    @Test func steppedWheelAdvancesOneSpokePerTwelfthOfThePeriod() {
        let stepped = newSession()
        #expect([0, 4, 5, 9, 10, 59, 60, 65].map(stepped.poseIndex(atTick:)) == [0, 0, 1, 1, 2, 11, 0, 1])
        #expect(stepped.nextChangeTick(after: 0) == 5)
        #expect(stepped.nextChangeTick(after: 4) == 5)
        #expect(stepped.nextChangeTick(after: 59) == 60)
    }

    @Test func smoothWheelChangesEveryTick() {
        let smooth = newSession { $0.rotatesSmoothly = true }
        #expect(smooth.poseCount == 60)
        #expect(smooth.poseIndex(atTick: 7) == 7)
        #expect(smooth.nextChangeTick(after: 7) == 8)
    }

    @Test func periodAndSpokeCountSetTheSteps() {
        let slow = newSession { $0.periodSeconds = 2; $0.spokeCount = 8 }  // 120 ticks a turn, 15 a spoke
        #expect(slow.poseIndex(atTick: 14) == 0 && slow.poseIndex(atTick: 15) == 1)
        #expect(slow.nextChangeTick(after: 15) == 30)
    }

    @Test func hiddenOverlayDrawsNothingAndNeverWakesByItself() {
        let hidden = newSession(visible: false)
        var composer = FrameComposer(screen: screen)
        #expect(hidden.nextChangeTick(after: 10) == nil)
        let frame = composer.frame(of: hidden, atTick: 10, measurer: FakeMeasurer())
        #expect(frame.panel == nil && frame.wheel == nil && frame.input == .nothing && frame.visible == .nothing)
    }

    @Test func showStartsTheWheelFromItsFirstSpokeAndAnotherShowKeepsItTurning() {
        var session = newSession(visible: false)
        session.apply(.show, atTick: 100)
        session.settle()
        #expect(session.poseIndex(atTick: 100) == 0)
        #expect(session.poseIndex(atTick: 112) == 2)
        session.apply(.show, atTick: 112)
        #expect(session.poseIndex(atTick: 112) == 2)
    }

    @Test func hideThenShowRestartsTheWheel() {
        var session = newSession()
        session.apply(.hide, atTick: 20)
        session.apply(.show, atTick: 33)
        #expect(session.poseIndex(atTick: 33) == 0)
    }

    @Test func unblockedFrameClaimsOnlyTheHUD() {
        let session = newSession()
        var composer = FrameComposer(screen: screen)
        let frame = composer.frame(of: session, atTick: 0, measurer: FakeMeasurer())
        let hud = frame.panel!.hud
        #expect(frame.input == .roundedRect(hud, cornerRadiusPixels: frame.panel!.cornerRadiusPixels))
        #expect(frame.visible == frame.input)
        #expect(frame.panel!.backdrop == nil)
    }

    @Test func blockedFrameTakesAllInputAtOnceAndDimsTheScreenOnceFadedIn() {
        var session = newSession()
        var composer = FrameComposer(screen: screen)
        session.apply(.block(true), atTick: 0)
        #expect(composer.frame(of: session, atTick: 0, measurer: FakeMeasurer()).input == .everything)
        let frame = composer.frame(of: session, atTick: session.motion.backdropTicks, measurer: FakeMeasurer())
        #expect(frame.input == .everything && frame.visible == .everything)
        #expect(frame.panel!.backdrop == Color(red: 0, green: 0, blue: 0, alpha: 0xB3))
    }

    @Test func blockedWithoutBackdropTakesAllInputButShowsOnlyTheHUD() {
        var session = newSession { $0.backdropColor = nil }
        var composer = FrameComposer(screen: screen)
        session.apply(.block(true), atTick: 0)
        let frame = composer.frame(of: session, atTick: 0, measurer: FakeMeasurer())
        #expect(frame.input == .everything)
        #expect(frame.visible == .roundedRect(frame.panel!.hud, cornerRadiusPixels: frame.panel!.cornerRadiusPixels))
    }

    @Test func messageChangesThePanelButNotTheWheelPose() {
        var session = newSession()
        var composer = FrameComposer(screen: screen)
        let before = composer.frame(of: session, atTick: 3, measurer: FakeMeasurer())
        session.apply(.message("Printing ticket"), atTick: 3)
        let after = composer.frame(of: session, atTick: 3, measurer: FakeMeasurer())
        #expect(before.panel != after.panel)
        #expect(before.wheel == after.wheel)
        #expect(after.panel!.labels.map(\.text.lines) == [["Printing ticket"]])
    }

    @Test func hudGrowsWithItsTextAndWrapsBeforeItShrinks() {
        var session = newSession()
        var composer = FrameComposer(screen: screen)
        let short = composer.frame(of: session, atTick: 0, measurer: FakeMeasurer()).panel!
        session.apply(.message(String(repeating: "word ", count: 20)), atTick: 0)  // 100 graphemes
        let panel = composer.frame(of: session, atTick: 0, measurer: FakeMeasurer()).panel!
        let label = panel.labels[0]
        #expect(panel.hud.width > short.hud.width && panel.hud.height > short.hud.height)
        #expect(panel.hud.width <= 480)  // 60 % of the 800 px screen
        #expect(!label.text.isTruncated)
        #expect(label.text.fontPixels == short.labels[0].text.fontPixels)  // wrapped at the nominal size
        #expect(label.text.lines.count > 1)
    }

    @Test func textTooLongEvenForTheWidestHUDIsCutWithAnEllipsis() {
        var session = newSession()
        var composer = FrameComposer(screen: screen)
        session.apply(.message(String(repeating: "x", count: 4096)), atTick: 0)
        let panel = composer.frame(of: session, atTick: 0, measurer: FakeMeasurer()).panel!
        // Cut either way, it shows more of itself in the HUD widened to 80 % of a screen under
        // 12 inches (800x480 at 96 dpi is 9.7") than at 60 %.
        #expect(panel.hud.width > 480 && panel.hud.width <= 640)
        #expect(panel.labels[0].text.isTruncated && panel.labels[0].text.lines.last!.hasSuffix("…"))
    }

    @Test func detailsLineIsSmallerAndDimmerThanTheMessage() {
        var session = newSession()
        var composer = FrameComposer(screen: screen)
        session.apply(.detail("Lead II"), atTick: 0)
        let labels = composer.frame(of: session, atTick: 0, measurer: FakeMeasurer()).panel!.labels
        #expect(labels.count == 2)
        #expect(labels[1].text.lines == ["Lead II"])
        #expect(labels[1].text.fontPixels < labels[0].text.fontPixels)
        #expect(labels[1].color.alpha < labels[0].color.alpha)
        #expect(labels[1].area.y >= labels[0].area.maxY)
    }

    @Test func framesBetweenStepsAreEqualSoNothingIsRedrawn() {
        let session = newSession()
        var composer = FrameComposer(screen: screen)
        #expect(composer.frame(of: session, atTick: 1, measurer: FakeMeasurer())
                == composer.frame(of: session, atTick: 4, measurer: FakeMeasurer()))
        #expect(composer.frame(of: session, atTick: 4, measurer: FakeMeasurer())
                != composer.frame(of: session, atTick: 5, measurer: FakeMeasurer()))
    }
}
