extension ScreenRegion {
    /// The rectangle of a `canvas` holding the region (empty for nothing).
    public func bounds(canvas: Size) -> PixelRect {
        let whole = PixelRect(x: 0, y: 0, width: canvas.width, height: canvas.height)
        switch self {
        case .nothing: return .empty
        case .roundedRect(let rect, _): return rect.intersection(whole)
        case .everything: return whole
        case .adding(let region, let rect): return region.bounds(canvas: canvas).union(rect.intersection(whole))
        }
    }

    /// The region as a list of rectangles on a `canvas`, for a window system's shape calls: each
    /// run of rows with the same horizontal extent becomes one rectangle. A rounded rectangle
    /// includes every pixel its anti-aliased edge touches.
    public func rectangles(canvas: Size) -> [PixelRect] {
        switch self {
        case .nothing:
            return []
        case .everything:
            return [PixelRect(x: 0, y: 0, width: canvas.width, height: canvas.height)]
        case .roundedRect(let rect, let radius):
            var result: [PixelRect] = []
            for row in rect.y..<rect.maxY {
                let inset = Self.cornerInset(row: row, rect: rect, radius: radius)
                let span = PixelRect(x: rect.x + inset, y: row, width: rect.width - 2 * inset, height: 1)
                if let last = result.last, last.x == span.x, last.width == span.width, last.maxY == row {
                    result[result.count - 1].height += 1
                } else {
                    result.append(span)
                }
            }
            return result
        case .adding(let region, let rect):
            let whole = PixelRect(x: 0, y: 0, width: canvas.width, height: canvas.height)
            let added = rect.intersection(whole)
            return region.rectangles(canvas: canvas) + (added.isEmpty ? [] : [added])
        }
    }

    /// How many pixels at each end of row `row` a rounded rectangle leaves uncovered: the
    /// columns before the first one its drawn edge touches.
    private static func cornerInset(row: Int, rect: PixelRect, radius: Int) -> Int {
        let y = Double(row) + 0.5
        for inset in 0..<max(0, radius) {
            let x = Double(rect.x + inset) + 0.5
            if Coverage.roundedRect(x: x, y: y, rect: rect, cornerRadius: Double(radius)) > 0 { return inset }
        }
        return 0
    }
}
