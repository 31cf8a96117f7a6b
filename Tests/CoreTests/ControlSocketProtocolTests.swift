import Testing
@testable import KioskCore

/// The pure parts of the control socket: whom each answer reaches, `send`'s command line, the
/// exchange that knows when every answer came, and the bounded per-client backlog.
@Suite struct ControlSocketProtocolTests {
    /// One answer's audience, and whether stdout, client 1 and client 2 hear it.
    struct Reach: CustomTestStringConvertible, Sendable {
        var audience: Answer.Audience
        var standardOutput: Bool
        var clientOne: Bool
        var clientTwo: Bool
        var testDescription: String { "\(audience)" }
    }

    static let reaches = [
        Reach(audience: .everyone, standardOutput: true, clientOne: true, clientTwo: true),
        Reach(audience: .asker(.standardInput), standardOutput: true, clientOne: false, clientTwo: false),
        Reach(audience: .asker(.fifo), standardOutput: true, clientOne: false, clientTwo: false),
        Reach(audience: .asker(.client(1)), standardOutput: false, clientOne: true, clientTwo: false),
        Reach(audience: .asker(.client(2)), standardOutput: false, clientOne: false, clientTwo: true),
    ]

    @Test(arguments: reaches)
    func eachAnswerReachesItsAudienceOnly(reach: Reach) {
        let answer = Answer("x", to: reach.audience)
        #expect(answer.isForStandardOutput == reach.standardOutput)
        #expect(answer.isFor(client: 1) == reach.clientOne)
        #expect(answer.isFor(client: 2) == reach.clientTwo)
    }

    @Test func broadcastLinesAreExactlyTheEventsEveryoneHears() {
        for event in OverlayEvent.broadcasts { #expect(OverlayEvent(broadcastLine: event.description) == event) }
        let answers: [OverlayEvent] = [.pong, .status("visible=1"), .error(line: 1, .unknownCommand("x"))]
        for answer in answers {
            #expect(!answer.isBroadcast)
            #expect(OverlayEvent(broadcastLine: answer.description) == nil)
        }
        #expect(OverlayEvent(broadcastLine: "Shown") == nil)
    }

    /// `send`'s arguments and what they ask for, or nil for arguments refused.
    static let sendLines: [([String], SendRequest?)] = [
        (["ping"], SendRequest(commands: ["ping"])),
        (["msg Hello world", "show"], SendRequest(commands: ["msg Hello world", "show"])),
        (["--socket", "/s", "status"], SendRequest(socketPath: "/s", commands: ["status"])),
        (["--socket=/s", "status"], SendRequest(socketPath: "/s", commands: ["status"])),
        (["--wait", "shown"], SendRequest(awaitedEvent: .shown)),
        (["--wait=grab-held", "--timeout", "2.5", "block"], SendRequest(commands: ["block"], awaitedEvent: .grabHeld, timeoutSeconds: 2.5)),
        (["--", "--not-an-option"], SendRequest(commands: ["--not-an-option"])),
        (["show", "--wait", "shown"], SendRequest(commands: ["show", "--wait", "shown"])),
        (["status", "quit"], SendRequest(commands: ["status", "quit"])),
        ([], nil),
        (["--socket", "/s"], nil),
        (["--socket"], nil),
        (["--wait", "ready"], nil),
        (["--wait", "pong"], nil),
        (["--timeout", "0", "ping"], nil),
        (["--timeout", "nan", "ping"], nil),
        (["--timeout", "1e9", "ping"], nil),
        (["--colour", "red"], nil),
        (["msg a\nshow"], nil),
        (["quit", "show"], nil),
        (["QUIT", "ping"], nil),
        (["--wait", "hidden", "quit"], nil),
    ]

    @Test(arguments: sendLines)
    func sendArgumentsAreReadOrRefused(arguments: [String], expected: SendRequest?) {
        #expect((try? SendRequest.parse(arguments)) == expected)
    }

    @Test func answersAloneWaitTenSecondsAndAnEventAMinute() throws {
        #expect(try SendRequest.parse(["ping"]).deadlineSeconds == 10)
        #expect(try SendRequest.parse(["--wait", "shown"]).deadlineSeconds == 60)
        #expect(try SendRequest.parse(["--wait", "shown", "--timeout", "3"]).deadlineSeconds == 3)
    }

    /// Feeds `lines` to `conversation`; returns what it printed.
    private func hear(_ lines: [String], in conversation: inout ControlConversation) -> [String] {
        lines.compactMap { conversation.hear($0) }
    }

    @Test func answersArePrintedEventsAreNotAndTheClosingPongEndsIt() {
        var talk = ControlConversation(commands: ["status", "ping", "show"])
        #expect(talk.request == "status\nping\nshow\nping\n")
        let printed = hear(["visible=0 x", "shown", "pong"], in: &talk)
        #expect(printed == ["visible=0 x", "pong"])
        #expect(!talk.isComplete, "the user's pong is not the closing one")
        #expect(hear(["hidden", "pong"], in: &talk) == [])
        #expect(talk.isComplete)
        #expect(talk.ending == .answered)
    }

    @Test func aRejectedCommandIsPrintedAndMakesTheEndingRejected() {
        var talk = ControlConversation(commands: ["bogus"])
        #expect(hear([#"error line 1: unknown command "bogus""#, "pong"], in: &talk) == [#"error line 1: unknown command "bogus""#])
        #expect(talk.isComplete)
        #expect(talk.ending == .rejected)
    }

    @Test func waitingForAnEventNeedsTheEventAsWellAsTheAnswers() {
        var talk = ControlConversation(commands: ["show"], awaiting: .shown)
        #expect(talk.request == "show\nstatus\n", "the closing status says the state the commands left")
        #expect(hear([#"visible=1 blocked=0 grab=none shown=0 stalled=0 above=held mode=spinner progress=- message="" detail="""#], in: &talk) == [])
        #expect(!talk.isComplete)
        #expect(talk.ending == .closedEarly(missing: "shown"))
        #expect(hear(["hidden", "shown"], in: &talk) == [])
        #expect(talk.isComplete && talk.ending == .answered)
    }

    @Test func anEventBeforeTheStateWasAskedDoesNotCount() {
        var talk = ControlConversation(commands: [], awaiting: .stalled)
        #expect(talk.request == "status\n")
        _ = hear(["stalled", #"visible=1 blocked=0 grab=none shown=1 stalled=0 above=held mode=spinner progress=- message="" detail="""#], in: &talk)
        #expect(!talk.isComplete, "that stall ended before the state was asked: the next one is awaited")
        _ = hear(["stalled"], in: &talk)
        #expect(talk.isComplete)
    }

    @Test func quitSendsAPingBeforeItAndEndsWhenTheOverlayCloses() {
        var talk = ControlConversation(commands: ["status", "Quit"])
        #expect(talk.request == "status\nping\nQuit\n")
        #expect(hear(["visible=1 x", "pong"], in: &talk) == ["visible=1 x"])
        #expect(!talk.isComplete, "only the closed connection ends it")
        #expect(talk.ending == .closedEarly(missing: "the overlay to quit (it did not close the connection)"))
        talk.heardTheEnd()
        #expect(talk.isComplete && talk.ending == .answered)
    }

    @Test func aConnectionClosedBeforeTheAnswersIsClosedEarly() {
        var talk = ControlConversation(commands: ["ping", "ping"])
        _ = hear(["pong", "pong"], in: &talk)
        #expect(talk.ending == .closedEarly(missing: "the answers"))
    }
}
