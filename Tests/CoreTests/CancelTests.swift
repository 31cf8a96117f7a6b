import Testing
@testable import KioskCore
import KioskTestSupport

/// `--cancel`: the band at the bottom of the HUD, a finger's size at the panel's density and
/// apart from the wheel; a press and release on it (or Escape) says `cancelled`, a press that
/// slides off does not; `--on-cancel` and zenity's dialect decide what follows.
@Suite struct CancelTests {
    private static let ticksPerSecond = 60

    private func session(label: String? = "Cancel", state: HUDState = HUDState(isVisible: true, message: "Printing your ticket...")) -> HostSession {
        var appearance = Appearance()
        appearance.cancelLabel = label
        var timing = Timing()
        timing.fadeSeconds = 0
        return HostSession(appearance: appearance, timing: timing, clock: FixedStepClock(ticksPerSecond: Self.ticksPerSecond), state: state)
    }

    private func policy(onCancel: CancelAction = .keep, zenity: LoopPolicy.ZenityEndings? = nil,
                        screen: Size = Size(width: 800, height: 480)) -> LoopPolicy {
        LoopPolicy(session: session(), composers: [FrameComposer(screen: screen, dotsPerInch: 133)],
                   settings: LoopPolicy.Settings(zenity: zenity, onCancel: onCancel))
    }

    private func centre(of rect: PixelRect) -> Point {
        Point(x: Double(rect.x) + Double(rect.width) / 2, y: Double(rect.y) + Double(rect.height) / 2)
    }

    @Test(arguments: ShippedPanels.all.indices)
    func theCancelIsAFingersSizeAtThePanelsDensityAndApartFromTheWheel(_ index: Int) throws {
        let panel = ShippedPanels.all[index]
        var composer = FrameComposer(screen: panel.size, dotsPerInch: panel.dotsPerInch)
        let frame = composer.frame(of: session(), atTick: 0, measurer: FakeMeasurer())
        let cancel = try #require(frame.panel?.cancel)
        let nineMillimetres = 9 * panel.dotsPerInch / 25.4
        #expect(Double(cancel.area.height) >= nineMillimetres && Double(cancel.area.width) >= nineMillimetres)
        let hud = try #require(frame.panel?.hud)
        #expect(cancel.area.x == hud.x && cancel.area.width == hud.width && cancel.area.maxY == hud.maxY)
        let wheel = try #require(frame.indicator?.box)
        #expect(cancel.area.intersection(wheel).isEmpty)
        let labels = try #require(frame.panel?.labels)
        #expect(labels.last?.text.lines == ["Cancel"] && labels.last?.area == cancel.area)
        #expect(labels.dropLast().allSatisfy { $0.area.intersection(cancel.area).isEmpty })
        #expect(composer.cancelTarget == cancel.area)
        #expect(frame.input != .nothing)
    }

    @Test func noCancelBesideAnOutcomeNorWithoutTheOption() {
        var composer = FrameComposer(screen: Size(width: 800, height: 480))
        var finished = session()
        _ = finished.apply(.outcome(.success, message: "Ticket printed"), atTick: 0)
        _ = finished.settle()
        #expect(composer.frame(of: finished, atTick: 0, measurer: FakeMeasurer()).panel?.cancel == nil)
        #expect(composer.cancelTarget == nil)
        #expect(composer.frame(of: session(label: nil), atTick: 0, measurer: FakeMeasurer()).panel?.cancel == nil)
    }

    @Test func aPressAndReleaseOnTheCancelSaysCancelledAndLightsItMeanwhile() throws {
        var loop = policy()
        let first = loop.step([], atTick: 0, measurer: FakeMeasurer())
        let target = try #require(first.frames.first??.panel?.cancel?.area)
        let pressed = loop.step([.pressed(0, at: centre(of: target))], atTick: 10, measurer: FakeMeasurer())
        #expect(pressed.frames.first??.panel?.cancel?.light != nil, "lit while held")
        #expect(pressed.lines.isEmpty)
        let released = loop.step([.released(0, at: Point(x: Double(target.x) + 1, y: Double(target.maxY) - 1))], atTick: 20,
                                 measurer: FakeMeasurer())
        #expect(released.lines == ["cancelled"])
        #expect(released.exit == nil)
        #expect(released.frames.first??.panel?.cancel?.light == nil)
        #expect(loop.session.state.isVisible, "--on-cancel keep leaves it to the host")
    }

    @Test func aPressThatSlidesOffOrStartsElsewhereCancelsNothing() throws {
        var loop = policy()
        let target = try #require(loop.step([], atTick: 0, measurer: FakeMeasurer()).frames.first??.panel?.cancel?.area)
        let off = Point(x: centre(of: target).x, y: Double(target.y) - 20)
        let slid = loop.step([.pressed(0, at: centre(of: target)), .released(0, at: off)], atTick: 10, measurer: FakeMeasurer())
        #expect(slid.lines.isEmpty)
        let elsewhere = loop.step([.pressed(0, at: off), .released(0, at: centre(of: target))], atTick: 20, measurer: FakeMeasurer())
        #expect(elsewhere.lines.isEmpty)
        let otherDisplay = loop.step([.pressed(0, at: centre(of: target)), .released(1, at: centre(of: target))], atTick: 30,
                                     measurer: FakeMeasurer())
        #expect(otherDisplay.lines.isEmpty)
    }

    @Test func aPressHeldWhenTheHUDHidesIsLetGoAndCancelsNothingLater() throws {
        var loop = policy()
        let target = try #require(loop.step([], atTick: 0, measurer: FakeMeasurer()).frames.first??.panel?.cancel?.area)
        _ = loop.step([.pressed(0, at: centre(of: target))], atTick: 5, measurer: FakeMeasurer())
        #expect(loop.session.isCancelPressed)
        // Hidden, the window goes and the press's release never comes.
        _ = loop.step([.host(.command(.hide, line: 1), from: .standardInput)], atTick: 10, measurer: FakeMeasurer())
        #expect(!loop.session.isCancelPressed)
        let shown = loop.step([.host(.command(.show, line: 2), from: .standardInput)], atTick: 60, measurer: FakeMeasurer())
        #expect(shown.frames.first??.panel?.cancel?.light == nil, "not drawn lit when shown again")
        let wheel = Point(x: centre(of: target).x, y: Double(target.y) - 40)
        let step = loop.step([.pressed(0, at: wheel), .released(0, at: centre(of: target))], atTick: 70, measurer: FakeMeasurer())
        #expect(step.lines.isEmpty)
    }

    @Test func aReleaseInTheBatchOfAnOutcomeOrAHideCancelsNothing() throws {
        for command in [Command.outcome(.success, message: "Printed"), .hide] {
            var loop = policy(onCancel: .quit)
            let target = try #require(loop.step([], atTick: 0, measurer: FakeMeasurer()).frames.first??.panel?.cancel?.area)
            _ = loop.step([.pressed(0, at: centre(of: target))], atTick: 5, measurer: FakeMeasurer())
            let step = loop.step([.host(.command(command, line: 1), from: .standardInput), .released(0, at: centre(of: target))],
                                 atTick: 10, measurer: FakeMeasurer())
            #expect(step.exit == nil && !step.lines.contains("cancelled"), "\(command)")
            #expect(loop.step([.escapeKey], atTick: 11, measurer: FakeMeasurer()).lines.isEmpty, "Escape with no Cancel shown: \(command)")
        }
    }

    @Test func escapeCancelsOnlyWhileACancelIsShown() {
        var loop = policy()
        _ = loop.step([], atTick: 0, measurer: FakeMeasurer())
        #expect(loop.step([.escapeKey], atTick: 5, measurer: FakeMeasurer()).lines == ["cancelled"])
        var without = LoopPolicy(session: session(label: nil), composers: [FrameComposer(screen: Size(width: 800, height: 480))],
                                 settings: LoopPolicy.Settings())
        _ = without.step([], atTick: 0, measurer: FakeMeasurer())
        #expect(without.step([.escapeKey], atTick: 5, measurer: FakeMeasurer()).lines.isEmpty)
    }

    @Test(arguments: [(CancelAction.keep, nil as ExitReason?, true), (.hide, nil, false), (.quit, .cancelled, true)])
    func onCancelDecidesWhatFollows(action: CancelAction, exit: ExitReason?, staysVisible: Bool) {
        var loop = policy(onCancel: action)
        _ = loop.step([.host(.command(.block(true), line: 1), from: .standardInput)], atTick: 0, measurer: FakeMeasurer())
        let step = loop.step([.escapeKey], atTick: 5, measurer: FakeMeasurer())
        #expect(step.lines.first == "cancelled")
        #expect(step.exit == exit)
        #expect(loop.session.state.isVisible == staysVisible)
        #expect(loop.session.state.isBlocking == (action != .hide))
        #expect(ExitStatus(.cancelled) == .cancelled && ExitStatus.cancelled.rawValue == 8)
    }

    @Test func zenitysCancelEndsTheOverlayWithStatusOneAndEscapeWithoutItsKill() throws {
        var loop = policy(onCancel: .keep, zenity: LoopPolicy.ZenityEndings())
        let target = try #require(loop.step([], atTick: 0, measurer: FakeMeasurer()).frames.first??.panel?.cancel?.area)
        let pressed = loop.step([.pressed(0, at: centre(of: target)), .released(0, at: centre(of: target))], atTick: 5,
                                measurer: FakeMeasurer())
        #expect(pressed.exit == .zenityCancelled)
        var escaped = policy(onCancel: .keep, zenity: LoopPolicy.ZenityEndings())
        _ = escaped.step([], atTick: 0, measurer: FakeMeasurer())
        #expect(escaped.step([.escapeKey], atTick: 5, measurer: FakeMeasurer()).exit == .zenityEscaped)
        #expect(ExitStatus(.zenityCancelled).rawValue == 1 && ExitStatus(.zenityEscaped).rawValue == 1)
    }

    @Test func zenitysCancelGoesAtTheEndOfInput() {
        var loop = policy(zenity: LoopPolicy.ZenityEndings(fullBarSeconds: 1.5))
        _ = loop.step([], atTick: 0, measurer: FakeMeasurer())
        let ended = loop.step([.endOfInput], atTick: 5, measurer: FakeMeasurer())
        #expect(ended.frames.first??.panel?.cancel == nil)
        #expect(loop.step([.escapeKey], atTick: 6, measurer: FakeMeasurer()).exit == nil)
    }

    @Test func theLabelIsTheDevicesLanguageUnlessGivenAndZenityHasOneUnlessRefused() throws {
        #expect(try OptionParser.parse([]).shownCancelLabel == nil)
        #expect(try OptionParser.parse(["--cancel"]).shownCancelLabel == "Cancel")
        #expect(try OptionParser.parse(["--cancel", "--lang", "de"]).shownCancelLabel == "Abbrechen")
        #expect(try OptionParser.parse(["--cancel", "--cancel-label", "Stop"]).shownCancelLabel == "Stop")
        #expect(try OptionParser.parse(["--progress", "--lang", "zh_TW"]).shownCancelLabel == "取消")
        #expect(try OptionParser.parse(["--progress", "--no-cancel"]).shownCancelLabel == nil)
        #expect(try OptionParser.parse(["--progress", "--cancel-label=Abort"]).shownCancelLabel == "Abort")
    }

    @Test(arguments: Rotation.allCases)
    func aDisplayPointTurnsBackIntoTheFramesPoint(_ rotation: Rotation) {
        let logical = Size(width: 8, height: 5)
        for x in 0..<logical.width {
            for y in 0..<logical.height {
                let shown = rotation.displayPoint(x: x, y: y, logical: logical)
                let back = rotation.logicalPoint(x: shown.x, y: shown.y, logical: logical)
                #expect(back.x == x && back.y == y, "\(rotation) (\(x), \(y))")
            }
        }
    }
}
