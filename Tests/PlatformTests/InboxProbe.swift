import Glibc
import KioskCore
@testable import KioskPlatform

/// A command inbox as the render loop uses it, woken through a `WakeUp` the test waits on: what
/// the readers hand over is collected in order, without sleeping.
final class InboxProbe: @unchecked Sendable {
    /// The wake-up the inbox signals.
    let wakeUp: WakeUp
    /// The inbox the readers under test post to.
    let inbox: CommandInbox
    /// Everything taken so far, oldest first.
    private(set) var taken: [LoopInput] = []

    /// A fresh inbox; throws when the wake-up cannot be made.
    init() throws {
        let wakeUp = try WakeUp()
        self.wakeUp = wakeUp
        inbox = CommandInbox(wake: { wakeUp.signal() })
    }

    /// The host lines taken so far, as their commands' text (`ping`, `msg ...`), rejected lines
    /// as `rejected N`.
    var commands: [String] {
        taken.compactMap { input in
            guard case .host(let event, _) = input else { return nil }
            switch event {
            case .command(let command, _): return "\(command)"
            case .rejected(_, let line): return "rejected \(line)"
            }
        }
    }

    /// Takes what the inbox holds each time it wakes, until `done` holds for everything taken
    /// (then returns true) or `seconds` pass with it not holding (false). `seconds` only bounds a
    /// failure: every step waits for the inbox's wake-up, never for a time.
    @discardableResult
    func take(within seconds: Double = 30, until done: ([LoopInput]) -> Bool) -> Bool {
        let deadline = MonotonicClock.deadline(inSeconds: seconds)
        while !done(taken) {
            guard MonotonicClock.nanoseconds() < deadline else { return false }
            guard wakeUp.wait(milliseconds: MonotonicClock.milliseconds(until: deadline)) else { continue }
            wakeUp.clear()
            taken += inbox.takeAll()
        }
        return true
    }
}
