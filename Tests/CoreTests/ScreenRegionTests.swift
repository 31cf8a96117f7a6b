import Testing
@testable import KioskCore

@Suite struct ScreenRegionTests {
    let canvas = Size(width: 100, height: 80)

    @Test func everythingIsTheWholeCanvasAndNothingIsEmpty() {
        #expect(ScreenRegion.everything.rectangles(canvas: canvas) == [PixelRect(x: 0, y: 0, width: 100, height: 80)])
        #expect(ScreenRegion.nothing.rectangles(canvas: canvas).isEmpty)
    }

    @Test func boundsAreTheRectangleHoldingTheRegionOnTheCanvas() {
        #expect(ScreenRegion.everything.bounds(canvas: canvas) == PixelRect(x: 0, y: 0, width: 100, height: 80))
        #expect(ScreenRegion.nothing.bounds(canvas: canvas).isEmpty)
        let rounded = ScreenRegion.roundedRect(PixelRect(x: 10, y: 20, width: 30, height: 40), cornerRadiusPixels: 8)
        #expect(rounded.bounds(canvas: canvas) == PixelRect(x: 10, y: 20, width: 30, height: 40))
        #expect(rounded.bounds(canvas: canvas) == rounded.rectangles(canvas: canvas).reduce(PixelRect(x: 0, y: 0, width: 0, height: 0)) { $0.union($1) })
        let past = ScreenRegion.roundedRect(PixelRect(x: 90, y: 70, width: 30, height: 40), cornerRadiusPixels: 8)
        #expect(past.bounds(canvas: canvas) == PixelRect(x: 90, y: 70, width: 10, height: 10), "cut to the canvas")
    }

    @Test func roundedRectangleIsCoveredExactlyRowByRow() {
        let rect = PixelRect(x: 10, y: 10, width: 60, height: 40)
        let rectangles = ScreenRegion.roundedRect(rect, cornerRadiusPixels: 10).rectangles(canvas: canvas)
        // Rows are covered once each, top to bottom, and the middle is one full-width band.
        #expect(rectangles.reduce(0) { $0 + $1.height } == 40)
        #expect(rectangles.contains { $0.x == 10 && $0.width == 60 && $0.y <= 20 && $0.maxY >= 40 })
        // Every pixel the anti-aliased edge touches is inside; the very corner is not.
        for y in rect.y..<rect.maxY {
            for x in rect.x..<rect.maxX {
                let touched = Coverage.roundedRect(x: Double(x) + 0.5, y: Double(y) + 0.5, rect: rect, cornerRadius: 10) > 0
                let inside = rectangles.contains { $0.contains(px: x, py: y) }
                #expect(touched == inside, "pixel \(x),\(y)")
            }
        }
        #expect(!rectangles.contains { $0.contains(px: 10, py: 10) })
    }
}
