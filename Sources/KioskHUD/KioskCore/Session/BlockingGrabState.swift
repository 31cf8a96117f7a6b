/// Whether the overlay holds the keyboard and pointer while it blocks, as the host is told: in
/// `status` (`grab=none` while not blocking; blocking, `grab=held`, `partial`, `refused`,
/// `pending` until the windowing system answers, or `unsupported`) and by the events `grab-lost`
/// (blocking, but another client holds the keyboard or pointer, a held grab was taken away, the
/// grab cannot reach every application, or no output is left to hold it on) and `grab-held` (held again after a loss).
/// `held` is said only where every application that could receive input is kept from it.
public struct BlockingGrabState: Sendable, Equatable {
    /// What the windowing system last said of the grab.
    public enum Status: Sendable, Equatable {
        /// Not held (not wanted, or not yet answered).
        case released
        /// Keyboard and pointer are held by the overlay.
        case held
        /// Held, but not for every application: an X grab on XWayland keeps input from X clients
        /// only, while native Wayland applications still receive keys and clicks.
        case partial
        /// Wanted, but another client holds the keyboard or pointer, or (Wayland) every output it
        /// shows on is gone and no surface of the overlay's is left to hold them; taken as soon as it can be.
        case refused
        /// The windowing system offers no grab (a plain development window, no X11).
        case unsupported
    }

    /// What the windowing system last said.
    public private(set) var status = Status.released
    /// True after `grab-lost` until `grab-held`.
    private var lossReported = false

    /// Creates the state of an overlay that does not block yet.
    public init() {}

    /// Records a change; returns the event the host must hear, if any.
    mutating func update(wanted: Bool, status newStatus: Status) -> [OverlayEvent] {
        status = newStatus
        if wanted, newStatus == .refused || newStatus == .partial, !lossReported {
            lossReported = true
            return [.grabLost]
        }
        if lossReported, !wanted || newStatus == .held {
            lossReported = false
            return wanted ? [.grabHeld] : []
        }
        return []
    }

    /// The word `status` shows, while the grab is `wanted` or not.
    func word(wanted: Bool) -> String {
        guard wanted else { return "none" }
        switch status {
        case .held: return "held"
        case .partial: return "partial"
        case .refused: return "refused"
        case .released: return "pending"
        case .unsupported: return "unsupported"
        }
    }
}
