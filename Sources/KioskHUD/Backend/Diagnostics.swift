import Foundation

/// Where kiosk-spinner says what went wrong: one line each on stderr, prefixed with the
/// program's name. The one place that writes to stderr, so no thread touches C's `stderr`.
public enum Diagnostics {
    /// Writes `kiosk-spinner: <message>` and a newline to stderr.
    public static func report(_ message: String) {
        FileHandle.standardError.write(Data("kiosk-spinner: \(message)\n".utf8))
    }

    /// Reports a rejected input line as `kiosk-spinner: line N: <problem>`.
    static func report(_ error: CommandError, line: Int) {
        report("line \(line): \(error)")
    }
}
