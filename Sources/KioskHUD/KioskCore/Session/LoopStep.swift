/// What one step decided: what to draw, what to write, how long to sleep, whether to stop.
public struct LoopStep: Sendable, Equatable {
    /// What to tell whom (events and answers), in order.
    public var answers: [Answer] = []
    /// Lines for stderr (rejected input), without the program's name.
    public var reports: [String] = []
    /// Per display, the frame to draw, or nil when its picture did not change.
    public var frames: [Frame?] = []
    /// Whether the blocking grab of keyboard and pointer is wanted now.
    public var wantsGrab = false
    /// True on the step whose answers hold `ready` (for the service manager's READY=1 too).
    public var isFirst = false
    /// The tick at which to step again without input; nil: sleep until input arrives.
    public var wakeTick: Int?
    /// True on the step that applied `deactivate`: the backend stops drawing and lets go of the
    /// screen, its last picture staying.
    public var deactivates = false
    /// What to say aloud now (`--speak`): it interrupts whatever is being said; nil: nothing new.
    public var utterance: Announcer.Utterance?
    /// Set when the program must end: every answer above is still to be written first.
    public var exit: ExitReason?
}
