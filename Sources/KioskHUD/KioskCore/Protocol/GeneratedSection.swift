/// A part of a document made from the code's tables, between its markers (`<!-- generated: NAME
/// ... -->` and `<!-- end generated: NAME -->` in Markdown, the same words after roff's `.\"` in
/// the man page): what `scripts/generate-docs` writes and a test keeps current.
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
        GeneratedSection(name: "events", documents: ["PROTOCOL.md"], text: EventReference.markdownTable),
        GeneratedSection(name: "exit-statuses", documents: ["README.md"], text: ExitStatus.paragraph(width: 100)),
        GeneratedSection(name: "option-entries", documents: ["kiosk-spinner.1"], text: ManualPage.optionEntries),
        GeneratedSection(name: "psplash-option-entries", documents: ["kiosk-spinner.1"], text: ManualPage.psplashOptionEntries),
        GeneratedSection(name: "zenity-option-entries", documents: ["kiosk-spinner.1"], text: ManualPage.zenityOptionEntries),
        GeneratedSection(name: "command-entries", documents: ["kiosk-spinner.1"], text: ManualPage.commandEntries),
        GeneratedSection(name: "event-entries", documents: ["kiosk-spinner.1"], text: ManualPage.eventEntries),
        GeneratedSection(name: "exit-status-entries", documents: ["kiosk-spinner.1"], text: ManualPage.exitStatusEntries),
    ] }

    /// How a document writes the comment lines that are the markers: roff's for a man page
    /// (`kiosk-spinner.1`), HTML's for Markdown.
    enum CommentStyle {
        case html, roff

        init(document: String) {
            self = document.hasSuffix(".md") ? .html : .roff
        }

        /// `words` as a comment line.
        func line(_ words: String) -> String {
            switch self {
            case .html: return "<!-- \(words) -->"
            case .roff: return #".\" "# + words
            }
        }

        /// What every comment line begins with.
        var prefix: String { line("").prefix { $0 != " " } + " " }
    }

    /// The opening marker's line in `document`.
    public func opening(in document: String) -> String {
        CommentStyle(document: document).line("generated: \(name) (from the code's tables by scripts/generate-docs; edit them, not this)")
    }

    /// The closing marker's line in `document`.
    public func closing(in document: String) -> String { CommentStyle(document: document).line("end generated: \(name)") }

    /// `text`, the content of `document`, with what stands between this section's markers
    /// replaced by the section's text; nil when it lacks either marker.
    public func written(into text: String, of document: String) -> String? {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let openingStart = CommentStyle(document: document).prefix + "generated: \(name) "
        let closing = closing(in: document)
        guard let start = lines.firstIndex(where: { $0.hasPrefix(openingStart) }),
              let end = lines[start...].firstIndex(of: closing) else { return nil }
        let section = self.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        lines.replaceSubrange(start...end, with: [opening(in: document)] + section + [closing])
        return lines.joined(separator: "\n")
    }
}
