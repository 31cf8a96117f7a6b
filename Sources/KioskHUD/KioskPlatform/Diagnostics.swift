import Glibc
import KioskCore

/// Where kiosk-spinner says what went wrong: one line each on stderr, prefixed with the
/// program's name. The one place that writes to stderr, so no thread touches C's `stderr`; the
/// lines go through a writer thread, so a host that never reads stderr cannot stop the overlay.
/// A report is one bounded line of visible characters whatever it carries: user text is quoted
/// through `DiagnosticText` where the message is made, and the whole line is escaped and cut here
/// again, so a path or a library's reason cannot smuggle control bytes or megabytes in either.
public enum Diagnostics {
    /// stderr's writer, made at the first report (nil until then).
    private static let madeWriter = LockedValue<LineWriter?>(nil)
    /// Set by `close`: a report after the finish wrote its last lines is not news to anyone.
    private static let isClosed = LockedValue(false)

    /// stderr's writer, made now if no report made it yet; nil once closed.
    private static var standardError: LineWriter? {
        guard !isClosed.withLock({ $0 }) else { return nil }
        return madeWriter.withLock { writer in
            if writer == nil { writer = LineWriter.withThreadIfPossible(descriptor: STDERR_FILENO, name: "stderr writer") }
            return writer
        }
    }

    /// The most bytes of a report's text (after the program's name), escapes included, before it
    /// is cut with "…": room for a path and a quotation of `DiagnosticText.quotedLimitBytes` each.
    public static let reportLimitBytes = 2048

    /// Queues `kiosk-spinner: <message>` for stderr, with control characters in `message`
    /// escaped and the message cut at `reportLimitBytes`.
    public static func report(_ message: String) {
        standardError?.post("kiosk-spinner: " + DiagnosticText.shown(message, limitBytes: reportLimitBytes))
    }

    /// Queues `text` for stderr as it is (the usage after a bad option).
    public static func show(_ text: String) {
        standardError?.post(text)
    }

    /// Waits until every report queued is written, at most until `deadline` (`MonotonicClock`
    /// nanoseconds): the first step of the program's finish.
    package static func drain(until deadline: UInt64) {
        madeWriter.withLock { $0 }?.drain(until: deadline)
    }

    /// Drops every report from now on: the last step of the program's finish.
    package static func close() {
        isClosed.withLock { $0 = true }
        madeWriter.withLock { $0 }?.close()
    }

    /// Writes all of `text` to `descriptor`, retrying short and interrupted writes; returns false
    /// when the descriptor is closed or broken.
    @discardableResult
    public static func writeAll(_ text: String, to descriptor: Int32) -> Bool {
        (try? FileDescriptor(borrowing: descriptor).writeAll(text.utf8)) != nil
    }
}
