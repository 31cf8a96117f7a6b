/// Options that make no sense together on one command line, each pair with the reason a person
/// reads when it is refused, and options that mean something only beside another. Only the
/// command line is checked: a settings file holds a device's defaults, which a command line
/// for another purpose (a snapshot) may leave aside.
struct OptionConflict: Equatable {
    /// The option that comes first in the table's reading.
    var first: Option
    /// The option it cannot be used with.
    var second: Option
    /// Why, as the end of the one-line refusal.
    var reason: String

    /// Every pair refused.
    static let pairs = [
        OptionConflict(first: .fifo, second: .psplash, reason: "both name the FIFO to read; give one"),
        OptionConflict(first: .snapshot, second: .fifo, reason: "a snapshot reads its commands from stdin only"),
        OptionConflict(first: .snapshot, second: .psplash, reason: "a snapshot reads its commands from stdin only"),
        OptionConflict(first: .snapshot, second: .display, reason: "a snapshot opens no display (--window sets its size)"),
        OptionConflict(first: .snapshot, second: .exitWithParent, reason: "a snapshot ends by itself at the end of its input"),
    ]

    /// Options that need another one to mean anything: the option, and the one it needs.
    static let requirements: [(option: Option, needs: Option)] = [
        (.at, .snapshot),
    ]

    /// The first refusal for a command line that gave `given`, or nil when they go together.
    static func refusal(given: Set<Option>) -> OptionError? {
        if let pair = pairs.first(where: { given.contains($0.first) && given.contains($0.second) }) {
            return .conflict(first: pair.first.rawValue, second: pair.second.rawValue, reason: pair.reason)
        }
        if let requirement = requirements.first(where: { given.contains($0.option) && !given.contains($0.needs) }) {
            return .needsOther(option: requirement.option.rawValue, other: requirement.needs.rawValue)
        }
        return nil
    }
}
