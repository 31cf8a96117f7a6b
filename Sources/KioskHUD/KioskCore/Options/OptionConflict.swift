/// Options that make no sense together on one command line, each pair with the reason a person
/// reads when it is refused, options that mean something only beside another, and options that
/// may be given once. Only the command line is checked: a settings file holds a device's
/// defaults, which a command line for another purpose (a snapshot) may leave aside; but
/// `--listen-group` on the command line is satisfied by a settings file's `listen`.
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
        OptionConflict(first: .snapshot, second: .listen, reason: "a snapshot serves no clients: it reads its commands from stdin only"),
        OptionConflict(first: .snapshot, second: .systemdProgress, reason: "a snapshot reads its commands from stdin only"),
    ]

    /// Options that need another one to mean anything: the option, and the one it needs.
    static let requirements: [(option: Option, needs: Option)] = [
        (.at, .snapshot),
        (.listenGroup, .listen),
        (.logoOnly, .logo),
    ]

    /// Options that may be given once on a command line, and why: a second would not add a
    /// second socket or FIFO, it would silently replace the first.
    static let once: [(option: Option, reason: String)] = [
        (.listen, "the overlay listens on one socket"),
        (.fifo, "the overlay reads one FIFO"),
    ]

    /// The first refusal for a command line that gave `given` (each option as many times as it
    /// was given), whose options in force (the settings file's too) are `options`, or nil when
    /// they go together.
    static func refusal(given: [Option], options: LaunchOptions) -> OptionError? {
        let named = Set(given)
        if let single = once.first(where: { option, _ in given.filter { $0 == option }.count > 1 }) {
            return .givenTwice(option: single.option.rawValue, reason: single.reason)
        }
        if let pair = pairs.first(where: { named.contains($0.first) && named.contains($0.second) }) {
            return .conflict(first: pair.first.rawValue, second: pair.second.rawValue, reason: pair.reason)
        }
        if let requirement = requirements.first(where: { named.contains($0.option) && !satisfies($0.needs, named, options) }) {
            return .needsOther(option: requirement.option.rawValue, other: requirement.needs.rawValue)
        }
        return nil
    }

    /// Whether `option` is in force: given on the command line, or (`--listen`, `--logo`) set by
    /// the settings file.
    private static func satisfies(_ option: Option, _ named: Set<Option>, _ options: LaunchOptions) -> Bool {
        named.contains(option) || (option == .listen && options.controlSocketPath != nil)
            || (option == .logo && options.logoPath != nil)
    }
}
