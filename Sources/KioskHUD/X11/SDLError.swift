internal import CSDL
import KioskCore

/// An SDL call that failed: which call, and SDL's reason at that moment.
public struct SDLError: Error, Sendable, CustomStringConvertible {
    /// The C function that failed.
    public var call: String
    /// `SDL_GetError()` read right after the failure.
    public var reason: String

    /// Records the failure of `call` with SDL's current error text.
    init(failed call: String) {
        self.call = call
        self.reason = SDL_GetError().map { String(cString: $0) } ?? "no reason given"
    }

    /// Records a failure whose reason is known without asking SDL.
    init(call: String, reason: String) {
        self.call = call
        self.reason = reason
    }

    public var description: String { "\(call) failed: \(reason)" }

    /// Throws for `call` when an SDL status code is negative.
    static func check(_ status: Int32, _ call: String) throws(SDLError) {
        if status < 0 { throw SDLError(failed: call) }
    }

    /// Returns a pointer SDL gave back, or throws for `call` when it is null.
    static func unwrap<T>(_ pointer: T?, _ call: String) throws(SDLError) -> T {
        guard let pointer else { throw SDLError(failed: call) }
        return pointer
    }
}
