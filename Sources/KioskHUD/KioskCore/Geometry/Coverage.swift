import Glibc

/// How much of a pixel a shape covers (0...1), from the shape's signed distance with a one-pixel
/// soft edge: the anti-aliasing every shape of the overlay is drawn with.
public enum Coverage {
    /// Coverage of the pixel centred at (`x`, `y`) by a rectangle with rounded corners.
    public static func roundedRect(x: Double, y: Double, rect: PixelRect, cornerRadius: Double) -> Double {
        fromDistance(distance(x: x, y: y, toRoundedRect: rect, cornerRadius: cornerRadius))
    }

    /// How far the point (`x`, `y`) lies outside the edge of a rectangle with rounded corners
    /// (negative inside it).
    public static func distance(x: Double, y: Double, toRoundedRect rect: PixelRect, cornerRadius: Double) -> Double {
        let center = rect.center
        let qx = abs(x - center.x) - (Double(rect.width) / 2 - cornerRadius)
        let qy = abs(y - center.y) - (Double(rect.height) / 2 - cornerRadius)
        let outside = (max(qx, 0) * max(qx, 0) + max(qy, 0) * max(qy, 0)).squareRoot()
        return outside + min(max(qx, qy), 0) - cornerRadius
    }

    /// Coverage of the pixel centred at (`x`, `y`) by a capsule: all points within `halfWidth`
    /// of the segment from `start` to `end`.
    public static func capsule(x: Double, y: Double, from start: Point, to end: Point, halfWidth: Double) -> Double {
        let dx = end.x - start.x, dy = end.y - start.y
        let lengthSquared = dx * dx + dy * dy
        let along = lengthSquared > 0 ? min(max(((x - start.x) * dx + (y - start.y) * dy) / lengthSquared, 0), 1) : 0
        let nearestX = start.x + along * dx, nearestY = start.y + along * dy
        let distance = ((x - nearestX) * (x - nearestX) + (y - nearestY) * (y - nearestY)).squareRoot()
        return fromDistance(distance - halfWidth)
    }

    /// Coverage of the pixel centred at (`x`, `y`) by a stroke of `halfWidth` along the circle of
    /// `radius` around `center`, from straight up clockwise through `sweep` radians, with round
    /// ends (a whole ring when `sweep` is 2π or more).
    public static func arc(x: Double, y: Double, center: Point, radius: Double, halfWidth: Double, sweep: Double) -> Double {
        guard sweep > 0 else { return 0 }
        let dx = x - center.x, dy = y - center.y
        let fromRing = abs((dx * dx + dy * dy).squareRoot() - radius) - halfWidth
        // Off the ring's band nothing is covered, the caps included (a point is no nearer to an
        // end of the arc than to the circle): most of the square, decided without an angle.
        guard fromRing < 0.5 else { return 0 }
        var angle = atan2(dx, -dy)
        if angle < 0 { angle += 2 * Double.pi }
        if sweep >= 2 * Double.pi || angle <= sweep { return fromDistance(fromRing) }
        let start = Point(x: center.x, y: center.y - radius)
        let end = Point(x: center.x + radius * sin(sweep), y: center.y - radius * cos(sweep))
        let toStart = ((x - start.x) * (x - start.x) + (y - start.y) * (y - start.y)).squareRoot()
        let toEnd = ((x - end.x) * (x - end.x) + (y - end.y) * (y - end.y)).squareRoot()
        return fromDistance(min(toStart, toEnd) - halfWidth)
    }

    private static func fromDistance(_ signedDistance: Double) -> Double {
        min(max(0.5 - signedDistance, 0), 1)
    }
}
