import RenderGIF
import SafeFiles

/// What the command line asks for.
package enum Command: Sendable {
    case help
    case version
    case render(Invocation)
}

/// A render request: the output, where the settings come from, and how to report.
package struct Invocation: Sendable {
    /// The GIF to write (`-` for standard output), or to compare with `--check`.
    var output: String
    /// The arguments as given (without the program name), to show the command that
    /// regenerates a stale output.
    var arguments: [String] = []
    /// A scene file whose settings come first; flags override them.
    var sceneFile: String?
    /// Setting flags in command-line order, with their text values.
    var settingFlags: [(setting: Setting, value: String)] = []
    /// Folder that also receives every frame as PNG.
    var framesFolder: String?
    /// Write nothing; compare the output with what would be rendered.
    package var check = false
    /// No progress output.
    package var quiet = false
    /// Print where the time went.
    package var timings = false

    init(output: String) {
        self.output = output
    }

    /// Whether the GIF goes to standard output (`-`).
    public var writesToStandardOutput: Bool { output == "-" && !check }
}

/// Parses arguments by swift-argument-parser's conventions: `--flag value` or `--flag=value`,
/// `--` ends the options, usage errors name the flag and suggest a near spelling.
package enum CommandLineInterface {
    /// The command's name in help and usage lines.
    static let commandName = "render-gif"
    /// The one-line synopsis.
    static let usageLine = "render-gif [<options>] <output>"

    /// Flags that are not settings.
    enum ModeFlag: String, CaseIterable {
        case scene = "--scene", frames = "--frames", check = "--check", quiet = "--quiet", timings = "--timings"
        case version = "--version", help = "--help"

        var takesValue: Bool { self == .scene || self == .frames }
    }

    /// Turns `arguments` (without the program name) into a command.
    package static func parse(_ arguments: [String]) throws(CommandError) -> Command {
        var outputs: [String] = []
        var invocation = Invocation(output: "")
        var index = 0
        var optionsEnded = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if optionsEnded || !argument.hasPrefix("-") || argument == "-" {
                outputs.append(argument)
                continue
            }
            if argument == "--" { optionsEnded = true; continue }
            if argument == "-h" { return .help }
            var name = argument, inlineValue: String?
            if let equals = argument.firstIndex(of: "="), argument.hasPrefix("--") {
                name = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            func value() throws(CommandError) -> String {
                if let inlineValue { return inlineValue }
                guard index < arguments.count else { throw .usage("Missing value for '\(name)'.") }
                index += 1
                return arguments[index - 1]
            }
            if let setting = Setting(flag: name) {
                if !setting.takesValue, inlineValue != nil { throw .usage("'\(name)' takes no value.") }
                invocation.settingFlags.append((setting, setting.takesValue ? try value() : Setting.switchOn))
                continue
            }
            guard let mode = ModeFlag(rawValue: name) else { throw .usage(unknownOptionMessage(name)) }
            if !mode.takesValue, inlineValue != nil { throw .usage("'\(name)' takes no value.") }
            switch mode {
            case .help: return .help
            case .version: return .version
            case .scene: invocation.sceneFile = try nonEmpty(value(), for: name)
            case .frames: invocation.framesFolder = try nonEmpty(value(), for: name)
            case .check: invocation.check = true
            case .quiet: invocation.quiet = true
            case .timings: invocation.timings = true
            }
        }
        guard let output = outputs.first else { throw .usage("Missing expected argument '<output>'.") }
        guard outputs.count == 1 else { throw .usage("Unexpected argument '\(DisplayText.value(outputs[1]))'.") }
        if invocation.check, invocation.framesFolder != nil {
            throw .usage("'--frames' cannot be used with '--check', which writes nothing.")
        }
        try checkOutputName(output, check: invocation.check)
        invocation.output = output
        invocation.arguments = arguments
        return .render(invocation)
    }

    /// The output is a `.gif` file (any case), or `-` for standard output when writing.
    private static func checkOutputName(_ output: String, check: Bool) throws(CommandError) {
        if output == "-" {
            guard !check else { throw .usage("'--check' compares with a file; give '<output>' a file name, not '-'.") }
            return
        }
        guard output.lowercased().hasSuffix(".gif") else {
            throw .usage("The output '\(DisplayText.value(output))' is not a .gif file. For a PNG still use '--poster <file.png>', for PNG frames '--frames <dir>'.")
        }
    }

    private static func nonEmpty(_ value: String, for flag: String) throws(CommandError) -> String {
        guard !value.isEmpty else { throw .usage("Missing value for '\(flag)'.") }
        return value
    }

    /// Every long flag the command knows, for suggestions and help.
    static var allFlags: [String] { Setting.allCases.map(\.flag) + ModeFlag.allCases.map(\.rawValue) }

    static func unknownOptionMessage(_ flag: String) -> String {
        // Only flags within two characters of the length can be within two edits.
        let length = flag.count
        let candidates = allFlags.filter { abs($0.count - length) <= 2 }.map { (flag: $0, distance: Setting.editDistance($0, flag)) }
            .filter { $0.distance <= 2 }
            .sorted { ($0.distance, $0.flag) < ($1.distance, $1.flag) }
        if let best = candidates.first { return "Unknown option '\(DisplayText.value(flag))'. Did you mean '\(best.flag)'?" }
        return "Unknown option '\(DisplayText.value(flag))'."
    }
}
