/// Reads the command line into `LaunchOptions`. Options take their value as the next argument or
/// after `=` (`--size 200`, `--size=200`). A value may be as long as a line of input
/// (`LaunchOptions.lineLimitBytes`), no longer. `-h` is `--help`. zenity --progress's options
/// (`ZenityOption`) are taken too, and refused without `--progress` (or `--zenity`); psplash's
/// (`PsplashOption`) as psplash spells them, with `--psplash`. Options that make no sense
/// together are refused (`OptionConflict`).
public enum OptionParser {
    /// Parses `arguments` (without the program's name) over `base` (the defaults, or what a
    /// settings file set). The first `--font` replaces the settings file's fonts.
    public static func parse(_ arguments: [String], over base: LaunchOptions = LaunchOptions()) throws(OptionError) -> LaunchOptions {
        var options = base
        var fontsGiven = false
        var remaining = arguments[...]
        var given: Set<Option> = []
        while let spelled = remaining.popFirst() {
            if let psplashOption = PsplashOption(spelling: spelled) {
                var value = ""
                if let expected = psplashOption.expectedValue {
                    guard let given = remaining.popFirst() else { throw .missingValue(option: spelled, expected: expected) }
                    value = given
                }
                try psplashOption.apply(spelled, value: value, to: &options)
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
                let value = zenityOption.expectedValue == nil ? nil : inlineValue ?? remaining.popFirst()
                try apply(zenityOption, value: value, inlineValue: inlineValue, to: &options)
                continue
            }
            guard let option = Option(rawValue: name) else { throw .unknownOption(name) }
            given.insert(option)
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
        if options.dialect != .zenity, let first = options.zenity.givenOptions.first {
            throw .needsOther(option: first, other: "--progress")
        }
        if let spelling = options.psplashSpelling, !options.readsPsplashFIFO {
            throw .needsOther(option: spelling, other: Option.psplash.rawValue)
        }
        if let refusal = OptionConflict.refusal(given: given) { throw refusal }
        return options
    }

    /// Applies one of zenity's options with its value (nil for a flag, or when none was left).
    private static func apply(_ option: ZenityOption, value: String?, inlineValue: String?,
                              to options: inout LaunchOptions) throws(OptionError) {
        guard let expected = option.expectedValue else {
            if let inlineValue { throw .invalidValue(option: option.rawValue, value: inlineValue, expected: "no value") }
            return try option.apply(value: "", to: &options)
        }
        guard let value else { throw .missingValue(option: option.rawValue, expected: expected) }
        guard value.utf8.count <= LaunchOptions.lineLimitBytes else {
            throw .valueTooLong(option: option.rawValue, limitBytes: LaunchOptions.lineLimitBytes)
        }
        try option.apply(value: value, to: &options)
    }
}
