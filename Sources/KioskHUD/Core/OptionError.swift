/// A command-line option kiosk-spinner cannot use. The program prints it with the usage and
/// exits 2.
public enum OptionError: Error, Sendable, Equatable, CustomStringConvertible {
    /// An option that does not exist.
    case unknownOption(String)
    /// An option given without its value.
    case missingValue(option: String, expected: String)
    /// An option whose value is not of the right kind.
    case invalidValue(option: String, value: String, expected: String)
    /// A bare word where an option was expected.
    case unexpectedArgument(String)
    /// An option whose value is longer than an input line may be (`LaunchOptions.lineLimitBytes`).
    case valueTooLong(option: String, limitBytes: Int)
    /// One of zenity's options given without `--progress` (or `--zenity`).
    case zenityOptionWithoutProgress(String)

    public var description: String {
        switch self {
        case .unknownOption(let option): return "unknown option \(DiagnosticText.quoted(option))"
        case .missingValue(let option, let expected): return "\(option) needs \(expected)"
        case .invalidValue(let option, let value, let expected): return "\(option) takes \(expected), not \(DiagnosticText.quoted(value))"
        case .unexpectedArgument(let word): return "unexpected argument \(DiagnosticText.quoted(word)) (options start with --)"
        case .valueTooLong(let option, let limit): return "\(option) takes at most \(limit) bytes"
        case .zenityOptionWithoutProgress(let option): return "\(option) is a zenity --progress option: add --progress"
        }
    }
}
