/// Advice on colours a user chose that a reader at arm's length may not make out: the spokes or
/// the message against the HUD's fill below WCAG's 4.5:1. Translucency counts: the HUD is judged
/// over a black and over a white screen, each colour over that, and the worse of the two holds.
public enum ContrastAdvice {
    /// The least contrast against the HUD that reads well (WCAG AA for text).
    public static let readableRatio = 4.5

    /// One line for each of the wheel and the text whose contrast against the HUD is too low;
    /// none for the themes' own colours, which all pass.
    public static func warnings(for appearance: Appearance) -> [String] {
        let hud = appearance.hudColor
        return [("--color", appearance.wheelColor, "spokes"), ("--text-color", appearance.textColor, "message")]
            .compactMap { option, color, name in
                let ratio = worstRatio(of: color, on: hud)
                guard ratio < readableRatio else { return nil }
                return "the \(name) (\(option) \(color)) have \(formatted(ratio)):1 contrast against the HUD (\(hud)); "
                    + "\(formatted(readableRatio)):1 or more reads at arm's length"
            }
    }

    /// The least contrast `color` drawn on `hud` has, with whatever is beneath the HUD between
    /// black and white.
    public static func worstRatio(of color: Color, on hud: Color) -> Double {
        [Color.black, Color.white].map { screen in
            let background = hud.over(screen)
            return color.over(background).contrastRatio(with: background)
        }.min() ?? 1
    }

    private static func formatted(_ ratio: Double) -> String {
        let tenths = Int((ratio * 10).rounded(.down))
        return "\(tenths / 10).\(tenths % 10)"
    }
}
