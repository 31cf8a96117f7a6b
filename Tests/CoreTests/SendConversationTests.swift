import Testing
@testable import KioskCore
import KioskTestSupport

/// `kiosk-spinner send` against the overlay's own policy, with no socket between them: the
/// request's lines go to `LoopPolicy` as client 1's, and the answers client 1 would hear go back
/// to the `ControlConversation`, so `--wait` is seen to end when the overlay is in the awaited
/// state, at once when it already is (issue 20: it hung for ever when the HUD was shown already),
/// and `quit` to end only when the connection closes after the answers.
@Suite struct SendConversationTests {
    /// The overlay's policy and the tick it is at.
    struct Overlay {
        var loop: LoopPolicy
        var tick = 0
        static let client = InputSource.client(1)

        init(visible: Bool, graceSeconds: Double = 0, fadeSeconds: Double = 0.2, stallSeconds: Double? = nil,
             grab: BlockingGrabState.Status = .released, stacking: Stacking = .held, backend: String? = nil) {
            var timing = Timing()
            timing.graceSeconds = graceSeconds
            timing.fadeSeconds = fadeSeconds
            timing.stallTimeoutSeconds = stallSeconds
            let session = HostSession(appearance: Appearance(), timing: timing, clock: FixedStepClock(ticksPerSecond: 60),
                                      state: HUDState(isVisible: visible, message: "Please wait..."))
            loop = LoopPolicy(session: session, composers: [FrameComposer(screen: Size(width: 800, height: 480))],
                              settings: LoopPolicy.Settings(), grabStatus: grab, stacking: stacking, backend: backend)
            _ = loop.step([], atTick: 0, measurer: FakeMeasurer())
        }

        /// Applies `text`'s lines as client 1's at `tick`; returns what client 1 hears.
        mutating func receive(_ text: String, atTick tick: Int) -> [String] {
            self.tick = tick
            var stream = CommandStream()
            let inputs = stream.feed(Array(text.utf8)).map { LoopInput.host($0, from: Self.client) }
            return heard(loop.step(inputs, atTick: tick, measurer: FakeMeasurer()))
        }

        /// Lets time run to `tick` (or the grab answer `status` arrive); returns what client 1 hears.
        mutating func advance(to tick: Int, grab: BlockingGrabState.Status? = nil) -> [String] {
            self.tick = tick
            return heard(loop.step(grab.map { [.grab($0)] } ?? [], atTick: tick, measurer: FakeMeasurer()))
        }

        private func heard(_ step: LoopStep) -> [String] {
            step.answers.filter { $0.isFor(client: 1) }.map(\.line)
        }
    }

    /// Gives `conversation` every line; returns what it printed.
    private func hear(_ lines: [String], in conversation: inout ControlConversation) -> [String] {
        lines.compactMap { conversation.hear($0) }
    }

    /// `send --wait EVENT COMMANDS` sent at `tick`: the conversation after the overlay's answers.
    private func send(_ commands: [String], awaiting event: OverlayEvent, to overlay: inout Overlay,
                      atTick tick: Int) -> ControlConversation {
        var talk = ControlConversation(commands: commands, awaiting: event)
        _ = hear(overlay.receive(talk.request, atTick: tick), in: &talk)
        return talk
    }

    @Test func showWhileShownReturnsAtOnce() {
        var overlay = Overlay(visible: true)
        let talk = send(["show"], awaiting: .shown, to: &overlay, atTick: 30)
        #expect(talk.isComplete && talk.ending == .answered)
    }

    @Test func aSecondShowReturnsAtOnce() {
        var overlay = Overlay(visible: false)
        var first = ControlConversation(commands: ["show"], awaiting: .shown)
        let heard = overlay.receive(first.request, atTick: 10)
        #expect(heard.first == "shown" && heard.last?.contains(" shown=1 ") == true, "status settles the show before it")
        _ = hear(heard, in: &first)
        #expect(first.isComplete)
        let second = send(["msg Printing", "show"], awaiting: .shown, to: &overlay, atTick: 40)
        #expect(second.isComplete && second.ending == .answered)
    }

    @Test func aShowDuringTheFadeOutReturnsAtOnce() {
        var overlay = Overlay(visible: true, fadeSeconds: 0.5)
        _ = overlay.receive("hide\n", atTick: 60)
        let talk = send(["show"], awaiting: .shown, to: &overlay, atTick: 70)
        #expect(talk.isComplete, "still drawn, turning back: no shown event will come")
    }

    @Test func showFromHiddenWaitsForTheGraceTime() {
        var overlay = Overlay(visible: false, graceSeconds: 0.5)
        var talk = send(["show"], awaiting: .shown, to: &overlay, atTick: 10)
        #expect(!talk.isComplete)
        _ = hear(overlay.advance(to: 30), in: &talk)
        #expect(!talk.isComplete, "within the grace time nothing is drawn")
        _ = hear(overlay.advance(to: 40), in: &talk)
        #expect(talk.isComplete && talk.ending == .answered)
    }

    @Test func hideWithinTheGraceReturnsAtOnce() {
        var overlay = Overlay(visible: false, graceSeconds: 1)
        _ = overlay.receive("show\n", atTick: 10)
        let talk = send(["hide"], awaiting: .hidden, to: &overlay, atTick: 20)
        #expect(talk.isComplete, "never drawn: no hidden event will come")
    }

    @Test func hideWhileShownWaitsForTheFadeOut() {
        var overlay = Overlay(visible: true, fadeSeconds: 0.5)
        var talk = send(["hide"], awaiting: .hidden, to: &overlay, atTick: 60)
        #expect(!talk.isComplete)
        _ = hear(overlay.advance(to: 75), in: &talk)
        #expect(!talk.isComplete, "fading out")
        _ = hear(overlay.advance(to: 95), in: &talk)
        #expect(talk.isComplete)
    }

    @Test func hiddenWhileHiddenReturnsAtOnce() {
        var overlay = Overlay(visible: false)
        let talk = send([], awaiting: .hidden, to: &overlay, atTick: 5)
        #expect(talk.isComplete && talk.ending == .answered)
    }

    @Test func theUsersOwnStatusIsPrintedAndTheClosingOneIsNot() {
        var overlay = Overlay(visible: true)
        var talk = ControlConversation(commands: ["status", "ping"], awaiting: .shown)
        let printed = hear(overlay.receive(talk.request, atTick: 5), in: &talk)
        #expect(printed.count == 2 && printed[0].hasPrefix("visible=1 ") && printed[1] == "pong")
        #expect(talk.isComplete)
    }

    @Test func aStallAlreadyOnHoldsAtOnce() {
        var overlay = Overlay(visible: true, stallSeconds: 1)
        _ = overlay.advance(to: 70)
        let talk = send([], awaiting: .stalled, to: &overlay, atTick: 80)
        #expect(talk.isComplete, "its own status does not end the stall it reports")
    }

    @Test func aPendingGrabIsAskedAgainUntilItIsHeld() {
        var overlay = Overlay(visible: true)
        var talk = send(["block"], awaiting: .grabHeld, to: &overlay, atTick: 10)
        #expect(!talk.isComplete && talk.wantsStatusAgain, "grab=pending: the taking is not announced")
        _ = overlay.advance(to: 11, grab: .held)
        _ = hear(overlay.receive(talk.askAgain(), atTick: 16), in: &talk)
        #expect(talk.isComplete && talk.ending == .answered)
    }

    @Test func aRefusedGrabWaitsForGrabHeld() {
        var overlay = Overlay(visible: true)
        var talk = send(["block"], awaiting: .grabHeld, to: &overlay, atTick: 10)
        _ = hear(overlay.advance(to: 11, grab: .refused), in: &talk)
        _ = hear(overlay.receive(talk.askAgain(), atTick: 16), in: &talk)
        #expect(!talk.isComplete && !talk.wantsStatusAgain, "refused: grab-held will be said when it is taken")
        _ = hear(overlay.advance(to: 30, grab: .held), in: &talk)
        #expect(talk.isComplete)
    }

    /// A grab that keeps input from X clients only (XWayland) is said as `grab=partial` and
    /// `grab-lost`: what `--wait grab-lost` waits for is there already.
    @Test func aPartialGrabIsAGrabLostAlready() {
        var overlay = Overlay(visible: true)
        var talk = send(["block"], awaiting: .grabLost, to: &overlay, atTick: 10)
        #expect(!talk.isComplete)
        _ = overlay.advance(to: 11, grab: .partial)
        var again = send([], awaiting: .grabLost, to: &overlay, atTick: 12)
        #expect(again.isComplete)
        _ = hear([], in: &talk)
        _ = hear([], in: &again)
    }

    @Test func aGrabWhereNoneExistsCannotCome() {
        var overlay = Overlay(visible: true, grab: .unsupported)
        let talk = send(["block"], awaiting: .grabHeld, to: &overlay, atTick: 10)
        #expect(talk.isComplete)
        #expect(talk.ending == .cannotCome("the overlay cannot grab input here (grab=unsupported), so grab-held never comes"))
    }

    @Test func aWindowTakenFromTheTopIsAnAboveLostAlreadyAndItsReturnAnAboveHeld() {
        var overlay = Overlay(visible: true)
        #expect(!overlay.loop.step([.windowCovered(0)], atTick: 5, measurer: FakeMeasurer()).answers.isEmpty)
        #expect(send([], awaiting: .aboveLost, to: &overlay, atTick: 10).isComplete)
        var back = send([], awaiting: .aboveHeld, to: &overlay, atTick: 11)
        #expect(!back.isComplete)
        _ = overlay.loop.step([.windowOnTopAgain(0)], atTick: 12, measurer: FakeMeasurer())
        #expect(send([], awaiting: .aboveHeld, to: &overlay, atTick: 13).isComplete)
        _ = hear([], in: &back)
    }

    @Test func anOrdinaryWindowIsNeverKeptOnTopSoNoAboveEventCanCome() {
        var overlay = Overlay(visible: true, stacking: .ordinaryWindow)
        let talk = send([], awaiting: .aboveHeld, to: &overlay, atTick: 10)
        #expect(talk.isComplete)
        #expect(talk.ending == .cannotCome("the overlay is an ordinary window here (above=none), so above-held never comes"))
    }

    /// Only on X11 is the overlay told when it is taken from the top: elsewhere `above-lost`
    /// cannot come (the client is told at once instead of waiting out its timeout), and
    /// `above-held` holds.
    @Test func anOverlayNeverToldOfACoverIsNeverAnAboveLost() {
        for backend in WindowingBackend.allCases where backend != .auto {
            var overlay = Overlay(visible: true, backend: backend.rawValue)
            let lost = send([], awaiting: .aboveLost, to: &overlay, atTick: 10)
            if backend == .x11 {
                #expect(!lost.isComplete, "on X11 the client waits for it")
            } else {
                #expect(lost.isComplete && lost.ending == .cannotCome("the overlay is never told it was taken from the top "
                                                                      + "here (backend=\(backend.rawValue)), so above-lost never comes"))
            }
            #expect(send([], awaiting: .aboveHeld, to: &overlay, atTick: 11).isComplete, "\(backend)")
        }
    }

    @Test func quitEndsAnsweredOnlyWhenTheConnectionClosesAfterItsPong() {
        var overlay = Overlay(visible: true)
        var talk = ControlConversation(commands: ["msg Bye", "quit"])
        #expect(talk.request == "msg Bye\nping\nquit\n")
        #expect(hear(overlay.receive(talk.request, atTick: 5), in: &talk) == [])
        #expect(overlay.loop.session.state.message == "Bye")
        #expect(!talk.isComplete)
        talk.heardTheEnd()
        #expect(talk.isComplete && talk.ending == .answered)
    }

    @Test func quitClosedBeforeItsPongIsNotAnswered() {
        var talk = ControlConversation(commands: ["quit"])
        talk.heardTheEnd()
        #expect(talk.ending == .closedEarly(missing: "the answers"))
    }

    @Test func theOverlaysRefusalEndsItRefused() {
        for commands in [["quit"], ["status"]] {
            var talk = ControlConversation(commands: commands, awaiting: nil)
            #expect(hear(["error too many clients (at most 64 at once)"], in: &talk) == [])
            #expect(talk.isComplete)
            #expect(talk.ending == .refused("too many clients (at most 64 at once)"))
        }
    }

    @Test func theStatusLineSaysWhetherTheHUDIsDrawn() throws {
        var overlay = Overlay(visible: false, graceSeconds: 0.5)
        let line = { (text: [String]) in try #require(text.last.flatMap(StatusLine.init)) }
        #expect(try line(overlay.receive("show\nstatus\n", atTick: 1)).isShown == false)
        _ = overlay.advance(to: 40)
        let shown = try line(overlay.receive("status\n", atTick: 41))
        #expect(shown == StatusLine(isVisible: true, isBlocking: false, grab: "none", isShown: true, above: "held", mode: "spinner"))
        #expect(StatusLine("visible=1 blocked=0 grab=none mode=spinner") == nil, "no shown field: not this version's")
        #expect(StatusLine("pong") == nil)
    }

    /// The fields are read by name up to the quoted texts, wherever they stand: a field added
    /// before `mode` (as `above` was) does not hide it, and a message that spells fields does
    /// not count.
    @Test func theStatusLineIsReadByNameUpToTheQuotedTexts() {
        let fields = "visible=1 blocked=1 grab=held shown=1 stalled=0 above=held later=1 mode=progress progress=5"
        #expect(StatusLine(fields + #" message="mode=error" detail="""#)
                == StatusLine(isVisible: true, isBlocking: true, grab: "held", isShown: true, above: "held", mode: "progress"))
        #expect(StatusLine(#"visible=1 blocked=0 grab=none shown=1 message="mode=spinner" detail="""#) == nil,
                "a mode only inside the message is none")
    }
}
