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
    /// Two options that cannot be given together.
    case conflicting(option: String, with: String, reason: String)
    /// An option that only means something with another one.
    case needsOption(option: String, needed: String, reason: String)
    /// An option (psplash's) whose value names something this program cannot do.
    case unsupported(option: String, value: String, reason: String)

    /// True when the usage helps: the option or its value is misspelt. A refused combination or
    /// an unsupported value is said in its one line.
    public var callsForUsage: Bool {
        switch self {
        case .unknownOption, .missingValue, .invalidValue, .unexpectedArgument, .valueTooLong: return true
        case .conflicting, .needsOption, .unsupported: return false
        }
    }

    public var description: String {
        switch self {
        case .unknownOption(let option): return "unknown option \(DiagnosticText.quoted(option))"
        case .missingValue(let option, let expected): return "\(option) needs \(expected)"
        case .invalidValue(let option, let value, let expected): return "\(option) takes \(expected), not \(DiagnosticText.quoted(value))"
        case .unexpectedArgument(let word): return "unexpected argument \(DiagnosticText.quoted(word)) (options start with --)"
        case .valueTooLong(let option, let limit): return "\(option) takes at most \(limit) bytes"
        case .conflicting(let option, let other, let reason): return "\(option) and \(other) cannot be used together: \(reason)"
        case .needsOption(let option, let needed, let reason): return "\(option) needs \(needed): \(reason)"
        case .unsupported(let option, let value, let reason):
            return "\(option) \(DiagnosticText.quoted(value)) is not supported: \(reason)"
        }
    }
}
