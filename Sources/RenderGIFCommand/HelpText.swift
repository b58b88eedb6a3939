import RenderGIF
/// The `--help` screen, laid out like swift-argument-parser's: OVERVIEW, USAGE, ARGUMENTS,
/// OPTIONS, with help text from column 27.
extension CommandLineInterface {
    /// The full help text, ending with a newline.
    package static var helpText: String {
        var lines = [
            "OVERVIEW: Renders the QQ account page's arc-avatar animation as Core Animation",
            "plays it and writes an animated GIF.",
            "",
            "USAGE: \(usageLine)",
            "",
            "ARGUMENTS:",
            row("<output>", "The GIF to write, - for standard output (with --check, the GIF to compare)."),
            "",
            "OPTIONS:",
        ]
        for setting in Setting.allCases {
            lines.append(row(setting.takesValue ? "\(setting.flag) \(setting.valueName)" : setting.flag, setting.help))
        }
        lines += [
            row("--scene <file.json>", "Read settings from a scene file; flags override it."),
            row("--frames <dir>", "Also write every frame as PNG into <dir> (frame k shows t = k/fps), removing older frames beyond the last."),
            row("--check", "Write nothing; exit 0 if <output> (and the --poster still) are byte-identical to what would be rendered, 1 if not."),
            row("--quiet", "No progress output."),
            row("--timings", "Print where the time went, on standard error."),
            row("--version", "Show the version."),
            row("-h, --help", "Show help information."),
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    /// The lines printed after a usage error.
    package static var usageHint: String {
        "Usage: \(usageLine)\n  See '\(commandName) --help' for more information.\n"
    }

    /// One option: the name, then the help from column 27, wrapped to 80 columns; a name
    /// too long for its column puts the help on the next line.
    private static func row(_ name: String, _ help: String) -> String {
        let indent = "  ", column = 24, width = 80
        let helpIndent = indent + String(repeating: " ", count: column)
        var lines: [String] = []
        var current = ""
        // "(default: x)" stays on one line.
        var words: [String] = []
        for word in help.split(separator: " ").map(String.init) {
            if words.last == "(default:" { words[words.count - 1] += " " + word } else { words.append(word) }
        }
        for word in words {
            if !current.isEmpty && helpIndent.count + current.count + 1 + word.count > width {
                lines.append(current)
                current = String(word)
            } else {
                current += (current.isEmpty ? "" : " ") + word
            }
        }
        lines.append(current)
        let body = lines.joined(separator: "\n" + helpIndent)
        if name.count < column - 1 {
            return indent + name + String(repeating: " ", count: column - name.count) + body
        }
        return indent + name + "\n" + helpIndent + body
    }
}
