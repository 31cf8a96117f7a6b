import KioskCore
import KioskPlatform

/// The options in force: the settings file's (`--config FILE`, else the first of
/// `$XDG_CONFIG_HOME/kiosk-spinner/config` and `/etc/kiosk-spinner.conf` that exists), then the
/// command line's, which win; with the locale the environment asks for, and `--message-env`'s
/// variable read. The settings file must be a regular file (a FIFO or a device is
/// refused, never waited on) and is read only up to `ConfigFile.maximumBytes` and one more byte.
public enum LaunchConfiguration {
    /// Why the program cannot start with these settings (exit 2).
    public enum Failure: Error, CustomStringConvertible {
        /// A bad command-line option (print the usage too).
        case option(OptionError)
        /// A bad settings file.
        case settings(String)

        public var description: String {
            switch self {
            case .option(let error): return "\(error)"
            case .settings(let text): return text
            }
        }
    }

    /// The options for `arguments` (without the program's name).
    public static func load(arguments: [String]) throws(Failure) -> LaunchOptions {
        let commandLine: LaunchOptions
        // A first reading finds --config; what the options need of each other is checked once
        // the settings file is in (its `listen` satisfies a command line's --listen-group).
        do { commandLine = try OptionParser.parse(arguments, checkingCombinations: false) } catch { throw .option(error) }
        var base = LaunchOptions()
        if let path = commandLine.configPath ?? defaultSettingsFile {
            let contents: [UInt8]
            do throws(RegularFile.Refusal) {
                contents = try RegularFile(opening: path).read(atMost: ConfigFile.maximumBytes + 1)
            } catch {
                throw .settings("cannot read the settings file \(error)")
            }
            do { try ConfigFile.apply(contents, file: path, to: &base) } catch { throw .settings(error.description) }
        }
        var options: LaunchOptions
        do { options = try OptionParser.parse(arguments, over: base) } catch { throw .option(error) }
        options.localeEnvironment = LocaleEnvironment(Environment.value)
        if let name = options.messageVariable, let value = Environment.value(name), !value.isEmpty {
            options.message = LaunchOptions.text(value)
        }
        return options
    }

    /// The first default settings file that exists.
    static var defaultSettingsFile: String? {
        let userFolder = Environment.value("XDG_CONFIG_HOME") ?? Environment.value("HOME").map { $0 + "/.config" }
        let candidates = [userFolder.map { $0 + "/kiosk-spinner/config" }, "/etc/kiosk-spinner.conf"].compactMap { $0 }
        return candidates.first(where: Environment.isReadable)
    }
}
