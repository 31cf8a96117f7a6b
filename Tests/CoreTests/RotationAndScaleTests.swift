import Testing
@testable import KioskCore

@Suite struct RotationAndScaleTests {
    @Test func turnedPanelsAreLaidOutForTheTurnedScreen() {
        let display = Size(width: 800, height: 480)
        #expect(Rotation.quarter.logicalSize(ofDisplay: display) == Size(width: 480, height: 800))
        #expect(Rotation.threeQuarters.logicalSize(ofDisplay: display) == Size(width: 480, height: 800))
        #expect(Rotation.half.logicalSize(ofDisplay: display) == display)
    }

    @Test(arguments: Rotation.allCases)
    func everyPixelLandsOnItsOwnDisplayPixel(rotation: Rotation) {
        let logical = rotation.logicalSize(ofDisplay: Size(width: 5, height: 3))
        var seen = Set<Int>()
        for y in 0..<logical.height {
            for x in 0..<logical.width {
                let point = rotation.displayPoint(x: x, y: y, logical: logical)
                let display = Size(width: 5, height: 3)
                #expect(point.x >= 0 && point.x < display.width && point.y >= 0 && point.y < display.height)
                seen.insert(point.y * display.width + point.x)
            }
        }
        #expect(seen.count == 15)
    }

    @Test func aQuarterTurnIsClockwise() {
        let logical = Size(width: 480, height: 800)
        #expect(Rotation.quarter.displayPoint(x: 0, y: 0, logical: logical) == (799, 0))  // top-left to top-right
        #expect(Rotation.threeQuarters.displayPoint(x: 0, y: 0, logical: logical) == (0, 479))
        #expect(Rotation.quarter.displayRect(PixelRect(x: 10, y: 20, width: 30, height: 40), logical: logical)
                == PixelRect(x: 740, y: 10, width: 40, height: 30))
    }

    @Test func automaticScaleDoublesFromAboutOnePointSixTimesTheDesignDPI() {
        #expect(DisplayScale.automatic(dpi: nil) == 1)
        #expect(DisplayScale.automatic(dpi: 96) == 1)
        #expect(DisplayScale.automatic(dpi: 135) == 1)
        #expect(DisplayScale.automatic(dpi: 191) == 1)
        #expect(DisplayScale.automatic(dpi: 192) == 2)
        #expect(DisplayScale.automatic(dpi: 280) == 2)
        #expect(DisplayScale.automatic(dpi: .nan) == 1)
    }

    @Test func scaleMultipliesEveryPixelOptionAndKeepsTheProportions() {
        var appearance = Appearance()
        appearance.wheelPixels = 100
        appearance.fontPixels = 30
        let screen = Size(width: 3840, height: 2160)
        let one = HUDMetrics(screen: screen, appearance: appearance, legibility: Legibility(), scale: 1)
        let two = HUDMetrics(screen: screen, appearance: appearance, legibility: Legibility(), scale: 2)
        #expect(two.wheelPixels == 2 * one.wheelPixels)
        #expect(two.messageFontPixels == 2 * one.messageFontPixels)
        #expect(two.paddingPixels == 2 * one.paddingPixels)
        #expect(two.cornerRadiusPixels == 2 * one.cornerRadiusPixels)
    }
}
