/// A part of a document made from the code's tables, between `<!-- generated: NAME ... -->` and
/// `<!-- end generated: NAME -->`: what `scripts/generate-docs` writes and a test keeps current.
public struct GeneratedSection: Sendable {
    /// The section's name in its markers (`commands`).
    public var name: String
    /// The documents it stands in, relative to the package root.
    public var documents: [String]
    /// What stands between the markers, without a final newline.
    public var text: String

    /// Every generated section.
    public static var all: [GeneratedSection] { [
        GeneratedSection(name: "commands", documents: ["README.md", "PROTOCOL.md"], text: CommandReference.markdownTable),
        GeneratedSection(name: "options", documents: ["README.md"], text: Usage.optionsMarkdownTable),
        GeneratedSection(name: "exit-statuses", documents: ["README.md"], text: ExitStatus.paragraph(width: 100)),
    ] }

    /// The opening marker's line.
    public var opening: String { "<!-- generated: \(name) (from the code's tables by scripts/generate-docs; edit them, not this) -->" }
    /// The closing marker's line.
    public var closing: String { "<!-- end generated: \(name) -->" }

    /// `document` with what stands between this section's markers replaced by `text`; nil when
    /// the document lacks either marker.
    public func written(into document: String) -> String? {
        var lines = document.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let start = lines.firstIndex(where: { $0.hasPrefix("<!-- generated: \(name) ") }),
              let end = lines[start...].firstIndex(of: closing) else { return nil }
        lines.replaceSubrange(start...end, with: [opening] + text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) + [closing])
        return lines.joined(separator: "\n")
    }
}
