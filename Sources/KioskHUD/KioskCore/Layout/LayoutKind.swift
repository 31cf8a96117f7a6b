/// Where the wheel sits relative to the message.
public enum LayoutKind: String, Sendable, Equatable, CaseIterable {
    /// A square HUD: the wheel above, the message below (MyProgressView).
    case vertical
    /// A wide, short HUD: a smaller wheel left of the message (WITLoadingView).
    case horizontal
}
