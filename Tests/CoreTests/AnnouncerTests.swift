import Testing
@testable import KioskCore
import KioskTestSupport

/// `--speak`'s pure part: what is said, when, and in which voice, from what the HUD shows.
@Suite struct AnnouncerTests {
    private static let ticksPerSecond = 60

    private func session(_ message: String = "Bitte warten", language: String = "de_DE.UTF-8") -> HostSession {
        var timing = Timing()
        timing.fadeSeconds = 0
        return HostSession(appearance: Appearance(), timing: timing,
                           language: Language(choosingFrom: [LocaleName(language)].compactMap { $0 }),
                           clock: FixedStepClock(ticksPerSecond: Self.ticksPerSecond), state: HUDState(isVisible: true, message: message))
    }

    private func say(_ policy: inout LoopPolicy, _ commands: [Command], atTick tick: Int) -> Announcer.Utterance? {
        policy.step(commands.enumerated().map { .host(.command($0.element, line: $0.offset + 1), from: .standardInput) },
                    atTick: tick, measurer: FakeMeasurer()).utterance
    }

    private func policy(speaks: Bool = true, every seconds: Double? = nil, language: String = "de_DE.UTF-8") -> LoopPolicy {
        LoopPolicy(session: session(language: language), composers: [FrameComposer(screen: Size(width: 800, height: 480))],
                   settings: LoopPolicy.Settings(speaks: speaks, speakEverySeconds: seconds))
    }

    @Test func eachNewMessageIsSaidOnceInItsVoice() {
        var loop = policy()
        #expect(say(&loop, [], atTick: 0) == Announcer.Utterance(text: "Bitte warten", voice: "de"))
        #expect(say(&loop, [], atTick: 10) == nil)
        #expect(say(&loop, [.message("受信中です")], atTick: 20) == Announcer.Utterance(text: "受信中です", voice: "ja"))
        #expect(say(&loop, [.detail("Schritt 2"), .progress(40)], atTick: 30) == nil, "details and progress are not said")
    }

    @Test func nothingWhileHiddenAndTheMessageAgainWhenShownAgain() {
        var loop = policy()
        _ = say(&loop, [], atTick: 0)
        #expect(say(&loop, [.hide], atTick: 10) == nil)
        #expect(say(&loop, [.message("Fertig")], atTick: 20) == nil)
        #expect(say(&loop, [.show], atTick: 30)?.text == "Fertig")
    }

    @Test func anOutcomeIsSaidByItsTextOrItsWord() {
        var loop = policy()
        _ = say(&loop, [], atTick: 0)
        #expect(say(&loop, [.outcome(.success, message: nil)], atTick: 10)?.text == "Erledigt")
        #expect(say(&loop, [.outcome(.failure, message: "Drucker leer")], atTick: 20)?.text == "Drucker leer")
        #expect(say(&loop, [.outcome(.info, message: nil)], atTick: 30)?.text == "Informationen")
    }

    @Test func speakEveryRepeatsWhatStaysAndWakesTheLoopForIt() {
        var loop = policy(every: 10)
        // A ring that stands still: nothing else wakes the loop.
        _ = say(&loop, [.progress(40)], atTick: 0)
        let quiet = loop.step([], atTick: 300, measurer: FakeMeasurer())
        #expect(quiet.utterance == nil && quiet.wakeTick == 600)
        #expect(say(&loop, [], atTick: 600)?.text == "Bitte warten")
    }

    @Test func speakOnAndOffAtRunTime() throws {
        var loop = policy(speaks: false)
        #expect(say(&loop, [], atTick: 0) == nil)
        #expect(say(&loop, [.speak(true)], atTick: 10)?.text == "Bitte warten")
        #expect(say(&loop, [.speak(false), .message("Still")], atTick: 20) == nil)
        #expect(try CommandParser.parse("speak on") == .speak(true))
        #expect(throws: CommandError.self) { try CommandParser.parse("speak loud") }
    }

    @Test func theStalledHostIsSaid() {
        var timing = Timing()
        timing.stallTimeoutSeconds = 1
        var session = session()
        session = HostSession(appearance: Appearance(), timing: timing, language: session.language,
                              clock: FixedStepClock(ticksPerSecond: Self.ticksPerSecond), state: HUDState(isVisible: true, message: "x"))
        var loop = LoopPolicy(session: session, composers: [FrameComposer(screen: Size(width: 800, height: 480))],
                              settings: LoopPolicy.Settings(speaks: true))
        _ = say(&loop, [], atTick: 0)
        #expect(say(&loop, [], atTick: 61)?.text == "Keine Antwort")
    }
}
