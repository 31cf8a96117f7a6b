/// zenity's `--time-remaining`: how long the progress will take yet, from the rate it has moved at
/// since it started, said in the details line as zenity says it under its bar
/// (`Time remaining: 0:01:30`, hours, minutes and seconds; in the device's language and digits,
/// `Language.timeRemaining`). As zenity's, the estimate changes only
/// when a percentage line comes; at 0 % and at 100 % nothing is said and the measure starts again,
/// as it does when the progress goes back. Unlike zenity's, which counts from its first line as if
/// the work began there at 0 %, the rate is measured from the first line's percentage, so work done
/// before the first line does not make the rest look quicker.
public struct RemainingTimeEstimate: Sendable, Equatable {
    /// Where the rate is measured from: a percentage line's tick and percentage.
    private struct Start: Sendable, Equatable {
        var tick: Int
        var percentage: Double
    }

    private var start: Start?
    /// Ticks of the loop's clock.
    private let clock: FixedStepClock
    private let language: Language
    private let numbers: NumberStyle

    /// An estimate on the loop's `clock`, with nothing measured yet, said in `language` with
    /// `numbers`' digits.
    public init(clock: FixedStepClock, language: Language = .english, numbers: NumberStyle = .plain) {
        self.clock = clock
        self.language = language
        self.numbers = numbers
    }

    /// The details line after a percentage line said `percentage` at `tick`: the time remaining,
    /// or empty while none can be told (the first line, no progress since it, 0 % or 100 %).
    public mutating func line(after percentage: Double, atTick tick: Int) -> String {
        guard percentage > 0, percentage < 100 else {
            start = nil
            return ""
        }
        guard let start, percentage >= start.percentage else {
            self.start = Start(tick: tick, percentage: percentage)
            return ""
        }
        guard percentage > start.percentage else { return "" }
        let elapsed = Double(tick - start.tick) / Double(clock.ticksPerSecond)
        let seconds = Int((elapsed * (100 - percentage) / (percentage - start.percentage)).rounded())
        return language.timeRemaining(seconds: seconds, numbers: numbers)
    }
}
