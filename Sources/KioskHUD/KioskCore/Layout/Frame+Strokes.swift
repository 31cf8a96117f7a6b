extension Frame.OutcomeMark {
    /// One stroke of a mark: a capsule from `start` to `end` (a dot where they meet), in pixels
    /// on the screen.
    public struct Stroke: Sendable, Equatable {
        public var start: Point
        public var end: Point
        public var halfWidth: Double

        /// How long it is from end to end (0 for a dot).
        var length: Double {
            ((end.x - start.x) * (end.x - start.x) + (end.y - start.y) * (end.y - start.y)).squareRoot()
        }

        /// The stroke drawn `fraction` of the way from its start.
        func cut(to fraction: Double) -> Stroke {
            Stroke(start: start, end: Point(x: start.x + (end.x - start.x) * fraction, y: start.y + (end.y - start.y) * fraction),
                   halfWidth: halfWidth)
        }
    }

    /// Half the width of a mark's strokes: a spoke's, so the mark weighs what the wheel did.
    public var strokeHalfWidth: Double { Double(box.width) / 2 * SpokeWheel.halfWidthFraction }

    /// The strokes drawn so far (`drawn`): each in order, the one being drawn cut short, a
    /// dot whole once reached. With a circle, the strokes take the second half of the drawing.
    public var strokes: [Stroke] {
        let share = circle == nil ? drawn : (drawn - Self.circleShare) / (1 - Self.circleShare)
        guard share < 1 else { return wholeStrokes }
        let lengths = wholeStrokes.map { max($0.length, 2 * $0.halfWidth) }
        var reach = max(0, share) * lengths.reduce(0, +)
        var shown: [Stroke] = []
        for (stroke, length) in zip(wholeStrokes, lengths) where reach > 0 {
            shown.append(reach >= length || stroke.length == 0 ? stroke : stroke.cut(to: reach / length))
            reach -= length
        }
        return shown
    }

    /// How much of the circle is drawn (0...1): it takes the first half of the drawing.
    public var circleDrawn: Double {
        min(1, max(0, drawn / Self.circleShare))
    }

    /// The share of a mark's drawing its circle takes.
    static let circleShare = 0.5

    /// The mark as the wheel it stands in for is drawn: across the wheel's whole square, with
    /// strokes of a spoke's weight. A check mark alone; a cross and an "i" (a dot over a stem)
    /// each inside `circle`.
    public var wholeStrokes: [Stroke] {
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
