extension Frame.OutcomeMark {
    /// The mark as capsules (start, end, both in pixels on the screen) and their half width: a
    /// check mark, a cross, or an "i" (a dot over a stem), filling the middle of the box.
    public var strokes: (segments: [(start: Point, end: Point)], halfWidth: Double) {
        let side = Double(box.width)
        func point(_ x: Double, _ y: Double) -> Point { Point(x: Double(box.x) + x * side, y: Double(box.y) + y * side) }
        let halfWidth = side * 0.05
        switch kind {
        case .success:
            return ([(point(0.24, 0.52), point(0.42, 0.70)), (point(0.42, 0.70), point(0.77, 0.32))], halfWidth)
        case .failure:
            return ([(point(0.28, 0.28), point(0.72, 0.72)), (point(0.72, 0.28), point(0.28, 0.72))], halfWidth)
        case .info:
            return ([(point(0.5, 0.26), point(0.5, 0.26)), (point(0.5, 0.44), point(0.5, 0.76))], halfWidth * 1.1)
        }
    }
}

extension Frame.ProgressGauge {
    /// The ring's centre line radius and half width, in pixels.
    public var ring: (center: Point, radius: Double, halfWidth: Double) {
        let outer = Double(box.width) / 2
        let halfWidth = outer * 0.09
        return (box.center, outer - halfWidth - 1, halfWidth)
    }

    /// The space between the percentage's line and the bar under it.
    public static let percentGapPixels = 2

    /// The bar's track: the bottom of the box, the box's width, `barThicknessPixels` thick.
    public var barTrack: PixelRect {
        let height = min(box.height, barThicknessPixels)
        return PixelRect(x: box.x, y: box.maxY - height, width: box.width, height: height)
    }
}
