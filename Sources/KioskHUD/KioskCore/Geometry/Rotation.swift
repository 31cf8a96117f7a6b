/// How the overlay is turned to read upright on a panel mounted turned whose display the system
/// does not rotate (psplash's `--angle`): the overlay is laid out for the turned screen and its
/// picture turned clockwise by this angle onto the display.
public enum Rotation: Int, Sendable, Equatable, CaseIterable {
    case upright = 0
    case quarter = 90
    case half = 180
    case threeQuarters = 270

    /// The screen the overlay is laid out for, on a display of `physical` size.
    public func logicalSize(ofDisplay physical: Size) -> Size {
        swapsSides ? Size(width: physical.height, height: physical.width) : physical
    }

    /// True when the turned screen's width is the display's height.
    public var swapsSides: Bool { self == .quarter || self == .threeQuarters }

    /// Where the logical pixel (`x`, `y`) of a `logical`-sized picture lands on the display.
    public func displayPoint(x: Int, y: Int, logical: Size) -> (x: Int, y: Int) {
        switch self {
        case .upright: return (x, y)
        case .quarter: return (logical.height - 1 - y, x)
        case .half: return (logical.width - 1 - x, logical.height - 1 - y)
        case .threeQuarters: return (y, logical.width - 1 - x)
        }
    }

    /// The logical pixel of a `logical`-sized picture that lands on display pixel (`x`, `y`): the
    /// inverse of `displayPoint`, for a press on the display.
    public func logicalPoint(x: Int, y: Int, logical: Size) -> (x: Int, y: Int) {
        switch self {
        case .upright: return (x, y)
        case .quarter: return (y, logical.height - 1 - x)
        case .half: return (logical.width - 1 - x, logical.height - 1 - y)
        case .threeQuarters: return (logical.width - 1 - y, x)
        }
    }

    /// The display rectangle a logical rectangle of a `logical`-sized picture turns into.
    public func displayRect(_ rect: PixelRect, logical: Size) -> PixelRect {
        guard !rect.isEmpty else { return rect }
        let first = displayPoint(x: rect.x, y: rect.y, logical: logical)
        let last = displayPoint(x: rect.maxX - 1, y: rect.maxY - 1, logical: logical)
        let left = min(first.x, last.x), top = min(first.y, last.y)
        return PixelRect(x: left, y: top, width: abs(last.x - first.x) + 1, height: abs(last.y - first.y) + 1)
    }
}
