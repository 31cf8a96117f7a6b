import Testing
@testable import KioskCore

/// The device's language: locale names read as the environment and BCP 47 write them, chosen as
/// gettext chooses, the stock texts in the chosen language with their fallbacks, and numbers
/// written as CLDR says.
struct LanguageTests {
    struct NameCase: Sendable, CustomTestStringConvertible {
        var name: String
        var tags: [String]?
        var testDescription: String { name.isEmpty ? "(empty)" : name }
    }

    static let names: [NameCase] = [
        NameCase(name: "de_DE.UTF-8", tags: ["de-DE", "de"]),
        NameCase(name: "de_DE.UTF-8@euro", tags: ["de-DE", "de"]),
        NameCase(name: "fr", tags: ["fr"]),
        NameCase(name: "zh_TW.UTF-8", tags: ["zh-Hant-TW", "zh-Hant", "zh-TW", "zh"]),
        NameCase(name: "zh_HK", tags: ["zh-Hant-HK", "zh-Hant", "zh-HK", "zh"]),
        NameCase(name: "zh_CN.GB18030", tags: ["zh-Hans-CN", "zh-Hans", "zh-CN", "zh"]),
        NameCase(name: "zh", tags: ["zh-Hans", "zh"]),
        NameCase(name: "zh-Hant", tags: ["zh-Hant", "zh"]),
        NameCase(name: "pt-BR", tags: ["pt-BR", "pt"]),
        NameCase(name: "sr_RS@latin", tags: ["sr-Latn-RS", "sr-Latn", "sr-RS", "sr"]),
        NameCase(name: "", tags: nil),
        NameCase(name: "C", tags: nil),
        NameCase(name: "C.UTF-8", tags: nil),
        NameCase(name: "POSIX", tags: nil),
        NameCase(name: "de_DE_x_y", tags: nil),
        NameCase(name: "../../etc", tags: nil),
    ]

    @Test(arguments: names) func localeNamesAreReadAsTheEnvironmentAndBCP47WriteThem(_ entry: NameCase) {
        #expect(LocaleName(entry.name)?.tags == entry.tags)
    }

    private func environment(_ values: [String: String]) -> LocaleEnvironment {
        LocaleEnvironment { values[$0] }
    }

    private func language(_ values: [String: String]) -> String {
        Language(choosingFrom: environment(values).messageLocales).tag
    }

    @Test func messagesFollowLCAllThenLCMessagesThenLang() {
        #expect(language(["LANG": "de_DE.UTF-8"]) == "de")
        #expect(language(["LANG": "de_DE.UTF-8", "LC_MESSAGES": "fr_FR.UTF-8"]) == "fr")
        #expect(language(["LANG": "de_DE.UTF-8", "LC_MESSAGES": "fr_FR.UTF-8", "LC_ALL": "ja_JP.UTF-8"]) == "ja")
        #expect(language(["LANG": "de_DE.UTF-8", "LC_ALL": ""]) == "de")
        #expect(language([:]) == "en")
    }

    /// As glibc 2.36's gettext: `env -i LANG=C.UTF-8 LANGUAGE=de gettext -d apt ...` is German,
    /// `LANG=C LANGUAGE=de` English, and a `C` in the list ends it.
    @Test func gettextsLanguageListComesFirstUnlessTheLocaleIsPlainC() {
        #expect(language(["LANG": "de_DE.UTF-8", "LANGUAGE": "xx:pt_BR:fr"]) == "pt-BR")
        #expect(language(["LANG": "C.UTF-8", "LANGUAGE": "fr"]) == "fr")
        #expect(language(["LC_ALL": "C.UTF-8", "LANGUAGE": "fr"]) == "fr")
        #expect(language(["LANG": "C", "LANGUAGE": "fr"]) == "en")
        #expect(language(["LANG": "POSIX", "LANGUAGE": "fr"]) == "en")
        #expect(language(["LANG": "de_DE.UTF-8", "LANGUAGE": "xx:C:fr"]) == "en")
        #expect(language(["LANG": "de_DE.UTF-8", "LANGUAGE": "en_GB:fr"]) == "en")
    }

    @Test func englishWordsForTheTimeRemainingTakeCsDigits() throws {
        let egypt = try #require(LocaleName("ar_EG.UTF-8"))
        let said = Language(choosingFrom: [egypt]).timeRemaining(seconds: 90, numbers: NumberStyle(for: egypt))
        #expect(said == "Time remaining: 0:01:30")
    }

    @Test func theMostParticularTranslationIsChosen() {
        #expect(language(["LANG": "zh_TW.UTF-8"]) == "zh-Hant")
        #expect(language(["LANG": "zh_HK.UTF-8"]) == "zh-Hant")
        #expect(language(["LANG": "zh_SG.UTF-8"]) == "zh-Hans")
        #expect(language(["LANG": "pt_BR.UTF-8"]) == "pt-BR")
        #expect(language(["LANG": "pt_PT.UTF-8"]) == "pt")
        #expect(language(["LANG": "de_AT.UTF-8"]) == "de")
        #expect(language(["LANG": "xx_YY.UTF-8"]) == "en")
    }

    @Test func theIssuesLanguagesHaveEveryMessageAtStart() {
        for tag in ["zh-Hant", "zh-Hans", "ja", "ko", "uk", "ru", "de", "fr", "es", "it", "pt", "pl", "tr", "ar", "he", "hi", "th", "vi"] {
            let translations = StockText.translations[tag]
            #expect(translations?[.pleaseWait] != nil, "\(tag) has no \"Please wait...\"")
            #expect(translations?[.notResponding] != nil, "\(tag) has no \"Not responding\"")
        }
    }

    @Test func aTextALanguageLacksFallsBackToItsPleaseWaitOrToEnglish() throws {
        let vietnamese = Language(choosingFrom: [try #require(LocaleName("vi_VN"))])
        #expect(StockText.translations["vi"]?[.running] == nil)
        #expect(vietnamese.saying(.running) == vietnamese.saying(.pleaseWait))
        #expect(vietnamese.saying(.pleaseWait) == "Vui lòng chờ...")
        #expect(StockText.translations["vi"]?[.timeRemaining] == nil)
        #expect(vietnamese.saying(.timeRemaining) == StockText.timeRemaining.english)
        #expect(Language.english.saying(.shuttingDown) == "Shutting down...")
    }

    @Test func everyTranslatedTimeRemainingHasItsThreeNumbers() {
        for (tag, texts) in StockText.translations {
            guard let template = texts[.timeRemaining] else { continue }
            let said = Language.filling(template, with: ["h": "H", "m": "M", "s": "S"])
            #expect(said.filter { "HMS".contains($0) }.count >= 3 && !said.contains("{"), "\(tag): \(template)")
        }
    }

    @Test func aStalledHostIsSaidInTheSessionsLanguageUnlessAStallMessageIsGiven() throws {
        var timing = Timing()
        timing.stallTimeoutSeconds = 1
        let french = Language(choosingFrom: [try #require(LocaleName("fr_FR.UTF-8"))])
        var session = HostSession(appearance: Appearance(), timing: timing, language: french,
                                  clock: FixedStepClock(ticksPerSecond: 60), state: HUDState(isVisible: true, message: "x"))
        session.advance(to: 0)
        #expect(session.advance(to: 60) == [.stalled])
        #expect(session.shownMessage == "Absence de réponse")
        timing.stallMessage = "Host lost"
        var given = HostSession(appearance: Appearance(), timing: timing, language: french,
                                clock: FixedStepClock(ticksPerSecond: 60), state: HUDState(isVisible: true, message: "x"))
        given.advance(to: 0)
        _ = given.advance(to: 60)
        #expect(given.shownMessage == "Host lost")
    }

    private func numbers(_ name: String?) -> NumberStyle {
        NumberStyle(for: name.flatMap(LocaleName.init))
    }

    @Test func percentagesAreWrittenAsCLDRSays() {
        #expect(numbers(nil).percentage(42) == "42%")
        #expect(numbers("en_US.UTF-8").percentage(42.5) == "42.5%")
        #expect(numbers("de_DE.UTF-8").percentage(42.5) == "42,5\u{A0}%")
        #expect(numbers("de_CH.UTF-8").percentage(42.5) == "42.5%")
        #expect(numbers("tr_TR.UTF-8").percentage(42) == "%42")
        #expect(numbers("ar_EG.UTF-8").percentage(42) == "٤٢٪\u{61C}")
        #expect(numbers("ar_MA.UTF-8").percentage(7.5) == "7,5\u{200E}%\u{200E}")
        #expect(numbers("fa_IR.UTF-8").percentage(100) == "۱۰۰٪")
    }

    @Test func numbersFollowLCNumericNotLCMessages() {
        let environment = environment(["LANG": "de_DE.UTF-8", "LC_NUMERIC": "tr_TR.UTF-8", "LC_MESSAGES": "fr_FR.UTF-8"])
        #expect(NumberStyle(for: environment.numericLocale).percentage(42) == "%42")
    }

    @Test func wholeNumbersArePaddedInTheLocalesDigits() {
        #expect(numbers("ar_EG").whole(5, digits: 2) == "٠٥")
        #expect(numbers("hi_IN").whole(5, digits: 2) == "05")
        #expect(numbers("bn_BD").whole(1_907) == "১৯০৭")
    }

    @Test func theVoiceIsTheLanguagesForItsScriptElseTheTextsScripts() throws {
        let german = Language(choosingFrom: [try #require(LocaleName("de_DE.UTF-8"))])
        let taiwan = Language(choosingFrom: [try #require(LocaleName("zh_TW.UTF-8"))])
        let japan = Language(choosingFrom: [try #require(LocaleName("ja_JP.UTF-8"))])
        #expect(SpeechVoice.name(for: "Bitte warten", in: german) == "de")
        #expect(SpeechVoice.name(for: "心電図を受信しています", in: german) == "ja")
        #expect(SpeechVoice.name(for: "请稍候", in: german) == "cmn")
        #expect(SpeechVoice.name(for: "請稍候", in: taiwan) == "cmn")
        #expect(SpeechVoice.name(for: "Please wait", in: japan) == "en")
        #expect(SpeechVoice.name(for: "受信中", in: japan) == "ja")
        #expect(SpeechVoice.name(for: "Пожалуйста", in: german) == "ru")
        #expect(SpeechVoice.name(for: "42", in: german) == "de")
        #expect(SpeechVoice.name(for: "Bom dia", in: Language(choosingFrom: [try #require(LocaleName("pt_BR"))])) == "pt-br")
    }
}
