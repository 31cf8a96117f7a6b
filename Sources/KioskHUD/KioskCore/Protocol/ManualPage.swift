/// The parts of the man page made from the code's tables: the entries of kiosk-spinner.1's
/// OPTIONS (psplash's and zenity's too), COMMANDS, EVENTS and EXIT STATUS, in roff, each a `.TP`, its name's line and what the table
/// says of it (`scripts/generate-docs` writes them between the page's markers).
enum ManualPage {
    /// Every option of `Option`, in its order: `.B \%\-\-size \fIPX|auto\fR` and its paragraphs.
    static var optionEntries: String {
        entries(Option.allCases.map { option in
            let value = option.expectedValue.map { #" \fI"# + escaped($0) + #"\fR"# } ?? ""
            return (".B " + escaped(option.rawValue) + value, option.manual)
        })
    }

    /// Every `PsplashOption`: its spellings and value (`.BR \%\-a ", " \%\-\-angle " \fI0|90|180|270\fR"`)
    /// and its paragraph.
    static var psplashOptionEntries: String {
        entries(PsplashOption.allCases.map { option in
            let value = option.expectedValue.map { #" " \fI"# + $0 + #"\fR""# } ?? ""
            return (".BR " + option.spellings.map(escaped).joined(separator: #" ", " "#) + value, option.manual)
        })
    }

    /// zenity's options listed one by one (`.B \%\-\-text \fITEXT\fR`), those side by side with the
    /// same paragraph under one, each name after the first on a `.TQ`; then the paragraph naming
    /// the other dialogs' options, which zenity `--progress` takes and ignores.
    static var zenityOptionEntries: String {
        var groups: [(names: [String], body: String)] = []
        for option in ZenityOption.allCases {
            guard let body = option.manual else { continue }
            let name = ".B " + escaped(option.rawValue) + (option.expectedValue.map { #" \fI"# + $0 + #"\fR"# } ?? "")
            if groups.last?.body == body {
                groups[groups.count - 1].names.append(name)
            } else {
                groups.append(([name], body))
            }
        }
        let others = ZenityOption.allCases.filter { $0.manual == nil }.map { option in
            #"\fB"# + escaped(option.rawValue) + #"\fR"# + (option.expectedValue.map { #" \fI"# + $0 + #"\fR"# } ?? "")
        }
        return entries(groups.map { ($0.names.joined(separator: "\n.TQ\n"), $0.body) })
            + "\n.PP\nAlso accepted and ignored, as zenity \\-\\-progress ignores these options of other dialogs:\n"
            + others.joined(separator: ",\n") + "."
    }

    /// Every row of `CommandReference`: its forms (`\fB\%msg\fR \fI\%TEXT\fR, ...`) and its paragraphs.
    static var commandEntries: String {
        entries(CommandReference.entries.map { ($0.forms.map(styled(form:)).joined(separator: ", "), $0.manual) })
    }

    /// Every row of `EventReference`: its line (`\fB\%grab\-lost\fR`, or "the status line") and its
    /// paragraphs.
    static var eventEntries: String {
        entries(EventReference.entries.map { ($0.line.map(styled(form:)) ?? "the status line", $0.manual) })
    }

    /// Every `ExitStatus`: `.B 2` and its paragraph.
    static var exitStatusEntries: String {
        entries(ExitStatus.allCases.map { (".B \($0.rawValue)", $0.manual) })
    }

    /// `text` with its hyphens written as roff's minus sign, as options and commands are typed,
    /// and never broken at a line's end (`\%`: groff 1.24, Debian sid's, set `--no-interaction` as
    /// "--no-in‐" and "teraction" on the next line).
    static func escaped(_ text: String) -> String { #"\%"# + text.replacingAll("-", with: #"\-"#) }

    /// Tagged paragraphs, one after another, without a final newline.
    private static func entries(_ list: [(tag: String, body: String)]) -> String {
        list.map { ".TP\n\($0.tag)\n\($0.body)" }.joined(separator: "\n")
    }

    /// A command's form with the words the host writes in bold and what stands for a value (in
    /// capitals, `[TEXT]` when it may be left out) in italics.
    private static func styled(form: String) -> String {
        form.split(separator: " ").map { word in
            let optional = word.hasPrefix("[") && word.hasSuffix("]")
            let bare = optional ? String(word.dropFirst().dropLast()) : String(word)
            let isValue = bare.allSatisfy { !$0.isLowercase }
            let styled = (isValue ? #"\fI"# : #"\fB"#) + escaped(bare) + #"\fR"#
            return optional ? "[\(styled)]" : styled
        }.joined(separator: " ")
    }
}
