import Testing
@testable import KioskCore
@testable import KioskHUD

@Suite struct HUDLayoutTests {
    private func layout(_ width: Int, _ height: Int, size: Int? = nil, _ change: (inout Appearance) -> Void = { _ in },
                        hasMessage: Bool = true) -> HUDLayout {
        var appearance = Appearance()
        appearance.hudSizePixels = size
        change(&appearance)
        return HUDLayout(screen: Size(width: width, height: height), appearance: appearance,
                         content: .init(hasMessage: hasMessage))
    }

    @Test func automaticSizeIsTwentyTwoPercentOfTheShorterSide() {
        #expect(layout(1920, 1080).hud == PixelRect(x: 841, y: 421, width: 238, height: 238))
        #expect(layout(800, 480).hud.width == 120)  // 22 % would be 106: the automatic minimum wins
    }

    @Test(arguments: [(320, 240, 96), (800, 480, 200), (1920, 1080, 238), (3840, 2160, 800)])
    func hudIsCentredAndInsideTheScreen(width: Int, height: Int, size: Int) {
        let hud = layout(width, height, size: size).hud
        #expect(hud.x >= 0 && hud.y >= 0 && hud.maxX <= width && hud.maxY <= height)
        #expect(abs((hud.x + hud.maxX) - width) <= 1)
        #expect(abs((hud.y + hud.maxY) - height) <= 1)
    }

    @Test(arguments: [(320, 240, 96), (3840, 2160, 800)])
    func wheelSitsAboveTheMessageInsideTheHUD(width: Int, height: Int, size: Int) {
        let grid = layout(width, height, size: size)
        let unit = Double(size) / 12
        #expect(grid.hud.intersection(grid.wheelBox) == grid.wheelBox)
        #expect(grid.hud.intersection(grid.textArea) == grid.textArea)
        #expect(grid.wheelBox.maxY <= grid.textArea.y)
        #expect(abs(Double(grid.wheelBox.width) - 5.5 * unit) <= 1)
        #expect(abs(grid.wheelBox.center.x - grid.hud.center.x) <= 0.5)
    }

    @Test func wheelSpansFromFortyEightToFourHundredPixels() {
        #expect(layout(320, 240, size: 105).wheelBox.width == 48)
        #expect(layout(3840, 2160, size: 873).wheelBox.width == 400)
    }

    @Test func wheelIsCentredWhenThereIsNoMessage() {
        let grid = layout(800, 480, size: 200, hasMessage: false)
        #expect(grid.wheelBox.center == grid.hud.center)
        #expect(grid.textArea.isEmpty)
    }

    @Test func mediumStyleIsSixtyPercentOfLarge() {
        let large = layout(800, 480, size: 200).wheelBox.width
        let medium = layout(800, 480, size: 200) { $0.wheelStyle = .medium }.wheelBox.width
        #expect(abs(Double(medium) - Double(large) * 0.6) <= 1)
    }

    @Test func horizontalLayoutPutsTheWheelLeftOfTheMessageInAWideShortHUD() {
        let grid = layout(1920, 1080, size: 238) { $0.layout = .horizontal }
        #expect(grid.hud.width > 2 * grid.hud.height)
        #expect(grid.wheelBox.maxX <= grid.textArea.x)
        #expect(abs(grid.wheelBox.center.y - grid.hud.center.y) <= 0.5)
        #expect(grid.hud.intersection(grid.textArea) == grid.textArea)
    }

    @Test func horizontalHUDNeverExceedsNinetyPercentOfTheScreen() {
        let grid = layout(320, 240, size: 240) { $0.layout = .horizontal }
        #expect(grid.hud.width <= 288)
    }

    @Test func detailsLineAddsRoomUnderTheMessage() {
        let screen = Size(width: 800, height: 480)
        let plain = HUDLayout(screen: screen, appearance: Appearance(), content: .init(hasMessage: true))
        let detailed = HUDLayout(screen: screen, appearance: Appearance(), content: .init(hasMessage: true, hasDetail: true))
        #expect(detailed.hud.width == plain.hud.width && detailed.hud.height == plain.hud.height + 25)
        #expect(detailed.detailArea.y == detailed.textArea.maxY)
        #expect(detailed.hud.intersection(detailed.detailArea) == detailed.detailArea)
        #expect(plain.detailArea.isEmpty)
    }

    @Test func widenedHUDStaysCentredAndStopsAtNinetyPercentOfTheScreen() {
        let screen = Size(width: 800, height: 480)
        let wide = HUDLayout(screen: screen, appearance: Appearance(), content: .init(hasMessage: true), width: 500)
        #expect(wide.hud.width == 500 && abs(wide.hud.center.x - 400) <= 0.5)
        #expect(wide.textArea.width == 500 - 2 * 8)  // margins of 0.75 units
        let widest = HUDLayout(screen: screen, appearance: Appearance(), content: .init(hasMessage: true), width: 5000)
        #expect(widest.hud.width == 720)
    }

    @Test func cornerRadiusDefaultsToATenthAndIsCapped() {
        #expect(layout(800, 480, size: 200).cornerRadiusPixels == 20)
        #expect(layout(800, 480, size: 200) { $0.cornerRadiusPixels = 500 }.cornerRadiusPixels == 100)
    }

    @Test func requestedSizeIsLimitedToTheScreen() {
        #expect(layout(320, 240, size: 1000).hud.height == 240)
    }
}
