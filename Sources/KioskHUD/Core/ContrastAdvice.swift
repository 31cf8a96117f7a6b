/// Advice on colours a user chose that a reader at arm's length may not make out: the spokes or
/// the message against the HUD's fill below WCAG's 4.5:1.
public enum ContrastAdvice {
    /// The least contrast against the HUD that reads well (WCAG AA for text).
    public static let readableRatio = 4.5

    /// One line for each of the wheel and the text whose contrast against the HUD is too low;
    /// none for the themes' own colours, which all pass.
    public static func warnings(for appearance: Appearance) -> [String] {
        let hud = appearance.hudColor
        return [("--color", appearance.wheelColor, "spokes"), ("--text-color", appearance.textColor, "message")]
            .compactMap { option, color, name in
                let ratio = color.contrastRatio(with: hud)
                guard ratio < readableRatio else { return nil }
                return "the \(name) (\(option) \(color)) have \(formatted(ratio)):1 contrast against the HUD (\(hud)); "
                    + "\(formatted(readableRatio)):1 or more reads at arm's length"
            }
    }

    private static func formatted(_ ratio: Double) -> String {
        let tenths = Int((ratio * 10).rounded(.down))
        return "\(tenths / 10).\(tenths % 10)"
    }
}
