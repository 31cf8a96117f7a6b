import Testing
@testable import KioskCore
import KioskTestSupport

/// Where a device maker's logo goes: as tall in millimetres on every panel, centred above the
/// HUD with the two centred together, smaller only where it does not fit, and said so once.
@Suite struct LogoPlacementTests {
    /// A 480x200 picture, opaque white.
    private let picture = LogoPicture(path: "logo.png", width: 480, height: 200,
                                      pixels: [UInt32](repeating: 0xFFFF_FFFF, count: 480 * 200))!
    private let hud = PixelRect(centeredAt: Point(x: 640, y: 400), width: 300, height: 180)

    /// A visible session on a 60-tick clock showing `message` and the logo, its look changed by
    /// `change`.
    private func logoSession(message: String = "Please wait...", _ change: (inout Appearance) -> Void = { _ in }) -> HostSession {
        var appearance = Appearance()
        appearance.logo = picture
        change(&appearance)
        return HostSession(appearance: appearance, clock: FixedStepClock(ticksPerSecond: 60),
                           state: HUDState(isVisible: true, message: message))
    }

    @Test func theLogoIsAsTallAsAskedAtTheDensityAndTheTwoAreCentredTogether() {
        // 20 mm at 127 dpi is 100 px; 480x200 keeps its proportions: 240x100.
        let placement = LogoPlacement(picture: picture.size, heightMillimetres: 20, dotsPerInch: 127, above: hud,
                                      screen: Size(width: 1280, height: 800), marginPixels: 20)
        #expect(placement.rect == PixelRect(x: 520, y: 250, width: 240, height: 100))
        #expect(!placement.shrunk)
        // Logo, margin, HUD: 100 + 20 + 180 = 300 rows, from 250 to 550 on an 800-row screen.
        #expect(hud.y + placement.hudDropPixels == 370)
    }

    @Test func aLogoTooTallForTheRoomLeftIsDrawnSmallerAndSaysSo() {
        let square = LogoPicture(path: "square.png", width: 200, height: 200, pixels: [UInt32](repeating: 0, count: 40_000))!
        // 120 mm at 127 dpi is 600 px; 800 rows less the HUD and three margins leave 560.
        let placement = LogoPlacement(picture: square.size, heightMillimetres: 120, dotsPerInch: 127, above: hud,
                                      screen: Size(width: 1280, height: 800), marginPixels: 20)
        #expect(placement.rect == PixelRect(x: 360, y: 20, width: 560, height: 560))
        #expect(placement.shrunk)
        #expect(hud.y + placement.hudDropPixels + hud.height == 780)
    }

    @Test func aLogoTooWideForTheScreenIsDrawnNarrower() {
        let wide = LogoPicture(path: "wide.png", width: 2000, height: 100, pixels: [UInt32](repeating: 0, count: 200_000))!
        let placement = LogoPlacement(picture: wide.size, heightMillimetres: 20, dotsPerInch: 127, above: hud,
                                      screen: Size(width: 1280, height: 800), marginPixels: 20)
        #expect(placement.rect == PixelRect(x: 20, y: placement.rect?.y ?? -1, width: 1240, height: 62))
        #expect(placement.shrunk)
    }

    @Test func noRoomAtAllDrawsNoLogoAndLeavesTheHUDWhereItWas() {
        let placement = LogoPlacement(picture: picture.size, heightMillimetres: 20, dotsPerInch: 127, above: hud,
                                      screen: Size(width: 320, height: 230), marginPixels: 20)
        #expect(placement.rect == nil && placement.hudDropPixels == 0 && placement.shrunk)
    }

    @Test func aPictureOfTheWrongSizeOrTooManyPixelsIsNoLogo() {
        #expect(LogoPicture(path: "a", width: 2, height: 2, pixels: [0, 0, 0]) == nil)
        #expect(LogoPicture(path: "a", width: 0, height: 0, pixels: []) == nil)
        #expect(LogoPicture(path: "a", width: 4097, height: 1024, pixels: []) == nil)
    }

    @Test func theFrameDrawsTheLogoAboveTheHUDWhereOnlyTheHUDTakesInput() throws {
        let session = logoSession { $0.backdropColor = nil }
        var composer = FrameComposer(screen: Size(width: 1280, height: 800), dotsPerInch: 127)
        let frame = composer.frame(of: session, atTick: 0, measurer: FakeMeasurer())
        let hud = try #require(frame.panel?.hud)
        let logo = try #require(frame.panel?.logo)
        #expect(logo.picture == picture && logo.rect.height == 100 && logo.rect.width == 240)
        #expect(logo.rect.x + logo.rect.width / 2 == hud.x + hud.width / 2)
        // The two are centred together, a padding apart.
        let gap = hud.y - logo.rect.maxY
        #expect(gap > 0)
        #expect(abs((logo.rect.y - 0) - (800 - hud.maxY)) <= 1)
        #expect(frame.input == .roundedRect(hud, cornerRadiusPixels: frame.panel?.cornerRadiusPixels ?? -1))
        guard case .adding(_, let added) = frame.visible else {
            Issue.record("the logo is not in the visible region: \(frame.visible)")
            return
        }
        #expect(added == logo.rect)
        #expect(composer.adaptation == nil)
    }

    @Test func aScreenTooSmallForTheLogoSaysSoOnce() throws {
        let session = logoSession { $0.logoHeightMillimetres = 100 }
        var composer = FrameComposer(screen: Size(width: 800, height: 480), dotsPerInch: 133)
        let frame = composer.frame(of: session, atTick: 0, measurer: FakeMeasurer())
        let logo = try #require(frame.panel?.logo)
        #expect(composer.adaptation == "the logo does not fit with the HUD on the 800x480 screen at 100 mm: "
            + "it is drawn \(logo.rect.height) px (\(HostSession.number(Double(logo.rect.height) * 25.4 / 133)) mm) tall")
    }

    @Test func theLogoCommandSetsAPictureOrNoneAndAFileNotReadChangesNothing() {
        var session = logoSession { $0.logo = nil }
        session.apply(.logo(.picture(picture)), atTick: 1)
        #expect(session.appearance.logo == picture)
        session.apply(.logo(.file("other.png")), atTick: 2)
        #expect(session.appearance.logo == picture)
        session.apply(.logo(.none), atTick: 3)
        #expect(session.appearance.logo == nil)
    }

    @Test func theLogoAloneIsCentredWithNothingElseDrawnAndTakesNoInputUnlessBlocking() {
        var session = logoSession {
            $0.showsHUD = false
            $0.backdropColor = nil
        }
        var composer = FrameComposer(screen: Size(width: 1280, height: 800), dotsPerInch: 127)
        let frame = composer.frame(of: session, atTick: 0, measurer: FakeMeasurer())
        #expect(frame.panel?.logo?.rect == PixelRect(x: 520, y: 350, width: 240, height: 100))
        #expect(frame.indicator == nil && frame.panel?.labels == [] && frame.panel?.shadow == nil && frame.panel?.edge == nil)
        #expect(frame.input == .nothing)
        #expect(frame.visible == .adding(.nothing, PixelRect(x: 520, y: 350, width: 240, height: 100)))
        session.apply(.block(true), atTick: 1)
        session.settle()
        #expect(composer.frame(of: session, atTick: 100, measurer: FakeMeasurer()).input == .everything)
    }

    @Test func logoOnlyNeedsALogo() throws {
        #expect(throws: OptionError.needsOther(option: "--logo-only", other: "--logo")) {
            try OptionParser.parse(["--logo-only"])
        }
        let options = try OptionParser.parse(["--logo-only", "--logo", "acme.png", "--logo-height", "35"])
        #expect(!options.appearance.showsHUD && options.logoPath == "acme.png" && options.appearance.logoHeightMillimetres == 35)
    }

    @Test func theLogoAloneSaysNothingOfAHUDItDoesNotDraw() {
        let long = String(repeating: "A message far too long for so small a screen. ", count: 40)
        let session = logoSession(message: long) { $0.showsHUD = false }
        var composer = FrameComposer(screen: Size(width: 320, height: 240), dotsPerInch: 96)
        _ = composer.frame(of: session, atTick: 0, measurer: FakeMeasurer())
        #expect(composer.adaptation == nil)
        let withHUD = logoSession(message: long)
        var other = FrameComposer(screen: Size(width: 320, height: 240), dotsPerInch: 96)
        _ = other.frame(of: withHUD, atTick: 0, measurer: FakeMeasurer())
        #expect(other.adaptation != nil, "the HUD's own text is cut there")
    }
}
