/// A display a backend opened, or what it became after a change: what the layout is for.
public struct OpenedDisplay: Sendable, Equatable {
    /// The screen the overlay is laid out for: the display's size, turned by `--rotate`.
    public var logicalSize: Size
    /// What the display tells of its density and scale.
    public var profile: DisplayProfile

    /// Describes a display laid out as `logicalSize`, whose own pixels `profile` tells.
    public init(logicalSize: Size, profile: DisplayProfile) {
        self.logicalSize = logicalSize
        self.profile = profile
    }
}
