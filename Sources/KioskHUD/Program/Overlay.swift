import Glibc
import KioskCore
import KioskPlatform

/// The running overlay, the one owner of the loop: its backend (which owns its displays and
/// its input hold), its inbox and what feeds it, its clock and where its answers go. A thin
/// adapter around the pure `LoopPolicy`: it waits in its backend until the policy's next tick
/// or an input (a host line from the inbox, a display change, a lost display, the grab's news
/// from the backend's wait), steps the policy with what arrived at the tick now, has the backend
/// draw the frames that changed and hold input as the step wants, and writes the answers. Every
/// end, a lost display's too, is an `Ending` the step decided, which `run` returns; the program
/// finishes with it (`ProgramExit`), a test reads it.
final class Overlay {
    /// How the overlay ended: the status to exit with, how long the answers written before the
    /// end may take to reach the host, and the last line for stderr.
    struct Ending: Equatable {
        /// Why the step ended the loop.
        var reason: ExitReason
        /// The process's exit status for it.
        var status: ExitStatus { ExitStatus(reason) }
        /// How long the answers before it may take: a host that asked to end reads them, a
        /// signal or a lost display ends promptly.
        var seconds: Double { reason.waitsForAnswers ? ProgramExit.answersSeconds : ProgramExit.promptSeconds }
    }

    /// Where the loop's lines go: events and answers for stdout, reports for stderr, and the
    /// control socket's clients.
    struct Outlets {
        /// Writes one line (no newline) to the host's stdout.
        var standardOutput: (String) -> Void
        /// Reports one line on stderr.
        var report: (String) -> Void = Diagnostics.report
        /// The control socket, told each step's answers and which inputs were applied.
        var control: ControlServer?
        /// Says an utterance aloud (`--speak`), returning at once.
        var speak: (Announcer.Utterance) -> Void = { _ in }
    }

    private var policy: LoopPolicy
    private let backend: any DisplayBackend
    private let measurer: any TextMeasurer
    /// Where the readers, the signal watcher and the control socket post what they hear.
    let inbox: CommandInbox
    private let outlets: Outlets
    private let now: () -> UInt64
    private let startNanoseconds: UInt64
    private let whenReady: (CommandInbox) throws(NativeThread.StartFailure) -> Void

    /// Creates the overlay showing `session` on `backend`'s displays, each laid out by
    /// `layoutRule` (again when it changes), measuring text with `measurer`, reading the time
    /// from `now` (`MonotonicClock` nanoseconds). `whenReady` runs once the first frame is drawn
    /// and `ready` written: it starts what feeds the inbox (the readers), and tells the service
    /// manager.
    init(session: HostSession, backend: any DisplayBackend, layoutRule: LayoutRule, settings: LoopPolicy.Settings,
         measurer: any TextMeasurer, outlets: Outlets, now: @escaping () -> UInt64 = MonotonicClock.nanoseconds,
         whenReady: @escaping (CommandInbox) throws(NativeThread.StartFailure) -> Void) {
        policy = LoopPolicy(session: session, composers: backend.displays.map(layoutRule.composer), layoutRule: layoutRule,
                            settings: settings, grabStatus: backend.blockingInput.initialStatus, stacking: backend.stacking,
                            backend: backend.name)
        self.backend = backend
        self.measurer = measurer
        self.outlets = outlets
        self.now = now
        self.whenReady = whenReady
        inbox = CommandInbox(wake: backend.wake)
        startNanoseconds = now()
    }

    /// Runs until the step decides an end, and returns it. Nothing is drawn or held on the way
    /// out (the display may be what ended it); the answers before the end are written.
    func run() throws(NativeThread.StartFailure) -> Ending {
        var events: [LoopInput] = []
        while true {
            // What the wait returned came first: a status asked after the grab was held says so.
            let inputs = (events + inbox.takeAll()).readingLastLogo()
            let tick = policy.session.clock.ticks(elapsedNanoseconds: now() - startNanoseconds)
            let step = policy.step(inputs, atTick: tick, measurer: measurer)
            // The answers follow the picture, so a `status` answered is on screen; what the step
            // drew is the picture a `deactivate` leaves.
            if step.exit == nil {
                backend.draw(step.frames)
                backend.holdInput(step.wantsGrab)
            }
            if step.deactivates { backend.deactivate() }
            step.reports.forEach(outlets.report)
            for answer in step.answers where answer.isForStandardOutput { outlets.standardOutput(answer.line) }
            outlets.control?.deliver(step.answers, applied: inputs)
            if let utterance = step.utterance { outlets.speak(utterance) }
            if let reason = step.exit {
                if reason == .quitLeavingScreen { backend.leaveScreen() }
                return Ending(reason: reason)
            }
            if step.isFirst { try whenReady(inbox) }
            let deadline = step.wakeTick.map { startNanoseconds + policy.session.clock.nanoseconds(atTick: $0) }
            events = backend.waitForEvents(until: deadline)
        }
    }
}
