import Glibc
import KioskCore
@testable import KioskHUD

/// A display backend in memory, as swift-nio's `EmbeddedChannel` is a channel with no socket:
/// the real `Overlay` (its loop, the policy, the composition from the options) runs against it
/// in-process, on a virtual clock that only its waits move. A test scripts what the backend
/// returns from its waits and when (host lines, a display lost or changed, a signal, the grab's
/// news; a change becomes its displays as a real backend's would), and
/// reads back every frame drawn, every hold asked for and every wait, each at its virtual time.
final class MemoryBackend: DisplayBackend {
    let name = "memory"
    private(set) var displays: [OpenedDisplay]
    let blockingInput: BlockingInput
    let stacking: Stacking
    let wake: @Sendable () -> Bool = { true }
    /// Presses come as the script's inputs.
    let readsPresses = true

    /// What a wait returns at a virtual time.
    struct Cue {
        /// Seconds from the start.
        var seconds: Double
        /// What the wait returns then.
        var inputs: [LoopInput]
    }

    /// One frame drawn.
    struct Drawing {
        var seconds: Double
        var display: Int
        var frame: Frame
    }

    /// The virtual time, `MonotonicClock` nanoseconds; the loop reads it through `now`.
    private(set) var nanoseconds: UInt64 = startNanoseconds
    private var cues: [Cue]
    /// Every frame drawn, in order.
    private(set) var drawings: [Drawing] = []
    /// Each change of the hold asked for: when, and whether held.
    private(set) var holds: [(seconds: Double, wanted: Bool)] = []
    /// Each wait's deadline, in seconds from the start (nil: until something happens).
    private(set) var waits: [Double?] = []
    /// Whether the backend answers a hold as an X server does (`.grab(.held)` at the next wait).
    private let grantsHolds: Bool
    private var grabNews: [LoopInput] = []
    private var isHeld = false
    /// The input each display's last frame takes, where the windowing system holds what a shown
    /// surface takes (Wayland): `.grab(.held)` at the next wait once one takes everything,
    /// `.grab(.released)` once none does.
    private var takenInput: [Int: ScreenRegion] = [:]
    private var windowingSystemHolds = false
    /// The script ran out with nothing due: the loop would sleep for ever.
    private(set) var ranDry = false

    private static let startNanoseconds: UInt64 = 1_000_000_000
    /// The longest run a test may script: a loop still stepping past it is a failure.
    private static let limitSeconds = 3600.0

    /// A backend of `displays` (pixel sizes), holding input as `blockingInput` says, that returns
    /// `cues` from its waits in order of time, those due at one time together.
    init(displays: [Size] = [Size(width: 800, height: 480)], blockingInput: BlockingInput = .heldByWindowingSystem,
         stacking: Stacking = .held, cues: [Cue]) {
        self.displays = displays.map { OpenedDisplay(logicalSize: $0, profile: DisplayProfile(pixels: $0)) }
        self.blockingInput = blockingInput
        self.stacking = stacking
        if case .grab = blockingInput { grantsHolds = true } else { grantsHolds = false }
        // What is due at one time arrives in one wait, in the order given.
        var merged: [Cue] = []
        for cue in cues.enumerated().sorted(by: { ($0.element.seconds, $0.offset) < ($1.element.seconds, $1.offset) }).map(\.element) {
            if merged.last?.seconds == cue.seconds { merged[merged.count - 1].inputs += cue.inputs } else { merged.append(cue) }
        }
        self.cues = merged
    }

    /// The virtual clock, for the overlay's `now`.
    var now: () -> UInt64 { { [unowned self] in nanoseconds } }

    /// Seconds from the start now.
    var seconds: Double { Double(nanoseconds - Self.startNanoseconds) / 1e9 }

    func draw(_ frames: [Frame?]) {
        for (display, frame) in frames.enumerated() {
            if let frame {
                drawings.append(Drawing(seconds: seconds, display: display, frame: frame))
                takenInput[display] = frame.input
            }
        }
        guard case .heldByWindowingSystem = blockingInput, takenInput.values.contains(.everything) != windowingSystemHolds else { return }
        windowingSystemHolds.toggle()
        grabNews.append(.grab(windowingSystemHolds ? .held : .released))
    }

    func holdInput(_ wanted: Bool) {
        guard wanted != isHeld else { return }
        isHeld = wanted
        holds.append((seconds, wanted))
        if grantsHolds { grabNews.append(.grab(wanted ? .held : .released)) }
    }

    /// Returns the grab's news at once; else moves the clock to the next cue or to `deadline`,
    /// whichever comes first, and returns the cue's inputs (none at a deadline). With nothing
    /// left to return and no deadline, or past `limitSeconds`, the run ends with a SIGTERM.
    func waitForEvents(until deadline: UInt64?) -> [LoopInput] {
        waits.append(deadline.map { Double($0 - Self.startNanoseconds) / 1e9 })
        if !grabNews.isEmpty {
            defer { grabNews.removeAll() }
            return grabNews
        }
        let cueNanoseconds = cues.first.map { Self.startNanoseconds + UInt64($0.seconds * 1e9) }
        if let deadline, cueNanoseconds.map({ deadline < $0 }) ?? true {
            nanoseconds = max(nanoseconds, deadline)
            return seconds > Self.limitSeconds ? [.stopSignal(SIGTERM)] : []
        }
        guard let cueNanoseconds else {
            ranDry = true
            return [.stopSignal(SIGTERM)]
        }
        nanoseconds = max(nanoseconds, cueNanoseconds)
        let inputs = cues.removeFirst().inputs
        for input in inputs {
            if case .displayChanged(let index, let display) = input { displays[index] = display }
            if case .displayAdded(let display, _) = input { displays.append(display) }
        }
        return inputs
    }

    /// The frames drawn at `seconds`, or at the last drawing before it.
    func frame(at seconds: Double, display: Int = 0) -> Frame? {
        drawings.last { $0.display == display && $0.seconds <= seconds }?.frame
    }
}
