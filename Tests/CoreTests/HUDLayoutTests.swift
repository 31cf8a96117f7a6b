import Testing
@testable import KioskCore
import KioskTestSupport

/// The HUD sized from its content and its type from the panel's density: the rules of
/// `Legibility`, `HUDMetrics` and `HUDLayout`, checked through the frames `FrameComposer` makes.
@Suite struct HUDLayoutTests {
    /// The panels kiosks ship with, at their real densities.
    static let panels: [(Size, Double)] = [
        (Size(width: 800, height: 480), 133), (Size(width: 1024, height: 600), 170),
        (Size(width: 1280, height: 800), 149), (Size(width: 1920, height: 1080), 141),
    ]

    private func panel(_ screen: Size = Size(width: 800, height: 480), dpi: Double = 133, message: String = "Please wait...",
                       detail: String = "", progress: Double? = nil, _ change: (inout Appearance) -> Void = { _ in })
        -> Frame.Panel {
        frame(screen, dpi: dpi, message: message, detail: detail, progress: progress, change).panel!
    }

    private func frame(_ screen: Size = Size(width: 800, height: 480), dpi: Double = 133, message: String = "Please wait...",
                       detail: String = "", progress: Double? = nil, _ change: (inout Appearance) -> Void = { _ in })
        -> Frame {
        var appearance = Appearance()
        change(&appearance)
        var state = HUDState(isVisible: true, message: message)
        state.detail = detail
        state.progress = progress
        let session = HostSession(appearance: appearance, timing: Timing(), clock: FixedStepClock(), state: state)
        var composer = FrameComposer(screen: screen, dotsPerInch: dpi)
        return composer.frame(of: session, atTick: 0, measurer: FakeMeasurer())
    }

    @Test func capitalsAreTwentyArcminutesTallAtSixtyCentimetres() {
        // 2 x 600 mm x tan(10') = 3.49 mm; at 133 dpi that is 18.3 px of capital, 25.1 px of font.
        let legibility = Legibility(dotsPerInch: 133)
        #expect(Double(legibility.messageFontPixels) * Legibility.capitalHeightPerEm >= 3.49 / 25.4 * 133)
        #expect(legibility.messageFontPixels == 26)
        #expect(Legibility(dotsPerInch: 96).messageFontPixels == 19)
        #expect(Legibility(dotsPerInch: 133, viewingDistanceCentimetres: 120).messageFontPixels == 51)
        #expect(legibility.smallestFontPixels == 21)  // 16 arcminutes
    }

    @Test func densityComesFromTheReportedSizeOnlyWhenItIsPlausible() {
        let panel = Size(width: 800, height: 480)
        #expect(DisplayDensity.dotsPerInch(pixels: panel, millimetres: (154, 92))!.rounded() == 132)
        #expect(DisplayDensity.dotsPerInch(pixels: panel, millimetres: (0, 0)) == nil)
        #expect(DisplayDensity.dotsPerInch(pixels: Size(width: 1920, height: 1080), millimetres: (160, 90)) == nil)
        #expect(DisplayDensity.dotsPerInch(pixels: Size(width: 1920, height: 1080), millimetres: (16, 9)) == nil)
        #expect(DisplayDensity.dotsPerInch(pixels: panel, millimetres: (2000, 1200)) == nil)  // 10 dpi
        #expect(DisplayDensity.dotsPerInch(pixels: panel, millimetres: (20, 12)) == nil)  // 1016 dpi
        #expect(DisplayDensity.dotsPerInch(pixels: panel, millimetres: (154, 300)) == nil)  // across and down disagree
    }

    @Test(arguments: HUDLayoutTests.panels)
    func paddingIsEqualOnEverySideAndTheGapIsNoLargerThanIt(screen: Size, dpi: Double) {
        let panel = panel(screen, dpi: dpi, message: "Receiving ECG data from the monitor")
        let frame = frame(screen, dpi: dpi, message: "Receiving ECG data from the monitor")
        let wheel = frame.indicator!.box, text = panel.labels[0]
        let top = wheel.y - panel.hud.y
        let textBottom = text.lineTop(text.text.lines.count - 1) + text.text.lineHeightPixels
        let widest = text.text.lines.map { FakeMeasurer().width(of: $0, fontPixels: text.text.fontPixels) }.max()!
        let left = (panel.hud.width - widest) / 2
        #expect(panel.hud.maxY - textBottom == top - Int((0.2 * Double(text.text.fontPixels)).rounded()))  // less the descenders' room
        #expect(abs(left - top) <= 1)
        #expect(text.lineTop(0) - wheel.maxY <= top)
        #expect(abs(panel.hud.center.x - Double(screen.width) / 2) <= 1 && abs(panel.hud.center.y - Double(screen.height) / 2) <= 1)
    }

    @Test func wheelIsInProportionToTheType() {
        let frame = frame()
        #expect(frame.indicator!.box.width == Int((2.5 * Double(frame.panel!.labels[0].text.fontPixels)).rounded()))
    }

    @Test(arguments: [ProgressStyle.ring, .bar])
    func noEmptyBandInAnyMode(style: ProgressStyle) {
        for variant in 0..<4 {
            let frame = frame(detail: variant == 1 ? "Step 2 of 3" : "", progress: variant >= 2 ? 40 : nil) { look in
                look.progressStyle = style
                look.showsPercent = variant == 3
                if variant == 0 { look.wheelStyle = .medium }
            }
            let panel = frame.panel!, box = frame.indicator!.box
            let padding = box.y - panel.hud.y
            let labels = panel.labels
            let last = labels.last!
            let textBottom = last.lineTop(last.text.lines.count - 1) + last.text.lineHeightPixels
            #expect(panel.hud.maxY - textBottom == padding - Int((0.2 * Double(labels[0].text.fontPixels)).rounded()),
                    "variant \(variant)")
            #expect(labels[0].lineTop(0) - box.maxY <= padding, "variant \(variant)")
        }
    }

    @Test func barSpansTheTextAndSitsDirectlyAboveIt() {
        let frame = frame(message: "Updating firmware", progress: 40) { $0.progressStyle = .bar }
        guard case .progress(let gauge) = frame.indicator else { Issue.record("no gauge"); return }
        let label = frame.panel!.labels[0]
        let textWidth = FakeMeasurer().width(of: "Updating firmware", fontPixels: label.text.fontPixels)
        #expect(gauge.box.width >= textWidth)
        #expect(gauge.barTrack == PixelRect(x: gauge.box.x, y: gauge.box.y, width: gauge.box.width, height: gauge.box.height))
        #expect(label.lineTop(0) - gauge.box.maxY < gauge.box.y - frame.panel!.hud.y)
    }

    /// The percentage is written under the ring or the bar at the details line's size, in a line
    /// of its own inside the gauge's box, which is as wide as "100%" (issue 18: 2.1 mm inside the
    /// ring, where "100%" touched it); beside the text, where the ring is smallest, too.
    @Test(arguments: [(ProgressStyle.ring, LayoutKind.vertical), (.bar, .vertical), (.ring, .horizontal), (.bar, .horizontal)])
    func thePercentageIsUnderTheGaugeAtTheDetailsSize(style: ProgressStyle, layout: LayoutKind) {
        let frame = frame(message: "Updating firmware", detail: "Step 2 of 3", progress: 100) { look in
            look.progressStyle = style
            look.showsPercent = true
            look.layout = layout
        }
        guard case .progress(let gauge) = frame.indicator else { Issue.record("no gauge"); return }
        let detail = frame.panel!.labels[1]
        #expect(gauge.percentText == "100%")
        #expect(gauge.percentFontPixels == detail.text.fontPixels)
        let gaugeBottom = style == .ring ? gauge.box.y + gauge.ringPixels : gauge.barTrack.maxY
        #expect(gauge.percentTop > gaugeBottom)
        let measurer = FakeMeasurer()
        #expect(gauge.percentTop + measurer.lineHeight(of: "100%", fontPixels: gauge.percentFontPixels) == gauge.box.maxY)
        #expect(measurer.width(of: "100%", fontPixels: gauge.percentFontPixels) <= gauge.box.width)
        if style == .ring {
            #expect(gauge.ring.center.x == Double(gauge.box.x) + Double(gauge.box.width) / 2)
            #expect(gauge.ringPixels <= gauge.box.width)
        }
        if layout == .vertical { #expect(frame.panel!.labels[0].lineTop(0) >= gauge.box.maxY) }
    }

    @Test func horizontalLayoutPadsLeftAndRightAlike() {
        let frame = frame(message: "Printing ticket") { $0.layout = .horizontal }
        let panel = frame.panel!, wheel = frame.indicator!.box, label = panel.labels[0]
        let textWidth = FakeMeasurer().width(of: "Printing ticket", fontPixels: label.text.fontPixels)
        let left = wheel.x - panel.hud.x
        let right = panel.hud.maxX - (label.area.x + textWidth)
        #expect(abs(left - right) <= 1)
        #expect(wheel.y - panel.hud.y == panel.hud.maxY - wheel.maxY)
    }

    /// Right-to-left text mirrors the horizontal layout: the wheel comes first in reading
    /// order, on the right, with the same padding (issue 18: Arabic kept the wheel on the left).
    @Test(arguments: ["يرجى الانتظار", "אנא המתן", "ECG: يرجى الانتظار"])
    func rightToLeftTextPutsTheWheelOnTheRight(message: String) {
        let frame = frame(message: message) { $0.layout = .horizontal }
        let panel = frame.panel!, wheel = frame.indicator!.box, label = panel.labels[0]
        let rightToLeft = BidiLine.isRightToLeft(message)
        #expect(rightToLeft == !message.hasPrefix("ECG"))
        #expect((wheel.x > label.area.maxX) == rightToLeft)
        let outer = rightToLeft ? panel.hud.maxX - wheel.maxX : wheel.x - panel.hud.x
        let textWidth = FakeMeasurer().width(of: message, fontPixels: label.text.fontPixels)
        let inner = rightToLeft ? label.area.x - panel.hud.x : panel.hud.maxX - (label.area.x + textWidth)
        #expect(abs(outer - inner) <= 1)
    }

    @Test(arguments: HUDLayoutTests.panels)
    func widthIsCappedAtSixtyPercentOrThirtyFourEms(screen: Size, dpi: Double) {
        let long = String(repeating: "Please keep the device switched on. ", count: 6)
        let panel = panel(screen, dpi: dpi, message: long)
        let em = Double(Legibility(dotsPerInch: dpi).messageFontPixels)
        #expect(Double(panel.hud.width) <= min(0.6 * Double(screen.width), 34 * em) + 1)
    }

    @Test func shortMessageMakesASquare() {
        let panel = panel(message: "OK")
        #expect(panel.hud.width == panel.hud.height)
    }

    @Test(arguments: [48, 120, 400])
    func sizeIsTheWheelsDiameterAndLeavesTheTypeLegible(size: Int) {
        let frame = frame(Size(width: 3840, height: 2160)) { $0.wheelPixels = size }
        #expect(frame.indicator!.box.width == size)
        #expect(frame.panel!.labels[0].text.fontPixels == Legibility(dotsPerInch: 133).messageFontPixels)
        #expect(frame.indicator!.box.y - frame.panel!.hud.y == frame.panel!.labels[0].text.fontPixels)  // 1 em of padding
    }

    @Test func aLayoutTooLargeForTheScreenShrinksAndSaysSo() {
        var appearance = Appearance()
        appearance.wheelPixels = 2000
        let metrics = HUDMetrics(screen: Size(width: 800, height: 480), appearance: appearance, legibility: Legibility(dotsPerInch: 133))
        #expect(metrics.wheelPixels == 240)  // half the screen's shorter side
        #expect(metrics.messageFontPixels == Legibility(dotsPerInch: 133).messageFontPixels)  // the wheel gives way, not the type
        #expect(metrics.adaptation?.contains("does not fit the 800x480 screen") == true)
        var huge = Appearance()
        huge.fontPixels = 400
        let tiny = HUDMetrics(screen: Size(width: 320, height: 240), appearance: huge, legibility: Legibility())
        #expect(tiny.messageFontPixels < 400 && tiny.adaptation?.contains("everything is drawn at") == true)
        #expect(HUDMetrics(screen: Size(width: 800, height: 480), appearance: Appearance(),
                           legibility: Legibility(dotsPerInch: 133)).adaptation == nil)
    }

    @Test func aScreenTooSmallEvenForTheTypeShrinksTheWheelFirst() {
        var appearance = Appearance()
        appearance.fontPixels = 100
        appearance.wheelPixels = 2000
        let metrics = HUDMetrics(screen: Size(width: 320, height: 240), appearance: appearance, legibility: Legibility())
        #expect(metrics.wheelPixels <= metrics.messageFontPixels)  // the wheel gave way down to one em first
        #expect(metrics.messageFontPixels >= 30)
    }

    @Test func aHorizontalHUDOnAPortraitScreenKeepsAColumnOfEightEms() {
        let frame = frame(Size(width: 480, height: 800), message: "Updating firmware, please wait", progress: 40) {
            $0.layout = .horizontal
            $0.progressStyle = .bar
            $0.fontPixels = 40
        }
        let label = frame.panel!.labels[0]
        #expect(!label.text.lines.contains { $0.hasSuffix("…") || $0.count < 4 }, "\(label.text.lines)")
        #expect(frame.panel!.hud.maxX <= 480 && frame.panel!.hud.x >= 0)
    }

    @Test(arguments: ["\n\n", " ", "\t \n"])
    func aMessageOfOnlySpacesLeavesNoBlankBand(message: String) {
        let blank = frame(message: message), none = frame(message: "")
        #expect(blank.panel!.hud == none.panel!.hud)
        #expect(blank.panel!.labels.isEmpty)
    }

    /// Only what does not fit even at the smallest legible size in 80 % of the screen is cut,
    /// and the composer says so (the loop writes it to stderr once per change).
    @Test func aMessageThatCannotShowWholeIsCutAndSaysSo() {
        var composer = FrameComposer(screen: Size(width: 800, height: 480), dotsPerInch: 133)
        let session = HostSession(appearance: Appearance(), clock: FixedStepClock(),
                                  state: HUDState(isVisible: true, message: String(repeating: "Please wait. ", count: 200)))
        let label = composer.frame(of: session, atTick: 0, measurer: FakeMeasurer()).panel!.labels[0]
        #expect(label.text.isTruncated && label.text.fontPixels == Legibility(dotsPerInch: 133).smallestFontPixels)
        #expect(composer.adaptation == "the message does not fit the 800x480 screen whole even at "
            + "\(label.text.fontPixels) px: its end is cut")
        let short = HostSession(appearance: Appearance(), clock: FixedStepClock(), state: HUDState(isVisible: true, message: "OK"))
        _ = composer.frame(of: short, atTick: 0, measurer: FakeMeasurer())
        #expect(composer.adaptation == nil)
    }

    @Test func detailsOfAMessageShrunkToTheFloorStayAtTheFloor() {
        let long = String(repeating: "Please keep the device switched on while it updates. ", count: 12)
        let panel = panel(message: long, detail: "Step 2 of 3")
        let floor = Legibility(dotsPerInch: 133).smallestFontPixels
        #expect(panel.labels[0].text.fontPixels == floor)  // shrunk all the way
        #expect(panel.labels[1].text.fontPixels == floor)
    }

    @Test func fontSizeStillWinsAndDetailsAreFourFifthsOfTheMessage() {
        let panel = panel(detail: "Lead II") { $0.fontPixels = 40 }
        #expect(panel.labels[0].text.fontPixels == 40)
        #expect(panel.labels[1].text.fontPixels == 32)
    }
}
