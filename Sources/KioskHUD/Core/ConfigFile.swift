/// A settings file: the long options without their dashes, one `name = value` a line; `#` starts
/// a comment line; blank lines are ignored. A flag takes `true`/`yes`/`on`/`1` (or
/// `false`/`no`/`off`/`0` to leave it off). Settings apply in order, before the command line,
/// whose options win.
public enum ConfigFile {
    /// A bad line, reported as `FILE:LINE: what is wrong`.
    public struct Problem: Error, Sendable, Equatable, CustomStringConvertible {
        /// The file's name as given.
        public var file: String
        /// The line's number, from 1.
        public var line: Int
        /// What is wrong with it.
        public var reason: String

        public var description: String { "\(file):\(line): \(reason)" }
    }

    /// The options that make no sense in a file.
    static let commandLineOnly: Set<Option> = [.help, .version, .config, .printConfig, .snapshot, .at]

    /// Applies the settings in `text` (the contents of `file`) to `options`.
    public static func apply(_ text: String, file: String, to options: inout LaunchOptions) throws(Problem) {
        for (index, rawLine) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            let line = String(rawLine).trimmingBlanks()
            guard !line.isEmpty, !line.hasPrefix("#") else { continue }
            func problem(_ reason: String) -> Problem { Problem(file: file, line: index + 1, reason: reason) }
            guard let equals = line.firstIndex(of: "=") else { throw problem("expected \"name = value\", got \"\(line)\"") }
            let name = String(line[..<equals]).trimmingBlanks()
            let value = String(line[line.index(after: equals)...]).trimmingBlanks()
            guard let option = Option(rawValue: "--" + name), !commandLineOnly.contains(option) else {
                throw problem("unknown setting \"\(name)\"")
            }
            do {
                if option.expectedValue == nil {
                    switch value.lowercased() {
                    case "true", "yes", "on", "1": try option.apply(value: "", to: &options)
                    case "false", "no", "off", "0": continue
                    default: throw problem("\"\(name)\" takes true or false, not \"\(value)\"")
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
