/// Reads the command line into `LaunchOptions`. Options take their value as the next argument or
/// after `=` (`--size 200`, `--size=200`). A value may be as long as a line of input
/// (`LaunchOptions.lineLimitBytes`), no longer. psplash's options (`PsplashOption`) are taken
/// as psplash spells them, with `--psplash`.
public enum OptionParser {
    /// Parses `arguments` (without the program's name) over `base` (the defaults, or what a
    /// settings file set). The first `--font` replaces the settings file's fonts.
    public static func parse(_ arguments: [String], over base: LaunchOptions = LaunchOptions()) throws(OptionError) -> LaunchOptions {
        var options = base
        var fontsGiven = false
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            if let psplashOption = PsplashOption(spelling: argument) {
                var value = ""
                if let expected = psplashOption.expectedValue {
                    guard let given = remaining.popFirst() else { throw .missingValue(option: argument, expected: expected) }
                    value = given
                }
                try psplashOption.apply(argument, value: value, to: &options)
                continue
            }
            guard argument.hasPrefix("--") else { throw .unexpectedArgument(argument) }
            let name: String
            var inlineValue: String?
            if let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            } else {
                name = argument
            }
            guard let option = Option(rawValue: name) else { throw .unknownOption(name) }
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
        try PsplashOption.checkCombination(options)
        return options
    }
}
