/// The `--help` screen, laid out like swift-argument-parser's: OVERVIEW, USAGE, ARGUMENTS,
/// OPTIONS, with help text from column 27.
extension CommandLineInterface {
    /// The full help text, ending with a newline.
    public static var helpText: String {
        var lines = [
            "OVERVIEW: Renders the QQ account page's arc-avatar animation as Core Animation",
            "plays it and writes an animated GIF.",
            "",
            "USAGE: \(usageLine)",
            "",
            "ARGUMENTS:",
            row("<output>", "The GIF to write (with --check, the GIF to compare)."),
            "",
            "OPTIONS:",
        ]
        for setting in Setting.allCases {
            lines.append(row("\(setting.flag) \(setting.valueName)", setting.help))
        }
        lines += [
            row("--scene <file.json>", "Read settings from a scene file; flags override it."),
            row("--frames <dir>", "Also write every frame as PNG into <dir> (frame k shows t = k/fps)."),
            row("--check", "Write nothing; exit 0 if <output> is byte-identical to what would be rendered, 1 if not."),
            row("--quiet", "No progress output."),
            row("--timings", "Print where the time went, on standard error."),
            row("--version", "Show the version."),
            row("-h, --help", "Show help information."),
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    /// The lines printed after a usage error.
    public static var usageHint: String {
        "Usage: \(usageLine)\n  See '\(commandName) --help' for more information.\n"
    }

    private static func row(_ name: String, _ help: String) -> String {
        let indent = "  ", column = 24
        if name.count < column - 1 {
            return indent + name + String(repeating: " ", count: column - name.count) + help
        }
        return indent + name + "\n" + indent + String(repeating: " ", count: column) + help
    }
}
