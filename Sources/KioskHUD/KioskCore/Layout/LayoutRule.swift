/// How every display is laid out, as the options ask (`--scale`, `--dpi`): what makes a display's
/// `FrameComposer` at start and again when the display changes.
public struct LayoutRule: Sendable, Equatable {
    /// `--scale`: the pixel options' multiplier; nil chooses by density.
    public var scale: Int?
    /// `--dpi`: the density; nil takes what the display reports.
    public var dotsPerInch: Double?

    /// Creates the rule.
    public init(scale: Int? = nil, dotsPerInch: Double? = nil) {
        self.scale = scale
        self.dotsPerInch = dotsPerInch
    }

    /// The composer laying the HUD out on `display` (`DisplayProfile.layout`).
    public func composer(for display: OpenedDisplay) -> FrameComposer {
        let layout = display.profile.layout(scale: scale, dotsPerInch: dotsPerInch)
        return FrameComposer(screen: display.logicalSize, scale: layout.scale, dotsPerInch: layout.typeDotsPerInch)
    }
}
