import Testing
@testable import KioskCore
import KioskTestSupport

/// Both themes read well: the wheel and the text at least 4.5:1 against the translucent HUD
/// (WCAG AA for text) whether a black or a white screen is beneath it; the outcome marks at least
/// 3:1 (WCAG's figure for graphics), also over either screen: a dark HUD can sit over a white
/// application (iOS's system blue #0A84FF had 2.9:1 there, its red #FF453A 3.1:1).
@Suite struct ThemeContrastTests {
    @Test(arguments: Theme.allCases)
    func wheelTextAndMarksStandOutFromTheHUD(theme: Theme) {
        let palette = theme.palette
        #expect(ContrastAdvice.worstRatio(of: palette.wheel, on: palette.hud) >= 4.5)
        #expect(ContrastAdvice.worstRatio(of: palette.text, on: palette.hud) >= 4.5)
        for outcome in Outcome.allCases {
            #expect(ContrastAdvice.worstRatio(of: palette[.mark(outcome)], on: palette.hud) >= 3, "\(theme) \(outcome)")
        }
    }

    /// The HUD's rim (its hairline over its fill) stands at least 1.5:1 from a black and from a
    /// white application beneath it (without it the dark HUD was 1.13:1 over black, the light
    /// one 1.24:1 over white); the fill itself is 95 % opaque.
    @Test(arguments: Theme.allCases)
    func theHUDsRimStandsOutFromABlackAndAWhiteApplication(theme: Theme) {
        let palette = theme.palette
        #expect(palette.hud.alpha == 0xF2)
        for beneath in [Color.black, .white] {
            let rim = palette.edge.over(palette.hud.over(beneath))
            #expect(rim.contrastRatio(with: beneath) >= 1.5, "\(theme) over \(beneath): \(rim.contrastRatio(with: beneath))")
        }
    }

    @Test func marksAreIOSsColoursInTheDarkThemeTheAccessibleOnesForRedAndBlue() {
        let palette = Theme.dark.palette
        #expect(palette.success == Color(parsing: "#30D158"))
        #expect(palette.failure == Color(parsing: "#FF6961"))
        #expect(palette.info == Color(parsing: "#409CFF"))
    }

    @Test func contrastRatioIsWCAGs() {
        #expect(abs(Color.white.contrastRatio(with: .black) - 21) < 1e-9)
        #expect(abs(Color.gray.contrastRatio(with: Color(parsing: "#E5E5EA")!) - 2.27) < 0.05)  // gray spokes on the light HUD
    }

    @Test func aColourChosenBeforeOrAfterTheThemeWinsOverIt() {
        var appearance = Appearance()
        appearance.wheelColor = .gray
        appearance.theme = .light
        #expect(appearance.wheelColor == .gray)
        #expect(appearance.hudColor == Theme.light.palette.hud)
        #expect(appearance[.mark(.success)] == Theme.light.palette.success)
    }
}

@Suite struct ContrastAdviceTests {
    @Test func theThemesNeedNoAdvice() {
        for theme in Theme.allCases {
            var appearance = Appearance()
            appearance.theme = theme
            #expect(ContrastAdvice.warnings(for: appearance).isEmpty)
        }
    }

    @Test func aNearlyTransparentColourIsJudgedByWhatShows() {
        var appearance = Appearance()
        appearance.wheelColor = Color(red: 255, green: 255, blue: 255, alpha: 0x10)
        #expect(ContrastAdvice.warnings(for: appearance).count == 1)
    }

    @Test func graySpokesOnALightHUDAreNamedWithTheirContrast() {
        var appearance = Appearance()
        appearance.theme = .light
        appearance.wheelColor = .gray
        #expect(ContrastAdvice.warnings(for: appearance) == [
            "the spokes (--color #999999) have 2.0:1 contrast against the HUD (#E5E5EAF2); 4.5:1 or more reads at arm's length",
        ])
    }
}
