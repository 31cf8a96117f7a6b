/// The locale a program's environment asks for, read as a C program and gettext read it: a
/// category is `LC_ALL`, else its own variable (`LC_MESSAGES`, `LC_NUMERIC`), else `LANG`;
/// messages also follow gettext's `LANGUAGE` list, unless the messages' locale is `C` or `POSIX`.
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
        guard let messages = category("LC_MESSAGES"), let locale = LocaleName(messages) else { return [] }
        let listed = values["LANGUAGE"].map { $0.split(separator: ":").compactMap { LocaleName(String($0)) } } ?? []
        return listed + [locale]
    }

    /// The locale numbers are written in, or nil for C's way.
    public var numericLocale: LocaleName? {
        category("LC_NUMERIC").flatMap(LocaleName.init)
    }
}
