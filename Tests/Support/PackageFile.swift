import Foundation

/// A file of the package (README.md, PROTOCOL.md, the man page, the unit), read by tests that
/// keep the documentation and the code saying the same.
package enum PackageFile {
    /// The package root: three folders above this file.
    package static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The text of `path`, relative to the package root.
    package static func text(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    /// The lines of `text` from the first that is `start` up to (not including) the next line
    /// that starts with `end`.
    package static func section(of text: String, from start: String, toNext end: String) -> [Substring] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard let first = lines.firstIndex(where: { $0 == start }) else { return [] }
        let rest = lines[(first + 1)...]
        return Array(rest.prefix { !$0.hasPrefix(end) })
    }
}
