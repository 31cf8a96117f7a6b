extension Frame.OutcomeMark {
    /// One stroke of a mark: a capsule from `start` to `end` (a dot where they meet), in pixels
    /// on the screen.
    public struct Stroke: Sendable, Equatable {
        public var start: Point
        public var end: Point
        public var halfWidth: Double
    }

    /// Half the width of a mark's strokes: a spoke's, so the mark weighs what the wheel did.
    public var strokeHalfWidth: Double { Double(box.width) / 2 * SpokeWheel.halfWidthFraction }

    /// The mark as the wheel it stands in for is drawn: across the wheel's whole square, with
    /// strokes of a spoke's weight. A check mark alone; a cross and an "i" (a dot over a stem)
    /// each inside `circle`.
    public var strokes: [Stroke] {
        let side = Double(box.width), halfWidth = strokeHalfWidth
        func stroke(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, weight: Double = 1) -> Stroke {
            Stroke(start: Point(x: Double(box.x) + x0 * side, y: Double(box.y) + y0 * side),
                   end: Point(x: Double(box.x) + x1 * side, y: Double(box.y) + y1 * side), halfWidth: halfWidth * weight)
        }
        switch kind {
        case .success:
            return [stroke(0.15, 0.5, 0.39, 0.73), stroke(0.39, 0.73, 0.85, 0.24)]
        case .failure:
            return [stroke(0.345, 0.345, 0.655, 0.655), stroke(0.655, 0.345, 0.345, 0.655)]
        case .info:
            return [stroke(0.5, 0.3, 0.5, 0.3, weight: 1.35), stroke(0.5, 0.45, 0.5, 0.72)]
        }
    }

    /// The circle around the cross and the i, touching the square's sides (its centre line's
    /// radius); nil for the check mark.
    public var circle: (center: Point, radius: Double, halfWidth: Double)? {
        guard kind != .success else { return nil }
        return (box.center, Double(box.width) / 2 - strokeHalfWidth, strokeHalfWidth)
    }
}

extension Frame.ProgressGauge {
    /// The ring's centre, the radius of its centre line and its half width, in pixels: a ring
    /// `ringPixels` across, at the top of the box and centred in its width.
    public var ring: (center: Point, radius: Double, halfWidth: Double) {
        let outer = Double(ringPixels) / 2
        let halfWidth = outer * 0.09
        return (Point(x: Double(box.x) + Double(box.width) / 2, y: Double(box.y) + outer), outer - halfWidth - 1, halfWidth)
    }

    /// The space between the ring or bar and the percentage's line under it.
    public static let percentGapPixels = 2

    /// The bar's track: the top of the box, the box's width, `barThicknessPixels` thick.
    public var barTrack: PixelRect {
        PixelRect(x: box.x, y: box.y, width: box.width, height: min(box.height, barThicknessPixels))
    }

    /// The top of the percentage's line, under the ring or the bar.
    public var percentTop: Int {
        (style == .ring ? box.y + ringPixels : barTrack.maxY) + Self.percentGapPixels
    }
}
