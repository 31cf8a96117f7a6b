import Foundation
import KioskTestSupport

/// Every example in the documentation, read from the files at test time: the fenced blocks of
/// README.md, PROTOCOL.md and docs/*.md and the `.nf` blocks of the man page's EXAMPLES, each
/// with its annotation (see `ExampleAnnotation`), and every problem that keeps one from being
/// checked (an example without an annotation, an annotation that cannot be read or belongs to
/// no example, a runnable block tagged with a language the test does not know).
struct ExampleCatalog: Sendable {
    /// The examples with a readable annotation.
    var examples: [DocumentationExample] = []
    /// What is wrong, one line each, naming the file and line.
    var problems: [String] = []

    /// The man page, relative to the package root.
    static let manPage = "kiosk-spinner.1"
    /// Language tags that mean a runnable example but are not the three the test runs; an example
    /// tagged so would escape the check, so it counts as a problem.
    static let unrunnableSpellings: Set<String> = ["bash", "shell", "console", "zsh", "py", "python3", "cc", "h"]

    /// The catalog of the package this source file belongs to.
    static let current = ExampleCatalog(root: PackageFile.root)

    /// Reads the documents under `root`.
    init(root: URL) {
        for file in Self.markdownFiles(root: root) + [Self.manPage] {
            guard let text = try? String(contentsOf: root.appendingPathComponent(file), encoding: .utf8) else {
                problems.append("\(file): cannot be read")
                continue
            }
            if file == Self.manPage { readManPage(text) } else { readMarkdown(text, file: file) }
        }
    }

    /// README.md, PROTOCOL.md and every docs/*.md, in that order.
    static func markdownFiles(root: URL) -> [String] {
        let documents = (try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("docs").path)) ?? []
        return ["README.md", "PROTOCOL.md"] + documents.filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
    }

    /// An annotation found on a line, waiting for its block.
    private struct Pending {
        var line: Int
        var text: String
    }

    private mutating func readMarkdown(_ text: String, file: String) {
        let lines = text.components(separatedBy: "\n")
        var pending: Pending?
        var index = 0
        while index < lines.count {
            let line = lines[index]
            let stripped = line.drop { $0 == " " }
            let fence = stripped.prefix { $0 == "`" }.count >= 3 ? stripped.prefix { $0 == "`" }
                : stripped.prefix { $0 == "~" }.count >= 3 ? stripped.prefix { $0 == "~" } : nil
            guard let fence else {
                if let annotation = Self.annotationText(markdownLine: line) {
                    if let pending { problems.append("\(file):\(pending.line): annotation followed by no code block") }
                    pending = Pending(line: index + 1, text: annotation)
                } else if !line.trimmingCharacters(in: .whitespaces).isEmpty, let stray = pending {
                    problems.append("\(file):\(stray.line): annotation followed by no code block")
                    pending = nil
                }
                index += 1
                continue
            }
            let tag = stripped.dropFirst(fence.count).trimmingCharacters(in: .whitespaces)
                .split(separator: " ").first.map { $0.lowercased() } ?? ""
            let opening = index + 1
            var body: [String] = []
            index += 1
            while index < lines.count {
                let closing = lines[index].drop { $0 == " " }
                if closing.hasPrefix(fence), closing.drop(while: { $0 == fence.first }).trimmingCharacters(in: .whitespaces).isEmpty { break }
                body.append(lines[index])
                index += 1
            }
            index += 1
            add(tag: tag, code: body.joined(separator: "\n") + "\n", file: file, line: opening, annotation: pending)
            pending = nil
        }
        if let pending { problems.append("\(file):\(pending.line): annotation followed by no code block") }
    }

    /// The annotation's text in an HTML comment line `<!-- example: ... -->`, or nil.
    private static func annotationText(markdownLine line: String) -> String? {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        let opening = "<!--", closing = "-->"
        guard trimmed.hasPrefix(opening), trimmed.hasSuffix(closing) else { return nil }
        let inside = trimmed.dropFirst(opening.count).dropLast(closing.count).trimmingCharacters(in: .whitespaces)
        guard inside.hasPrefix(ExampleAnnotation.keyword) else { return nil }
        return String(inside.dropFirst(ExampleAnnotation.keyword.count))
    }

    /// Reads the `.nf` ... `.fi` blocks of the section EXAMPLES; every one is an `sh` example.
    /// Its annotation is a `.\" example: ...` line before it, with only `.PP` and `.RS` between.
    private mutating func readManPage(_ text: String) {
        let file = Self.manPage
        let lines = text.components(separatedBy: "\n")
        let commentPrefix = #".\" "# + ExampleAnnotation.keyword
        var inExamples = false
        var pending: Pending?
        var index = 0
        while index < lines.count {
            let line = lines[index]
            if line.hasPrefix(".SH") {
                inExamples = line.trimmingCharacters(in: .whitespaces) == ".SH EXAMPLES"
            }
            if line.hasPrefix(commentPrefix) {
                if let pending { problems.append("\(file):\(pending.line): annotation followed by no example") }
                pending = Pending(line: index + 1, text: String(line.dropFirst(commentPrefix.count)))
            } else if inExamples, line == ".nf" {
                let opening = index + 1
                var body: [String] = []
                index += 1
                while index < lines.count, lines[index] != ".fi" {
                    if !lines[index].hasPrefix(#".\""#) { body.append(Self.unescapedRoff(lines[index])) }
                    index += 1
                }
                add(tag: DocumentationExample.Language.sh.rawValue, code: body.joined(separator: "\n") + "\n",
                    file: file, line: opening, annotation: pending)
                pending = nil
            } else if ![".PP", ".RS"].contains(line), let stray = pending {
                problems.append("\(file):\(stray.line): annotation followed by no example")
                pending = nil
            }
            index += 1
        }
    }

    /// The text a reader sees for a line of roff: `\-` is `-`, `\e` a backslash, `\&` nothing,
    /// `\(aq` and `\(dq` quotes.
    static func unescapedRoff(_ line: String) -> String {
        let named: [String: String] = ["aq": "'", "dq": "\"", "lq": "\"", "rq": "\"", "ga": "`", "ti": "~", "ha": "^"]
        var result = ""
        var rest = line[...]
        while let backslash = rest.firstIndex(of: "\\") {
            result += rest[..<backslash]
            rest = rest[rest.index(after: backslash)...]
            guard let escape = rest.first else { result += "\\"; break }
            rest = rest.dropFirst()
            switch escape {
            case "-": result += "-"
            case "e", "\\": result += "\\"
            case "&": break
            case "(":
                let name = String(rest.prefix(2))
                result += named[name] ?? "\\(" + name
                rest = rest.dropFirst(2)
            default: result += "\\" + String(escape)
            }
        }
        return result + rest
    }

    /// Records the block at `file`:`line` tagged `tag` with the annotation text `pending`.
    private mutating func add(tag: String, code: String, file: String, line: Int, annotation pending: Pending?) {
        let place = "\(file):\(line)"
        guard let language = DocumentationExample.Language(rawValue: tag) else {
            if Self.unrunnableSpellings.contains(tag) {
                problems.append("\(place): a \"\(tag)\" block is never run: tag it sh, python or c")
            } else if pending != nil {
                problems.append("\(place): annotation on a \"\(tag)\" block, which is not run (only sh, python and c are)")
            }
            return
        }
        guard let pending else {
            problems.append("\(place): \(tag) example without an annotation (<!-- example: exits 0 --> or <!-- example: skip, reason: WHY -->)")
            return
        }
        do {
            let annotation = try ExampleAnnotation(parsing: pending.text)
            examples.append(DocumentationExample(file: file, line: line, language: language, code: code, annotation: annotation))
        } catch {
            problems.append("\(place): \(error)")
        }
    }
}
