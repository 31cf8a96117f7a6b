import Glibc
internal import CSDL
internal import CKioskPlatform
import KioskCore

/// The fixed-timestep loop. The scene advances by whole ticks of elapsed monotonic time; the loop
/// sleeps in SDL_WaitEventTimeout until the next tick at which something changes by itself, or
/// until a reader wakes it with an SDL user event; it applies every pending command at the
/// current tick, draws once, only when the frame changed, and presents only the rectangles that
/// did. Hidden, it sleeps until input arrives.
final class RenderLoop {
    /// What the loop does besides drawing.
    struct Settings {
        /// How stdin's lines are read.
        var dialect = CommandParser.Dialect.standard
        /// Exit 0 when stdin ends.
        var exitsAtEndOfInput = false
        /// Also report rejected lines on stdout.
        var reportsErrorsOnStdout = false
        /// A FIFO to read commands from as well.
        var fifo: FIFOReader?
    }

    /// The displays shown on; the first one's scene speaks for all (events, status).
    private let outputs: [OverlayOutput]
    private let font: FontChain
    private let settings: Settings
    private let inbox = CommandInbox()
    private let events = LineWriter(descriptor: STDOUT_FILENO, name: "event writer")
    private let startNanoseconds = RenderLoop.monotonicNanoseconds()
    private var isReady = false

    /// How long `quit` waits for the answers before it to reach stdout.
    static let drainSeconds = 0.5
    /// How soon a keyboard grab that another client refused is tried again.
    static let keyboardRetryNanoseconds: UInt64 = 100_000_000

    /// Creates a loop drawing on `outputs` (at least one) with `font`.
    init(outputs: [OverlayOutput], font: FontChain, settings: Settings) {
        precondition(!outputs.isEmpty, "the overlay needs a display")
        self.outputs = outputs
        self.font = font
        self.settings = settings
    }

    /// The scene that answers the host.
    private var scene: OverlayScene { outputs[0].scene }

    /// Runs until `quit`, SIGINT/SIGTERM or, when asked, the end of stdin.
    func run() -> ExitStatus {
        let wakeType = SDL_RegisterEvents(1)
        let wake: @Sendable () -> Void = {
            var event = SDL_Event()
            event.type = wakeType
            SDL_PushEvent(&event)
        }
        // The first frame and `ready` come before any input is read, so `ready` is always the
        // first line, even when the host's first command is `quit`.
        show(atTick: 0)
        announceReadyOnce()
        InputReader.start(dialect: settings.dialect, inbox: inbox, wake: wake)
        settings.fifo?.start(inbox: inbox, wake: wake)
        var tick = 0
        while !SignalWatcher.received.load(ordering: .sequentiallyConsistent) {
            // Commands first: one that waited while the loop was busy still counts as the host
            // speaking before a stall timeout that ran out in the meantime.
            var news: [OverlayEvent] = []
            for item in inbox.takeAll() {
                switch item {
                case .event(.command(.quit, _), _):
                    news.forEach { events.post($0.description) }
                    events.drain(within: Self.drainSeconds)
                    return .success
                case .event(.command(let command, _), _):
                    news += outputs[0].scene.apply(command, atTick: tick)
                    for output in outputs.dropFirst() { output.scene.apply(command, atTick: tick) }
                case .event(.rejected(let error, let line), let source):
                    Diagnostics.report("\(source.rawValue) \(line): \(error)")
                    if settings.reportsErrorsOnStdout { news.append(.error(line: line, error)) }
                case .endOfInput:
                    if settings.exitsAtEndOfInput { return .success }
                }
            }
            news += outputs[0].scene.advance(to: tick)
            for output in outputs.dropFirst() { output.scene.advance(to: tick) }
            show(atTick: tick)
            news.forEach { events.post($0.description) }
            var deadline = scene.nextChangeTick(after: tick).map(scene.clock.nanoseconds(atTick:))
            if outputs.contains(where: \.isWaitingForKeyboard) {
                // Another client holds the keyboard: try again soon rather than never.
                outputs.forEach { $0.retryKeyboardGrab() }
                let retry = elapsedNanoseconds() + Self.keyboardRetryNanoseconds
                deadline = min(deadline ?? retry, retry)
            }
            guard waitForEvents(until: deadline) else { return .success }
            tick = scene.clock.ticks(elapsedNanoseconds: elapsedNanoseconds())
        }
        return .success
    }

    /// Draws every output's frame at `tick`, reporting (not stopping on) a failure.
    private func show(atTick tick: Int) {
        for output in outputs {
            do {
                try output.show(atTick: tick, font: font)
            } catch {
                Diagnostics.report("drawing failed: \(error)")
            }
        }
    }

    /// `ready` once the first frame is on screen (at once when starting hidden), and systemd's
    /// READY=1 when started as a notify service.
    private func announceReadyOnce() {
        guard !isReady else { return }
        isReady = true
        events.post(OverlayEvent.ready.description)
        if let socket = Environment.value("NOTIFY_SOCKET") { _ = kp_notify_systemd(socket, "READY=1") }
    }

    /// Sleeps until `deadline` (elapsed nanoseconds; nil: until an event) or the first event,
    /// then handles every pending event. Returns false when asked to quit.
    private func waitForEvents(until deadline: UInt64?) -> Bool {
        var event = SDL_Event()
        var got: Int32
        if let deadline {
            let now = elapsedNanoseconds()
            got = deadline <= now
                ? SDL_PollEvent(&event)
                : SDL_WaitEventTimeout(&event, Int32(min((deadline - now + 999_999) / 1_000_000, 60_000)))
        } else {
            got = SDL_WaitEvent(&event)
        }
        while got != 0 {
            if event.type == SDL_QUIT.rawValue { return false }
            if event.type == SDL_WINDOWEVENT.rawValue, event.window.event == UInt8(SDL_WINDOWEVENT_EXPOSED.rawValue) {
                outputs.forEach { $0.presentAll() }
            }
            got = SDL_PollEvent(&event)
        }
        return true
    }

    private func elapsedNanoseconds() -> UInt64 { Self.monotonicNanoseconds() - startNanoseconds }

    private static func monotonicNanoseconds() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }
}
