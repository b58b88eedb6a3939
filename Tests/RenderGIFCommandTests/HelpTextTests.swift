import RenderGIF
@testable import RenderGIFCommand
import Testing

/// The `--help` screen: its sections, one row per flag, and the column its help text starts in.
@Suite enum HelpTextTests {
    /// Help text starts at column 27, that is after 26 characters.
    static let helpColumn = 26

    struct Row: Equatable {
        let name: String
        let help: String
        let wrapped: Bool
    }

    /// True for a line that continues a row's help: 26 spaces, then text.
    static func isContinuation(_ line: [Character]) -> Bool {
        line.count > helpColumn && line.prefix(helpColumn).allSatisfy { $0 == " " } && line[helpColumn] != " "
    }

    /// The rows of `lines`: "  name   help" on one line, or "  name" with the help on the next
    /// line after 26 spaces; help wrapped over further indented lines is joined with spaces.
    static func rows(_ lines: [Substring]) -> [Row] {
        var rows: [Row] = []
        var index = 0
        while index < lines.count {
            if let last = rows.last, isContinuation(Array(lines[index])) {
                rows[rows.count - 1] = Row(name: last.name, help: last.help + " " + String(Array(lines[index])[helpColumn...]),
                                           wrapped: last.wrapped)
                index += 1
                continue
            }
            let line = Array(lines[index])
            index += 1
            guard line.count > 2, line[0] == " ", line[1] == " ", line[2] != " " else { continue }
            if line.count > helpColumn, line[helpColumn - 2] == " ", line[helpColumn - 1] == " ", line[helpColumn] != " " {
                var name = line[2..<helpColumn]
                while name.last == " " { name.removeLast() }
                rows.append(Row(name: String(name), help: String(line[helpColumn...]), wrapped: false))
            } else if index < lines.count {
                let next = Array(lines[index])
                index += 1
                let indented = next.count > helpColumn && next.prefix(helpColumn).allSatisfy { $0 == " " } && next[helpColumn] != " "
                rows.append(Row(name: String(line[2...]), help: indented ? String(next[helpColumn...]) : "", wrapped: true))
            }
        }
        return rows
    }

    static var lines: [Substring] {
        CommandLineInterface.helpText.split(separator: "\n", omittingEmptySubsequences: false)
    }

    static func section(_ title: String) -> [Substring] {
        let all = lines
        guard let start = all.firstIndex(of: Substring(title)) else { return [] }
        let rest = all[(start + 1)...]
        let end = rest.firstIndex(of: "") ?? rest.endIndex
        return Array(rest[..<end])
    }

    @Test static func sections() {
        let text = CommandLineInterface.helpText
        #expect(text.hasPrefix("OVERVIEW: "))
        #expect(text.hasSuffix("\n") && !text.hasSuffix("\n\n"))
        let all = lines
        let usage = all.firstIndex(of: "USAGE: render-gif [<options>] <output>")
        let arguments = all.firstIndex(of: "ARGUMENTS:")
        let options = all.firstIndex(of: "OPTIONS:")
        #expect(usage != nil && arguments != nil && options != nil)
        if let usage, let arguments, let options {
            #expect(usage < arguments && arguments < options)
            #expect(all[usage - 1] == "" && all[arguments - 1] == "" && all[options - 1] == "")
        }
    }

    @Test static func argumentsSection() {
        #expect(rows(section("ARGUMENTS:")) == [
            Row(name: "<output>", help: "The GIF to write, - for standard output (with --check, the GIF to compare).", wrapped: false),
        ])
    }

    @Test static func optionRowsInOrder() {
        let names = rows(section("OPTIONS:")).map(\.name)
        // A switch (`--touches`) has no value name.
        let settingNames = SettingNameTests.table.map { $0.valueName.isEmpty ? $0.flag : "\($0.flag) \($0.valueName)" }
        #expect(names == settingNames + ["--scene <file.json>", "--frames <dir>", "--check", "--quiet", "--timings",
                                         "--version", "-h, --help"])
    }

    @Test(arguments: SettingNameTests.table)
    static func everySettingHasItsRow(setting: Setting, flag: String, valueName: String) throws {
        let expectedName = valueName.isEmpty ? flag : flag + " " + valueName
        let row = try #require(rows(section("OPTIONS:")).first { $0.name == expectedName })
        #expect(row.help == setting.help)
        // Names up to 22 characters leave at least two spaces before column 27; longer ones wrap.
        #expect(row.wrapped == (expectedName.count > 22))
    }

    @Test static func modeRows() {
        let options = rows(section("OPTIONS:"))
        let help = Dictionary(uniqueKeysWithValues: options.map { ($0.name, $0.help) })
        #expect(help["--scene <file.json>"] == "Read settings from a scene file; flags override it.")
        #expect(help["--frames <dir>"] == "Also write every frame as PNG into <dir> (frame k shows t = k/fps), removing older frames beyond the last.")
        #expect(help["--check"] == "Write nothing; exit 0 if <output> (and the --poster still) are byte-identical to what would be rendered, 1 if not.")
        #expect(help["--quiet"] == "No progress output.")
        #expect(help["--timings"] == "Print where the time went, on standard error.")
        #expect(help["--version"] == "Show the version.")
        #expect(help["-h, --help"] == "Show help information.")
    }

    /// Like swift-argument-parser's, the help fits an 80-column terminal.
    @Test static func linesFitEightyColumns() {
        for line in lines {
            #expect(line.count <= 80, "\(line)")
        }
    }

    @Test static func lastRowIsHelp() {
        let expected = "  -h, --help" + String(repeating: " ", count: 14) + "Show help information.\n"
        #expect(CommandLineInterface.helpText.hasSuffix("\n" + expected))
    }

    /// Every line is either a heading, blank, overview prose, or part of a row the parser read.
    @Test static func everyIndentedLineBelongsToARow() {
        for line in lines where line.hasPrefix(" ") {
            let isRowStart = line.hasPrefix("  ") && !line.hasPrefix("   ")
            let isWrappedHelp = line.hasPrefix(String(repeating: " ", count: helpColumn))
                && line.dropFirst(helpColumn).first != " "
            #expect(isRowStart || isWrappedHelp, "\(line)")
        }
        #expect(!lines.contains { $0.hasSuffix(" ") })
    }

    @Test static func usageHint() {
        #expect(CommandLineInterface.usageHint
            == "Usage: render-gif [<options>] <output>\n  See 'render-gif --help' for more information.\n")
    }
}
