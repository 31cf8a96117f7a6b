import Glibc
internal import CKioskPlatform
import KioskCore
import KioskFonts
import KioskPlatform

/// The live loop, a thin adapter around the pure `LoopPolicy`: it waits (in its backend's event
/// wait until the policy's next tick, or until the inbox wakes it), steps the policy with what
/// arrived and the tick of the monotonic clock now, has the backend draw the frames that
/// changed, asks the grab for what blocking needs, and writes the answers. Every end, a lost
/// display's too, is an exit the step decided.
final class RenderLoop {
    private var policy: LoopPolicy
    private let backend: any DisplayBackend
    private let glyphs: FontChain
    private let inbox: CommandInbox
    private let grab: BlockingGrab?
    private let startReaders: (CommandInbox) throws(NativeThread.StartFailure) -> Void
    private let answers: LineWriter
    private let control: ControlServer?
    private let startNanoseconds = MonotonicClock.nanoseconds()

    /// The running loop and its thread, for `loseDisplay`.
    private static let running = LockedValue<(loop: RenderLoop, thread: pthread_t)?>(nil)

    /// Creates a loop showing `session` on `backend`'s displays, each laid out by its composer in
    /// `composers`, with `glyphs`. Where the backend holds input with a grab, a grab that cannot
    /// be set up is a start failure: a `block` that does not block must never run.
    /// `startReaders` starts the threads that feed the inbox, once `ready` is written. Answers
    /// for control-socket clients go to `control`.
    init(session: HostSession, backend: any DisplayBackend, composers: [FrameComposer], settings: LoopPolicy.Settings,
         glyphs: FontChain, control: ControlServer? = nil,
         startReaders: @escaping (CommandInbox) throws(NativeThread.StartFailure) -> Void) throws(StartupError) {
        let inbox = CommandInbox(wake: backend.wake)
        do { answers = try LineWriter(descriptor: STDOUT_FILENO, name: "event writer") } catch { throw .thread(error) }
        let grabStatus: BlockingGrabState.Status
        switch backend.blockingInput {
        case .grab(let onlyXClients):
            if let onlyXClients { Diagnostics.report(onlyXClients) }
            let reach: @Sendable (BlockingGrabState.Status) -> BlockingGrabState.Status = { status in
                onlyXClients != nil && status == .held ? .partial : status
            }
            let started: BlockingGrab?
            do { started = try BlockingGrab.start { inbox.postControl(.grab(reach($0))) } } catch { throw .thread(error) }
            guard let started else { throw .blockingGrab }
            grab = started
            grabStatus = .released
        case .heldByWindowingSystem:
            grab = nil
            grabStatus = .held
        case .unsupported:
            grab = nil
            grabStatus = .unsupported
        }
        policy = LoopPolicy(session: session, composers: composers, settings: settings, grabStatus: grabStatus,
                            stacking: backend.stacking)
        self.backend = backend
        self.inbox = inbox
        self.glyphs = glyphs
        self.startReaders = startReaders
        self.control = control
    }

    /// Ends the program for a lost display from inside a library's callback that must not
    /// return (Xlib's I/O error handler), through the loop's step like any input: on the loop's
    /// own thread it is stepped at once; another thread (the grab's connection) posts it to the
    /// loop and finishes the program itself only when the loop has not begun to in time (it may
    /// be stuck on the same dead server, where no wake-up reaches it).
    static func loseDisplay(_ reason: String) -> Never {
        let loop = running.withLock { $0 }
        if let loop, pthread_equal(loop.thread, pthread_self()) != 0 {
            loop.loop.stepAndDraw([.displayLost(reason)])
        }
        let inbox = loop?.loop.inbox
        ProgramExit.finish(.displayLost, afterAsking: { inbox?.postControl(.displayLost(reason)) }, reporting: reason)
    }

    /// Runs until the policy says to exit, then ends the program through `ProgramExit.finish`
    /// (while the displays are still alive: nothing is torn down before the exit), giving
    /// the answers before a `quit` time to reach the host, and a stop signal none to speak of.
    func run() throws(StartupError) -> Never {
        Self.running.withLock { $0 = (self, pthread_self()) }
        SignalWatcher.whenStopping { [inbox] in inbox.postControl(.stopSignal($0)) }
        var events: [LoopInput] = []
        while true {
            let step = stepAndDraw(events)
            if step.isFirst {
                if let socket = Environment.value("NOTIFY_SOCKET") { _ = kp_notify_systemd(socket, "READY=1") }
                do { try startReaders(inbox) } catch { throw .thread(error) }
            }
            let deadline = step.wakeTick.map { startNanoseconds + policy.session.clock.nanoseconds(atTick: $0) }
            events = backend.waitForEvents(until: deadline)
        }
    }

    /// Steps the policy with everything in the inbox and the backend's `events` at the tick
    /// now, draws, grabs and writes what the step says, and exits when it says to.
    @discardableResult
    private func stepAndDraw(_ events: [LoopInput]) -> LoopStep {
        let inputs = inbox.takeAll() + events
        let tick = policy.session.clock.ticks(elapsedNanoseconds: MonotonicClock.nanoseconds() - startNanoseconds)
        let step = policy.step(inputs, atTick: tick, measurer: glyphs)
        // Nothing is drawn or grabbed on the way out (the display may be what ended it);
        // otherwise the answers follow the picture, so a `status` answered is on screen.
        if step.exit == nil {
            backend.draw(step.frames)
            grab?.want(step.wantsGrab)
        }
        step.reports.forEach(Diagnostics.report)
        write(step.answers, applied: inputs)
        if let exit = step.exit {
            ProgramExit.finish(ExitStatus(exit), within: exit.waitsForAnswers ? ProgramExit.answersSeconds : ProgramExit.promptSeconds,
                               reporting: exit.lastWords)
        }
        return step
    }

    /// Writes `stepAnswers` to stdout and the control socket's clients, each to those it is
    /// for, and tells the control socket that `inputs` were applied.
    private func write(_ stepAnswers: [Answer], applied inputs: [LoopInput]) {
        for answer in stepAnswers where answer.isForStandardOutput { answers.post(answer.line) }
        control?.deliver(stepAnswers, applied: inputs)
    }
}
