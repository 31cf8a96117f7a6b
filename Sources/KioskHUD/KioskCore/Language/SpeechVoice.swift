/// Which of espeak-ng's voices says a text (`--speak`): the device's language where the text is
/// written in its script, else the main language of the text's script, so a Japanese message on
/// an English device is read in Japanese and an English one on a Japanese device in English.
public enum SpeechVoice {
    /// The espeak-ng voice for `text` on a device speaking `language`.
    public static func name(for text: String, in language: Language) -> String {
        let written = text.compactMap(Script.code(of:))
        // Kana anywhere makes it Japanese, however it begins (心電図を...: kanji first).
        let script = written.contains { $0 == "Hira" || $0 == "Kana" } ? "Jpan" : written.first
        let base = String(language.tag.split(separator: "-").first ?? "en")
        guard let script, !(scripts(of: base).contains(script)) else { return voice(ofTag: language.tag) }
        return voiceByScript[script] ?? "en"
    }

    /// The scripts `language` (a language code) is written in.
    private static func scripts(of language: String) -> [String] {
        switch language {
        case "zh": return ["Hani"]
        case "ja": return ["Jpan", "Hani"]
        case "ko": return ["Hang", "Hani"]
        case "ru", "uk", "bg", "sr", "mk", "be", "kk": return ["Cyrl"]
        case "el": return ["Grek"]
        case "ar", "fa", "ur": return ["Arab"]
        case "he": return ["Hebr"]
        case "hi", "mr", "ne": return ["Deva"]
        case "bn": return ["Beng"]
        case "pa": return ["Guru"]
        case "gu": return ["Gujr"]
        case "ta": return ["Taml"]
        case "te": return ["Telu"]
        case "kn": return ["Knda"]
        case "ml": return ["Mlym"]
        case "th": return ["Thai"]
        default: return ["Latn"]
        }
    }

    /// espeak-ng's voice for a language tag of ours: Mandarin for written Chinese, Brazilian
    /// Portuguese, the French of France, English for English; else the language code.
    private static func voice(ofTag tag: String) -> String {
        switch tag {
        case "zh-Hans", "zh-Hant": return "cmn"
        case "pt-BR": return "pt-br"
        case "fr": return "fr-fr"
        case "en": return "en"
        default: return String(tag.split(separator: "-").first ?? "en")
        }
    }

    /// The voice for a text in a script the device's language is not written in.
    private static let voiceByScript: [String: String] = [
        "Latn": "en", "Cyrl": "ru", "Grek": "el", "Arab": "ar", "Hebr": "he", "Hani": "cmn", "Jpan": "ja",
        "Hang": "ko", "Thai": "th", "Deva": "hi", "Beng": "bn", "Guru": "pa", "Gujr": "gu", "Taml": "ta", "Telu": "te",
        "Knda": "kn", "Mlym": "ml",
    ]
}
