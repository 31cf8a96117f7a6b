/// How determinate progress is drawn in the wheel's place.
public enum ProgressStyle: String, Sendable, Equatable, CaseIterable {
    /// A ring filling clockwise from the top.
    case ring
    /// A horizontal bar filling from the left.
    case bar
}
