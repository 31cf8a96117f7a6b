import Glibc
internal import CKioskPlatform
internal import CSDL
import KioskCore

/// The live loop, a thin adapter around the pure `LoopPolicy`: it waits (in SDL_WaitEventTimeout
/// until the policy's next tick, or until the inbox wakes it with an SDL user event), steps the
/// policy with what arrived and the tick of the monotonic clock now, draws the frames that
/// changed, asks the grab for what blocking needs, and writes the answers.
final class RenderLoop {
    private var policy: LoopPolicy
    private let outputs: [OverlayOutput]
    private let font: FontChain
    private let inbox: CommandInbox
    private let grab: BlockingGrab?
    private let startReaders: (CommandInbox) throws(NativeThread.StartFailure) -> Void
    private let answers: LineWriter
    private let control: ControlServer?
    private let startNanoseconds = MonotonicClock.nanoseconds()

    /// Creates a loop showing `session` on `outputs`, each laid out by its composer, with `font`;
    /// with `grabsInput`, blocking holds keyboard and pointer through a `BlockingGrab`, and a grab
    /// that cannot be set up is a start failure: a `block` that does not block must never run.
    /// `startReaders` starts the threads that feed the inbox, once `ready` is written. Answers
    /// for control-socket clients go to `control`.
    init(session: HostSession, outputs: [(OverlayOutput, FrameComposer)], settings: LoopPolicy.Settings,
         font: FontChain, grabsInput: Bool, control: ControlServer? = nil,
         startReaders: @escaping (CommandInbox) throws(NativeThread.StartFailure) -> Void) throws(StartupError) {
        // Any user event wakes the loop; a registered type keeps it apart from SDL's own.
        let registered = SDL_RegisterEvents(1)
        let wakeType = registered == UInt32.max ? SDL_USEREVENT.rawValue : registered
        let inbox = CommandInbox {
            var event = SDL_Event()
            event.type = wakeType
            return SDL_PushEvent(&event) == 1
        }
        do {
            answers = try LineWriter(descriptor: STDOUT_FILENO, name: "event writer")
            grab = grabsInput ? try BlockingGrab.start { inbox.postControl(.grab($0)) } : nil
        } catch {
            throw .thread(error)
        }
        if grabsInput, grab == nil { throw .blockingGrab }
        policy = LoopPolicy(session: session, composers: outputs.map(\.1), settings: settings,
                            grabStatus: grab == nil ? .unsupported : .released)
        self.outputs = outputs.map(\.0)
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
            draw(step.frames)
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
            let closed = waitForEvents(until: step.wakeTick)
            inputs = inbox.takeAll() + (closed ? [.windowClosed] : [])
        }
    }

    /// Writes `stepAnswers` to stdout and the control socket's clients, each to those it is
    /// for, and tells the control socket that `inputs` were applied.
    private func write(_ stepAnswers: [Answer], applied inputs: [LoopInput]) {
        for answer in stepAnswers where answer.isForStandardOutput { answers.post(answer.line) }
        control?.deliver(stepAnswers, applied: inputs)
    }

    /// Draws each output's changed frame, reporting (not stopping on) a failure.
    private func draw(_ frames: [Frame?]) {
        for (output, frame) in zip(outputs, frames) {
            guard let frame else { continue }
            do {
                try output.draw(frame)
            } catch {
                Diagnostics.report("drawing failed: \(error)")
            }
        }
    }

    /// Sleeps until `tick` (nil: until an event) or the first event, then handles every pending
    /// event: an exposed window is presented again. Returns true when the window was closed.
    private func waitForEvents(until tick: Int?) -> Bool {
        var event = SDL_Event()
        var got: Int32
        if let tick {
            let deadline = startNanoseconds + policy.session.clock.nanoseconds(atTick: tick)
            let milliseconds = MonotonicClock.milliseconds(until: deadline)
            got = milliseconds == 0 ? SDL_PollEvent(&event) : SDL_WaitEventTimeout(&event, milliseconds)
        } else {
            got = SDL_WaitEvent(&event)
        }
        var closed = false
        while got != 0 {
            if event.type == SDL_QUIT.rawValue { closed = true }
            if event.type == SDL_WINDOWEVENT.rawValue, event.window.event == UInt8(SDL_WINDOWEVENT_EXPOSED.rawValue) {
                outputs.forEach { $0.presentAll() }
            }
            got = SDL_PollEvent(&event)
        }
        return closed
    }
}
