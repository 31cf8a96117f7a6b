/// A locale's name as the environment (`zh_TW.UTF-8`, `sr_RS@latin`) or BCP 47 (`zh-Hant-TW`)
/// writes it, reduced to its language, script and region.
public struct LocaleName: Sendable, Equatable {
    /// The language, lower case (`zh`).
    public let language: String
    /// The script, capitalised (`Hant`), given or implied (Chinese in Taiwan, Hong Kong and Macau
    /// is written in traditional characters, elsewhere in simplified ones).
    public let script: String?
    /// The region, upper case (`TW`).
    public let region: String?

    /// The name's parts, or nil for a name that says no language: empty, `C`, `POSIX` (and
    /// `C.UTF-8`), or not of the form `ll[_CC][.codeset][@modifier]` or `ll[-Scrp][-CC]`.
    public init?(_ name: String) {
        let withoutModifier = name.split(separator: "@", maxSplits: 1, omittingEmptySubsequences: false)
        let modifier = withoutModifier.count > 1 ? String(withoutModifier[1]).lowercased() : nil
        let base = withoutModifier[0].split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)[0]
        let parts = base.split(whereSeparator: { $0 == "_" || $0 == "-" }).map(String.init)
        guard let first = parts.first, (2...3).contains(first.count), first.allSatisfy(\.isLetter),
              first.allSatisfy(\.isASCII) else { return nil }
        var script: String?, region: String?
        for part in parts.dropFirst() {
            guard part.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) else { return nil }
            if part.count == 4, script == nil, region == nil {
                script = part.prefix(1).uppercased() + part.dropFirst().lowercased()
            } else if (2...3).contains(part.count), region == nil {
                region = part.uppercased()
            } else {
                return nil
            }
        }
        language = first.lowercased()
        self.region = region
        self.script = script ?? Self.impliedScript(language: language, region: region, modifier: modifier)
    }

    private static func impliedScript(language: String, region: String?, modifier: String?) -> String? {
        if modifier == "latin" { return "Latn" }
        guard language == "zh" else { return nil }
        return ["TW", "HK", "MO"].contains(region ?? "") ? "Hant" : "Hans"
    }

    /// The tags a table may hold this locale under, the most particular first:
    /// `zh-Hant-TW`, `zh-Hant`, `zh-TW`, `zh`.
    public var tags: [String] {
        var tags: [String] = []
        if let script, let region { tags.append("\(language)-\(script)-\(region)") }
        if let script { tags.append("\(language)-\(script)") }
        if let region { tags.append("\(language)-\(region)") }
        tags.append(language)
        return tags
    }
}
