import Testing
import KioskCore

/// The one rule from what a display reports and the options to the layout's scale and the type's
/// density, as every backend and `--snapshot` apply it.
@Suite struct DisplayProfileTests {
    private static let fullHD = Size(width: 1920, height: 1080)

    @Test(arguments: [
        // What the display reports, --scale, --dpi: the layout's scale, the type's density.
        (DisplayProfile(pixels: fullHD), nil as Int?, nil as Double?, 1, 96.0),
        // Placeholder millimetres (EDID's 16:9 as 160 x 90 mm) are no report.
        (DisplayProfile(pixels: fullHD, reportedMillimetres: Size(width: 160, height: 90)), nil, nil, 1, 96),
        (DisplayProfile(pixels: fullHD, reportedMillimetres: Size(width: 508, height: 286)), nil, nil, 1, 96),
        // A 7" 800x480 panel: 154 x 86 mm is 132 dpi.
        (DisplayProfile(pixels: Size(width: 800, height: 480), reportedMillimetres: Size(width: 154, height: 93)), nil, nil, 1, 131.5),
        // 200 dpi: twice the design density or near it, so pixel options double; type stays real size.
        (DisplayProfile(pixels: fullHD, reportedMillimetres: Size(width: 244, height: 137)), nil, nil, 2, 200.05),
        // A Wayland output of scale 2 reporting nothing: its buffers are twice as dense.
        (DisplayProfile(pixels: Size(width: 3840, height: 2160), platformScale: 2), nil, nil, 2, 192),
        // --scale N multiplies everything, the type relative to the platform's own scale.
        (DisplayProfile(pixels: fullHD), 2, nil, 2, 192),
        (DisplayProfile(pixels: Size(width: 3840, height: 2160), platformScale: 2), 3, nil, 3, 288),
        // --dpi wins over the report, and decides the automatic scale.
        (DisplayProfile(pixels: fullHD, reportedMillimetres: Size(width: 508, height: 286)), nil, 200, 2, 200),
        (DisplayProfile(pixels: fullHD), nil, 133, 1, 133),
        (DisplayProfile(pixels: fullHD), 1, 200, 1, 200),
    ] as [(DisplayProfile, Int?, Double?, Int, Double)])
    func theLayoutFollowsTheReportAndTheOptions(profile: DisplayProfile, scale: Int?, dotsPerInch: Double?,
                                                expectedScale: Int, expectedDensity: Double) {
        let layout = profile.layout(scale: scale, dotsPerInch: dotsPerInch)
        #expect(layout.scale == expectedScale)
        #expect(abs(layout.typeDotsPerInch - expectedDensity) < 0.1, "\(layout.typeDotsPerInch)")
    }

    @Test func aSnapshotAtADensityLaysOutWhatAPanelReportingItDoes() {
        let panel = DisplayProfile(pixels: Self.fullHD, reportedMillimetres: Size(width: 244, height: 137))
        let snapshot = DisplayProfile(pixels: Self.fullHD)
        let density = panel.dotsPerInch(asked: nil)
        #expect(snapshot.layout(scale: nil, dotsPerInch: density) == panel.layout(scale: nil, dotsPerInch: nil))
    }
}
