import Glibc

/// Where kiosk-spinner says what went wrong: one line each on stderr, prefixed with the
/// program's name. The one place that writes to stderr, so no thread touches C's `stderr`.
public enum Diagnostics {
    /// Writes `kiosk-spinner: <message>` and a newline to stderr.
    public static func report(_ message: String) {
        writeAll("kiosk-spinner: \(message)\n", to: STDERR_FILENO)
    }

    /// Reports a rejected input line as `kiosk-spinner: line N: <problem>`.
    static func report(_ error: CommandError, line: Int) {
        report("line \(line): \(error)")
    }

    /// Writes all of `text` to `descriptor`, retrying short and interrupted writes; gives up
    /// silently when the descriptor is closed or broken.
    public static func writeAll(_ text: String, to descriptor: Int32) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if written < 0, errno == EINTR { continue }
            guard written > 0 else { return }
            bytes = bytes.dropFirst(written)
        }
    }
}
