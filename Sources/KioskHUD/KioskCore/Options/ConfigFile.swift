/// A settings file: the long options without their dashes, one `name = value` a line; `#` starts
/// a comment line; blank lines are ignored. A flag takes `true`/`yes`/`on`/`1` (or
/// `false`/`no`/`off`/`0` to leave it off). Settings apply in order, before the command line,
/// whose options win. Bounded like stdin: a line ends at `\n` (a `\r` before it is dropped) and
/// holds at most `LaunchOptions.lineLimitBytes` bytes; the file holds at most `maximumBytes`.
public enum ConfigFile {
    /// A bad file or line, reported as `FILE:LINE: what is wrong` (or `FILE: what is wrong`).
    public struct Problem: Error, Sendable, Equatable, CustomStringConvertible {
        /// The file's name as given.
        public var file: String
        /// The line's number, from 1; nil for a problem with the whole file.
        public var line: Int?
        /// What is wrong with it.
        public var reason: String

        public var description: String {
            DiagnosticText.shown(file) + (line.map { ":\($0)" } ?? "") + ": " + reason
        }
    }

    /// The largest settings file read, in bytes: a complete `--print-config` is about 2 KiB, so
    /// 64 KiB leaves room for comments while a wrong file is refused before it costs anything.
    public static let maximumBytes = 64 * 1024

    /// The options that make no sense in a file.
    static let commandLineOnly: Set<Option> = [.help, .version, .config, .printConfig, .snapshot, .at]

    /// Applies the settings in `text` (the contents of `file`) to `options`.
    public static func apply(_ text: String, file: String, to options: inout LaunchOptions) throws(Problem) {
        try apply(Array(text.utf8), file: file, to: &options)
    }

    /// Applies the settings in `contents`, the bytes of `file` (invalid UTF-8 is read as U+FFFD),
    /// to `options`. A reader may stop after `maximumBytes + 1` bytes: a longer file is refused
    /// whatever follows. Every line's length is checked before anything is parsed, then the
    /// file's size, then the lines in order; the first problem is thrown.
    public static func apply(_ contents: [UInt8], file: String, to options: inout LaunchOptions) throws(Problem) {
        let lines = contents.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { line in
            line.last == UInt8(ascii: "\r") ? line.dropLast() : line
        }
        if let index = lines.firstIndex(where: { $0.count > LaunchOptions.lineLimitBytes }) {
            throw Problem(file: file, line: index + 1, reason: "line longer than \(LaunchOptions.lineLimitBytes) bytes")
        }
        guard contents.count <= maximumBytes else {
            throw Problem(file: file, line: nil,
                          reason: "larger than \(maximumBytes) bytes; a settings file is at most \(maximumBytes / 1024) KiB")
        }
        for (index, bytes) in lines.enumerated() {
            try apply(line: String(decoding: bytes, as: UTF8.self), number: index + 1, file: file, to: &options)
        }
    }

    /// Applies one line, numbered `number` from 1.
    private static func apply(line rawLine: String, number: Int, file: String, to options: inout LaunchOptions) throws(Problem) {
        let line = rawLine.trimmingBlanks()
        guard !line.isEmpty, !line.hasPrefix("#") else { return }
        func problem(_ reason: String) -> Problem { Problem(file: file, line: number, reason: reason) }
        guard let equals = line.firstIndex(of: "=") else {
            throw problem("expected \"name = value\", got \(DiagnosticText.quoted(line))")
        }
        let name = String(line[..<equals]).trimmingBlanks()
        let value = String(line[line.index(after: equals)...]).trimmingBlanks()
        guard let option = Option(rawValue: "--" + name), !commandLineOnly.contains(option) else {
            throw problem("unknown setting \(DiagnosticText.quoted(name))")
        }
        do {
            if option.expectedValue == nil {
                switch value.lowercased() {
                case "true", "yes", "on", "1": try option.apply(value: "", to: &options)
                case "false", "no", "off", "0": return
                default: throw problem("\"\(name)\" takes true or false, not \(DiagnosticText.quoted(value))")
                }
            } else {
                try option.apply(value: value, to: &options)
            }
        } catch let error as OptionError {
            throw problem(error.description.replacingOccurrencesOfOptionName(option.rawValue, with: name))
        } catch let error as Problem {
            throw error
        } catch {
            throw problem("\(error)")
        }
    }

    /// `options` as a settings file that `apply` reads back to the same options: every setting,
    /// with unset ones commented out.
    public static func text(of options: LaunchOptions) -> String {
        var lines = ["# kiosk-spinner settings (kiosk-spinner --print-config)"]
        for option in Option.allCases where !commandLineOnly.contains(option) {
            let name = String(option.rawValue.dropFirst(2))
            switch option.settingValue(in: options) {
            case .some(let values): lines += values.map { "\(name) = \($0)" }
            case .none: lines.append("# \(name) =")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

extension String {
    fileprivate func replacingOccurrencesOfOptionName(_ option: String, with name: String) -> String {
        hasPrefix(option) ? "\"" + name + "\"" + dropFirst(option.count) : self
    }
}
