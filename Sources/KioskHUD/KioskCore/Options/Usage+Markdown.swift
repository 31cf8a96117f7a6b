extension Usage {
    /// The options as a Markdown table (`--name VALUE` and the line `--help` gives it), in the
    /// order of `--help`, without a final newline: README.md's quick reference.
    public static var optionsMarkdownTable: String {
        (["| option | what it does |", "|---|---|"]
            + Option.allCases.map { option in
                let spelling = option.rawValue + (option.expectedValue.map { " " + $0 } ?? "")
                return "| `\(cell(spelling))` | \(cell(option.summary)) |"
            })
            .joined(separator: "\n")
    }

    /// `text` in a Markdown table's cell: its bars escaped (in a code span too).
    private static func cell(_ text: String) -> String { text.replacingAll("|", with: "\\|") }
}
