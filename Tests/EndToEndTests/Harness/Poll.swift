import Foundation

/// Waiting for a condition without sleeping a fixed time: ask again and again until it holds or a
/// deadline passes, so a test is as fast as the program and a hang fails instead of hanging.
enum Poll {
    /// The default deadline for things the program should do at once: generous, because a debug
    /// build on a loaded two-core CI machine runs many overlays side by side (at the start of the
    /// end-to-end run, with a build beside it, a window took more than 15 s to map). Only a
    /// failing wait lasts this long; how fast things happen is measured in bench/, not here.
    static let defaultSeconds = 45.0
    /// The deadline for what the program must do promptly (exit after `quit` or a lost display,
    /// hide, answer): as generous as `defaultSeconds`, longer under a sanitizer. A test of how
    /// prompt it is measures against `MachineLoad` instead.
    static var promptSeconds: Double { defaultSeconds * Sanitizer.timeScale }

    /// What the test waited for in vain.
    struct TimedOut: Error, CustomStringConvertible {
        /// The condition, in words.
        var condition: String
        /// How long the test waited.
        var seconds: Double
        /// What was seen last, to say how far things got.
        var lastSeen: String

        var description: String {
            "timed out after \(seconds) s waiting for \(condition)" + (lastSeen.isEmpty ? "" : "; last seen: \(lastSeen)")
        }
    }

    /// Calls `probe` every `intervalMilliseconds` until it returns a value or `seconds` pass.
    ///
    /// Takes the condition's description for the failure message and a probe that returns nil
    /// while the condition does not hold; returns the first value the probe gives, or throws
    /// `TimedOut` naming `condition` and what `lastSeen` says at that moment.
    static func value<Value>(
        _ condition: String,
        within seconds: Double = defaultSeconds,
        intervalMilliseconds: Int = 20,
        lastSeen: () -> String = { "" },
        _ probe: () async throws -> Value?
    ) async throws -> Value {
        let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
        while true {
            if let value = try await probe() { return value }
            guard ContinuousClock.now < deadline else {
                throw TimedOut(condition: condition, seconds: seconds, lastSeen: lastSeen())
            }
            try await Task.sleep(for: .milliseconds(intervalMilliseconds))
        }
    }

    /// Like `value`, for a probe that answers yes or no.
    static func until(
        _ condition: String,
        within seconds: Double = defaultSeconds,
        lastSeen: () -> String = { "" },
        _ probe: () async throws -> Bool
    ) async throws {
        _ = try await value(condition, within: seconds, lastSeen: lastSeen) { try await probe() ? true : nil }
    }
}
