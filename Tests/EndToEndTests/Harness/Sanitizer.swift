import Foundation

/// The sanitizer the tests and the program under test were built with (`scripts/test` runs the
/// suite plain, then with AddressSanitizer, then with ThreadSanitizer, building both alike), and
/// what the tests do about it.
enum Sanitizer {
    /// A sanitizer.
    enum Kind {
        case none, address, thread
    }

    /// The sanitizer in use; the test process's own runtime tells.
    static let current: Kind = {
        let everything = UnsafeMutableRawPointer(bitPattern: 0)
        if dlsym(everything, "__tsan_init") != nil { return .thread }
        if dlsym(everything, "__asan_init") != nil { return .address }
        return .none
    }()

    /// How many times slower than a plain debug build the program may be: on the input path,
    /// AddressSanitizer makes it some seven times slower and ThreadSanitizer some ten. A limit
    /// on how soon the program does something is the plain build's; a test multiplies it by this.
    static var timeScale: Double {
        current == .none ? 1 : 10
    }

    /// ThreadSanitizer sleeps at every exit (`atexit_sleep_ms`, one second by default) before
    /// its last report. A test that times how soon the overlay exits, or that starts many
    /// overlays one after another, runs it with `environment` changed by this: the run's
    /// `TSAN_OPTIONS` (`halt_on_error=1` in `scripts/test`) with that sleep turned off.
    /// Programs built without ThreadSanitizer ignore it.
    static func withoutExitSleep(_ environment: [String: String]) -> [String: String] {
        var changed = environment
        let options = environment["TSAN_OPTIONS"].map { $0.isEmpty ? "" : $0 + ":" } ?? ""
        changed["TSAN_OPTIONS"] = options + "atexit_sleep_ms=0"
        return changed
    }

    /// `withoutExitSleep` as extra environment for `LiveOverlay.start`.
    static var noExitSleep: [String: String] {
        ["TSAN_OPTIONS": withoutExitSleep(ProcessInfo.processInfo.environment)["TSAN_OPTIONS"] ?? ""]
    }
}
