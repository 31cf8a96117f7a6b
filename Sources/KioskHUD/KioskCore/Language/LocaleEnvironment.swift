/// The locale a program's environment asks for, read as a C program and glibc's gettext read
/// it: a category is `LC_ALL`, else its own variable (`LC_MESSAGES`, `LC_NUMERIC`), else
/// `LANG`; messages follow gettext's `LANGUAGE` list first, unless the messages' locale is
/// exactly `C` or `POSIX` (`C.UTF-8` does not stop it), and a `C` in the list means English from
/// there on.
public struct LocaleEnvironment: Sendable, Equatable {
    /// The variables read, by name; an empty one counts as unset.
    private let values: [String: String]

    /// The variables that choose a locale.
    public static let names = ["LC_ALL", "LC_MESSAGES", "LC_NUMERIC", "LANG", "LANGUAGE"]

    /// The locale that `value` (an environment lookup) asks for.
    public init(_ value: (String) -> String?) {
        var values: [String: String] = [:]
        for name in Self.names {
            if let found = value(name), !found.isEmpty { values[name] = found }
        }
        self.values = values
    }

    /// No locale asked for: English texts, numbers as C writes them.
    public init() {
        values = [:]
    }

    private func category(_ name: String) -> String? {
        values["LC_ALL"] ?? values[name] ?? values["LANG"]
    }

    /// The languages messages may be in, the preferred first (an empty list: English).
    public var messageLocales: [LocaleName] {
        guard let messages = category("LC_MESSAGES"), !Self.isPlainC(messages) else { return [] }
        var locales: [LocaleName] = []
        for entry in (values["LANGUAGE"] ?? "").split(separator: ":").map(String.init) {
            if Self.isPlainC(entry) { return locales + Self.english }
            if let locale = LocaleName(entry) { locales.append(locale) }
        }
        return locales + (LocaleName(messages).map { [$0] } ?? [])
    }

    /// English, which the C locale speaks.
    private static let english = [LocaleName("en")].compactMap { $0 }

    /// True for the locales that mean "no translation" to gettext: `C` and `POSIX` themselves.
    private static func isPlainC(_ name: String) -> Bool { name == "C" || name == "POSIX" }

    /// The locale numbers are written in, or nil for C's way.
    public var numericLocale: LocaleName? {
        category("LC_NUMERIC").flatMap(LocaleName.init)
    }
}
