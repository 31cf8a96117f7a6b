import Glibc
internal import CKioskPlatform
import KioskCore
import KioskPlatform

/// The live loop, a thin adapter around the pure `LoopPolicy`: it waits (in its screens' event
/// wait until the policy's next tick, or until the inbox wakes it), steps the policy with what
/// arrived and the tick of the monotonic clock now, has the screens draw the frames that changed,
/// asks the grab for what blocking needs, and writes the answers.
final class RenderLoop {
    private var policy: LoopPolicy
    private let screens: any OverlayScreens
    private let font: FontChain
    private let inbox: CommandInbox
    private let grab: BlockingGrab?
    private let startReaders: (CommandInbox) throws(NativeThread.StartFailure) -> Void
    private let answers: LineWriter
    private let control: ControlServer?
    private let startNanoseconds = MonotonicClock.nanoseconds()

    /// Creates a loop showing `session` on `screens`, each display laid out by its composer in
    /// `composers`, with `font`; with `grabsInput`, blocking holds keyboard and pointer through a
    /// `BlockingGrab`, and a grab that cannot be set up is a start failure: a `block` that does
    /// not block must never run. `startReaders` starts the threads that feed the inbox, once
    /// `ready` is written. Answers for control-socket clients go to `control`.
    init(session: HostSession, screens: any OverlayScreens, composers: [FrameComposer], settings: LoopPolicy.Settings,
         font: FontChain, grabsInput: Bool, control: ControlServer? = nil,
         startReaders: @escaping (CommandInbox) throws(NativeThread.StartFailure) -> Void) throws(StartupError) {
        let inbox = CommandInbox(wake: screens.wake)
        do {
            answers = try LineWriter(descriptor: STDOUT_FILENO, name: "event writer")
            grab = grabsInput ? try BlockingGrab.start { inbox.postControl(.grab($0)) } : nil
        } catch {
            throw .thread(error)
        }
        if grabsInput, grab == nil { throw .blockingGrab }
        policy = LoopPolicy(session: session, composers: composers, settings: settings,
                            grabStatus: grab != nil ? .released : screens.blockingHoldsInput ? .held : .unsupported)
        self.screens = screens
        self.inbox = inbox
        self.font = font
        self.startReaders = startReaders
        self.control = control
    }

    /// Runs until the policy says to exit, then ends the program through `ProgramExit.finish`
    /// (while the windows and SDL are still alive: nothing is torn down before the exit), giving
    /// the answers before a `quit` time to reach the host, and a stop signal none to speak of.
    func run() throws(StartupError) -> Never {
        SignalWatcher.whenStopping { [inbox] in inbox.postControl(.stopSignal($0)) }
        var inputs: [LoopInput] = []
        while true {
            let tick = policy.session.clock.ticks(elapsedNanoseconds: MonotonicClock.nanoseconds() - startNanoseconds)
            let step = policy.step(inputs, atTick: tick, measurer: font)
            screens.draw(step.frames)
            grab?.want(step.wantsGrab)
            step.reports.forEach(Diagnostics.report)
            write(step.answers, applied: inputs)
            if let exit = step.exit {
                ProgramExit.finish(ExitStatus(exit),
                                   within: exit.waitsForAnswers ? ProgramExit.answersSeconds : ProgramExit.promptSeconds)
            }
            if step.isFirst {
                if let socket = Environment.value("NOTIFY_SOCKET") { _ = kp_notify_systemd(socket, "READY=1") }
                do { try startReaders(inbox) } catch { throw .thread(error) }
            }
            let deadline = step.wakeTick.map { startNanoseconds + policy.session.clock.nanoseconds(atTick: $0) }
            let events = screens.waitForEvents(until: deadline)
            inputs = inbox.takeAll() + events
        }
    }

    /// Writes `stepAnswers` to stdout and the control socket's clients, each to those it is
    /// for, and tells the control socket that `inputs` were applied.
    private func write(_ stepAnswers: [Answer], applied inputs: [LoopInput]) {
        for answer in stepAnswers where answer.isForStandardOutput { answers.post(answer.line) }
        control?.deliver(stepAnswers, applied: inputs)
    }
}
