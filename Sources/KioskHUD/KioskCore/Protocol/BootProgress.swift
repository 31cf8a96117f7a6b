/// systemd's boot progress turned into what the overlay does (`--systemd-progress`): each reading
/// of the service manager's `Progress` (0 at the start of the boot, 1 once it has finished) fills
/// the ring to its whole percentage, never backwards (systemd's figure goes back at times, when
/// new jobs are queued), and the boot's end, seen after a reading below 1, ends the overlay.
/// A first reading of 1 means the boot had finished before the overlay started (a shutdown
/// screen): there is nothing to follow.
public struct BootProgress: Sendable {
    /// What one reading asks for.
    public enum Step: Sendable, Equatable {
        /// Fill the ring to this percentage, 0...100.
        case progress(Int)
        /// The boot has finished: quit.
        case finished
        /// The boot had finished before the first reading: stop reading, change nothing.
        case finishedBeforeStart
    }

    private var shownPercent: Int?
    private var hasSeenTheBootRunning = false

    public init() {}

    /// The steps for a reading of `fraction`; none for a reading that changes nothing or makes no
    /// sense (not a number, below 0).
    public mutating func read(_ fraction: Double) -> [Step] {
        guard fraction.isFinite, fraction >= 0 else { return [] }
        guard fraction < 1 else {
            guard hasSeenTheBootRunning else { return [.finishedBeforeStart] }
            return [.progress(100), .finished]
        }
        hasSeenTheBootRunning = true
        let percent = min(99, Int(fraction * 100))
        if let shown = shownPercent, shown >= percent { return [] }
        shownPercent = percent
        return [.progress(percent)]
    }
}
