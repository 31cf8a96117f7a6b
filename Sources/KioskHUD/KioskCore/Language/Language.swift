/// The language the overlay's stock texts are said in: the first of the locales asked for that
/// the translations have, or English.
public struct Language: Sendable, Equatable {
    /// The tag its translations are kept under (`zh-Hant`, `de`), or `en`.
    public let tag: String
    private let texts: [StockText: String]

    /// English, the language of the texts as written.
    public static let english = Language(tag: "en", texts: [:])

    private init(tag: String, texts: [StockText: String]) {
        self.tag = tag
        self.texts = texts
    }

    /// The first of `locales` that is English or has translations (under its most particular tag
    /// that has them), or English.
    public init(choosingFrom locales: [LocaleName]) {
        for locale in locales {
            if locale.language == "en" {
                self = .english
                return
            }
            if let tag = locale.tags.first(where: { StockText.translations[$0] != nil }), let texts = StockText.translations[tag] {
                self.init(tag: tag, texts: texts)
                return
            }
        }
        self = .english
    }

    /// The tags there are translations for, in no particular order, and `en`.
    public static var knownTags: [String] { ["en"] + StockText.translations.keys }

    /// `text` in this language: its translation, else its fallback's (`StockText.fallback`), else
    /// English.
    public func saying(_ text: StockText) -> String {
        texts[text] ?? text.fallback.flatMap { texts[$0] } ?? text.english
    }

    /// zenity's time remaining, `seconds` said as hours, minutes and seconds (`0:01:30`) in this
    /// language's words and `numbers`' digits (C's digits beside the English words, where the
    /// language has no translation of them).
    public func timeRemaining(seconds: Int, numbers: NumberStyle) -> String {
        let numbers = texts[.timeRemaining] == nil ? NumberStyle.plain : numbers
        let minutes = seconds / 60
        return Self.filling(saying(.timeRemaining), with: ["h": numbers.whole(minutes / 60),
                                                            "m": numbers.whole(minutes % 60, digits: 2),
                                                            "s": numbers.whole(seconds % 60, digits: 2)])
    }

    /// `template` with each `{x}` replaced by `values[x]` (other braces left as they are).
    static func filling(_ template: String, with values: [Character: String]) -> String {
        var result = "", characters = Array(template), index = 0
        while index < characters.count {
            if characters[index] == "{", index + 2 < characters.count, characters[index + 2] == "}",
               let value = values[characters[index + 1]] {
                result += value
                index += 3
            } else {
                result.append(characters[index])
                index += 1
            }
        }
        return result
    }
}
