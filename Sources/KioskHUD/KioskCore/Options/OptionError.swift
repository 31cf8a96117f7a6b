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
    /// Two options that make no sense together (see `OptionConflict`), and why.
    case conflict(first: String, second: String, reason: String)
    /// An option that means something only with another one.
    case needsOther(option: String, other: String)
    /// An option (psplash's) whose value names something this program cannot do.
    case unsupported(option: String, value: String, reason: String)
    /// An option given an empty value where it needs one (`--listen ""`).
    case emptyValue(option: String, expected: String)
    /// An option that may be given once, given again, and why once.
    case givenTwice(option: String, reason: String)
    /// One of zenity's options that zenity refuses beside `--progress` (another dialog, or
    /// another dialog's option).
    case notBesideProgress(option: String, isDialog: Bool)

    /// Whether the usage helps after this error: not for a combination or an unsupported value,
    /// whose line says it all.
    public var callsForUsage: Bool {
        switch self {
        case .conflict, .needsOther, .unsupported, .emptyValue, .givenTwice, .notBesideProgress: return false
        case .unknownOption, .missingValue, .invalidValue, .unexpectedArgument, .valueTooLong: return true
        }
    }

    public var description: String {
        switch self {
        case .unknownOption(let option): return "unknown option \(DiagnosticText.quoted(option))"
        case .missingValue(let option, let expected): return "\(option) needs \(expected)"
        case .invalidValue(let option, let value, let expected): return "\(option) takes \(expected), not \(DiagnosticText.quoted(value))"
        case .unexpectedArgument(let word): return "unexpected argument \(DiagnosticText.quoted(word)) (options start with --)"
        case .valueTooLong(let option, let limit): return "\(option) takes at most \(limit) bytes"
        case .conflict(let first, let second, let reason): return "\(first) and \(second) cannot be used together: \(reason)"
        case .needsOther(let option, let other): return "\(option) applies only with \(other)"
        case .unsupported(let option, let value, let reason):
            return "\(option) \(DiagnosticText.quoted(value)) is not supported: \(reason)"
        case .emptyValue(let option, let expected): return "\(option) needs \(expected); the one given is empty"
        case .givenTwice(let option, let reason): return "\(option) is given twice: \(reason)"
        case .notBesideProgress(let option, let isDialog):
            return isDialog
                ? "\(option) is another zenity dialog: kiosk-spinner stands in for zenity --progress alone (zenity refuses two dialogs too)"
                : "\(option) is another zenity dialog's option, which zenity --progress refuses too"
        }
    }
}
