/// How a locale writes the numbers the HUD shows (the percentage, the time remaining): its
/// digits, decimal separator and percent pattern, as the Unicode CLDR gives them (`cldr`, written
/// by `scripts/translations/harvest`).
public struct NumberStyle: Sendable, Equatable {
    /// The digit zero; the other nine follow it in Unicode.
    let zero: Unicode.Scalar
    let decimalSeparator: String
    /// What comes before and after the number in a percentage (`%` after, `\u{A0}%` after, `%` before).
    let beforePercentage: String
    let afterPercentage: String

    init(zero: Unicode.Scalar, decimalSeparator: String, beforePercentage: String, afterPercentage: String) {
        self.zero = zero
        self.decimalSeparator = decimalSeparator
        self.beforePercentage = beforePercentage
        self.afterPercentage = afterPercentage
    }

    /// As the C locale writes numbers: `42.5`, `42%`.
    public static let plain = NumberStyle(zero: "0", decimalSeparator: ".", beforePercentage: "", afterPercentage: "%")

    /// How `locale` writes numbers (under its most particular tag CLDR has), or C's way for nil
    /// or a locale CLDR has nothing on here.
    public init(for locale: LocaleName?) {
        self = locale?.tags.lazy.compactMap { Self.cldr[$0] }.first ?? .plain
    }

    /// `value` whole, or to one decimal when it has a fraction, in these digits.
    public func number(_ value: Double) -> String {
        let tenths = Int((abs(value) * 10).rounded())
        let sign = value < 0 && tenths > 0 ? "-" : ""
        let fraction = tenths % 10 == 0 ? "" : decimalSeparator + whole(tenths % 10)
        return sign + whole(tenths / 10) + fraction
    }

    /// `value` (0 to 100) as a percentage: `42%`, `42 %`, `%42`, `٤٢٪`.
    public func percentage(_ value: Double) -> String {
        beforePercentage + number(value) + afterPercentage
    }

    /// `value` (not negative) in these digits, at least `digits` of them (leading zeros).
    public func whole(_ value: Int, digits: Int = 1) -> String {
        let written = String(value)
        let padded = String(repeating: "0", count: max(0, digits - written.count)) + written
        return String(String.UnicodeScalarView(padded.unicodeScalars.map { scalar in
            Unicode.Scalar(zero.value + scalar.value - 48) ?? scalar
        }))
    }
}
