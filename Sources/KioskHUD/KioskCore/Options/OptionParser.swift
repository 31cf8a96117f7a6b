/// Reads the command line into `LaunchOptions`. Options take their value as the next argument or
/// after `=` (`--size 200`, `--size=200`). A value may be as long as a line of input
/// (`LaunchOptions.lineLimitBytes`), no longer. `-h` is `--help`. zenity's options
/// (`ZenityOption`) are read as zenity reads them, and refused without `--progress` (or
/// `--zenity`); with it, a bare word is ignored and `--` ends the options, as zenity's GOption
/// does. psplash's (`PsplashOption`) as psplash spells them, with `--psplash`. Options that make
/// no sense together are refused (`OptionConflict`).
public enum OptionParser {
    /// Parses `arguments` (without the program's name) over `base` (the defaults, or what a
    /// settings file set). The first `--font` replaces the settings file's fonts. Without
    /// `checkingCombinations`, options that need others or exclude others are not refused (a
    /// first reading, before the settings file is known).
    public static func parse(_ arguments: [String], over base: LaunchOptions = LaunchOptions(),
                             checkingCombinations: Bool = true) throws(OptionError) -> LaunchOptions {
        var options = base
        var fontsGiven = false
        var remaining = arguments[...]
        var given: [Option] = []
        var words: [String] = []
        var endedOptions = false
        while let spelled = remaining.popFirst() {
            if spelled == "--" {
                endedOptions = true
                words += remaining
                break
            }
            if !spelled.hasPrefix("-") || spelled == "-" {
                words.append(spelled)
                continue
            }
            if let psplashOption = PsplashOption(spelling: spelled) {
                var value = ""
                if let expected = psplashOption.expectedValue {
                    guard let given = remaining.popFirst() else { throw .missingValue(option: spelled, expected: expected) }
                    value = given
                }
                try psplashOption.apply(spelled, value: value, to: &options)
                continue
            }
            if ZenityOption.helpSpellings.contains(spelled) {
                options.action = .help
                continue
            }
            let argument = Option.shortSpellings[spelled]?.rawValue ?? spelled
            guard argument.hasPrefix("--") else { throw .unexpectedArgument(argument) }
            let name: String
            var inlineValue: String?
            if let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            } else {
                name = argument
            }
            if let zenityOption = ZenityOption(rawValue: name) {
                try apply(zenityOption, inlineValue: inlineValue, remaining: &remaining, to: &options)
                continue
            }
            guard let option = Option(rawValue: name) else {
                if ZenityOption.otherDialogs.contains(name) { throw .notBesideProgress(option: name, isDialog: true) }
                if ZenityOption.refusedBesideProgress.contains(name) { throw .notBesideProgress(option: name, isDialog: false) }
                throw .unknownOption(name)
            }
            given.append(option)
            if option.expectedValue == nil {
                if let inlineValue { throw .invalidValue(option: name, value: inlineValue, expected: "no value") }
                try option.apply(value: "", to: &options)
                continue
            }
            guard let value = inlineValue ?? remaining.popFirst() else {
                throw .missingValue(option: name, expected: option.expectedValue ?? "")
            }
            guard value.utf8.count <= LaunchOptions.lineLimitBytes else {
                throw .valueTooLong(option: name, limitBytes: LaunchOptions.lineLimitBytes)
            }
            if option == .font, !fontsGiven {
                fontsGiven = true
                options.fontPaths = []
            }
            try option.apply(value: value, to: &options)
        }
        if options.dialect != .zenity {
            if let first = options.zenity.givenOptions.first { throw .needsOther(option: first, other: "--progress") }
            if endedOptions { throw .unknownOption("--") }
            if let word = words.first { throw .unexpectedArgument(word) }
        }
        if let spelling = options.psplashSpelling, !options.readsPsplashFIFO {
            throw .needsOther(option: spelling, other: Option.psplash.rawValue)
        }
        if checkingCombinations, let refusal = OptionConflict.refusal(given: given, options: options) { throw refusal }
        return options
    }

    /// Applies one of zenity's options as GOption reads it: a flag ignores a value after `=`; an
    /// option with a value takes what follows `=`, else the next argument unless it is `--`
    /// (which ends the options, so the value is missing).
    private static func apply(_ option: ZenityOption, inlineValue: String?, remaining: inout ArraySlice<String>,
                              to options: inout LaunchOptions) throws(OptionError) {
        guard let expected = option.expectedValue else { return try option.apply(value: "", to: &options) }
        let value: String
        if let inlineValue {
            value = inlineValue
        } else if let next = remaining.first, next != "--" {
            value = next
            remaining.removeFirst()
        } else {
            throw .missingValue(option: option.rawValue, expected: expected)
        }
        guard value.utf8.count <= LaunchOptions.lineLimitBytes else {
            throw .valueTooLong(option: option.rawValue, limitBytes: LaunchOptions.lineLimitBytes)
        }
        try option.apply(value: value, to: &options)
    }
}
