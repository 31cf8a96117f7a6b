/// A point in screen pixels; y grows downwards.
public struct Point: Sendable, Equatable {
    public var x: Double
    public var y: Double

    /// Creates a point at (`x`, `y`).
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
}

/// A size in pixels.
public struct Size: Sendable, Equatable {
    public var width: Int
    public var height: Int

    /// Creates a size of `width` x `height` pixels.
    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// The shorter of the two sides.
    public var shorterSide: Int { min(width, height) }
}

/// An axis-aligned rectangle on whole pixels.
public struct PixelRect: Sendable, Equatable, Hashable {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    /// Creates a rectangle whose top-left corner is (`x`, `y`).
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// No pixels, at the origin.
    public static let empty = PixelRect(x: 0, y: 0, width: 0, height: 0)

    /// A rectangle of `size` centred on `center`, rounded to whole pixels.
    public init(centeredAt center: Point, width: Int, height: Int) {
        self.init(x: Int((center.x - Double(width) / 2).rounded()),
                  y: Int((center.y - Double(height) / 2).rounded()),
                  width: width, height: height)
    }

    /// The first column to the right of the rectangle.
    public var maxX: Int { x + width }
    /// The first row below the rectangle.
    public var maxY: Int { y + height }
    /// The exact centre.
    public var center: Point { Point(x: Double(x) + Double(width) / 2, y: Double(y) + Double(height) / 2) }
    /// True when the rectangle covers no pixel.
    public var isEmpty: Bool { width <= 0 || height <= 0 }

    /// The part of the rectangle inside `other` (empty when they do not meet).
    public func intersection(_ other: PixelRect) -> PixelRect {
        let left = max(x, other.x), top = max(y, other.y)
        let right = min(maxX, other.maxX), bottom = min(maxY, other.maxY)
        return PixelRect(x: left, y: top, width: max(0, right - left), height: max(0, bottom - top))
    }

    /// The rectangle moved in by `inset` on every side (out, when negative).
    public func insetBy(_ inset: Int) -> PixelRect {
        PixelRect(x: x + inset, y: y + inset, width: width - 2 * inset, height: height - 2 * inset)
    }

    /// The parts of the rectangle outside `other`: up to four bands (above, below, left, right).
    public func subtracting(_ other: PixelRect) -> [PixelRect] {
        let inner = intersection(other)
        guard !inner.isEmpty else { return isEmpty ? [] : [self] }
        return [PixelRect(x: x, y: y, width: width, height: inner.y - y),
                PixelRect(x: x, y: inner.maxY, width: width, height: maxY - inner.maxY),
                PixelRect(x: x, y: inner.y, width: inner.x - x, height: inner.height),
                PixelRect(x: inner.maxX, y: inner.y, width: maxX - inner.maxX, height: inner.height)].filter { !$0.isEmpty }
    }

    /// The smallest rectangle holding both (an empty one adds nothing).
    public func union(_ other: PixelRect) -> PixelRect {
        if isEmpty { return other }
        if other.isEmpty { return self }
        let left = min(x, other.x), top = min(y, other.y)
        return PixelRect(x: left, y: top, width: max(maxX, other.maxX) - left, height: max(maxY, other.maxY) - top)
    }

    /// True when the pixel at (`px`, `py`) lies inside.
    public func contains(px: Int, py: Int) -> Bool {
        px >= x && px < maxX && py >= y && py < maxY
    }
}
