/// One example in the documentation: a fenced `sh`, `python` or `c` block of a Markdown file, or
/// a `.nf` block in the man page's EXAMPLES, as written there, with its annotation.
struct DocumentationExample: Sendable, CustomStringConvertible {
    /// The language of an example, which says how it runs.
    enum Language: String, Sendable, CaseIterable {
        /// Run by `/bin/sh`.
        case sh
        /// Run by `python3`.
        case python
        /// Compiled by `cc` against libc alone, then run.
        case c

        /// The name the example's file gets in its working folder.
        var fileName: String {
            switch self {
            case .sh: return "example.sh"
            case .python: return "example.py"
            case .c: return "example.c"
            }
        }
    }

    /// The file it is in, relative to the package root.
    var file: String
    /// The line of its opening fence (or `.nf`), counting from 1.
    var line: Int
    /// Its language.
    var language: Language
    /// Its text, as a reader would copy it.
    var code: String
    /// What it must do.
    var annotation: ExampleAnnotation

    var description: String { "\(file):\(line) (\(language.rawValue))" }
}
