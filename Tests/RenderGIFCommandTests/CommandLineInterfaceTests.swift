import RenderGIF
@testable import RenderGIFCommand
import Testing

/// The command line: modes, the output argument, setting flags in both spellings, and usage
/// errors worded as swift-argument-parser words them.
@Suite enum CommandLineInterfaceTests {
    private static func invocation(_ arguments: [String]) -> Invocation? {
        CommandTestSupport.invocation(arguments)
    }

    private static func isHelp(_ arguments: [String]) -> Bool {
        guard case .help? = try? CommandLineInterface.parse(arguments) else { return false }
        return true
    }

    private static func isVersion(_ arguments: [String]) -> Bool {
        guard case .version? = try? CommandLineInterface.parse(arguments) else { return false }
        return true
    }

    private static func usageError(_ arguments: [String]) -> String? {
        CommandTestSupport.usageError(arguments)
    }

    @Test static func names() {
        #expect(CommandLineInterface.commandName == "render-gif")
        #expect(CommandLineInterface.usageLine == "render-gif [<options>] <output>")
    }

    @Test static func help() {
        #expect(isHelp(["-h"]))
        #expect(isHelp(["--help"]))
        #expect(isHelp(["out.gif", "--help"]))
        #expect(isHelp(["--fps", "5", "-h", "a.gif", "b.gif"]))
        #expect(!isHelp(["--", "-h"]))
        #expect(usageError(["--help=yes"]) == "'--help' takes no value.")
    }

    @Test static func version() {
        #expect(isVersion(["--version"]))
        #expect(isVersion(["out.gif", "--quiet", "--version"]))
        #expect(usageError(["--version=2"]) == "'--version' takes no value.")
    }

    @Test static func outputIsRequired() {
        #expect(usageError([]) == "Missing expected argument '<output>'.")
        #expect(usageError(["--quiet"]) == "Missing expected argument '<output>'.")
        #expect(usageError(["--fps", "25", "--scene", "s.json"]) == "Missing expected argument '<output>'.")
        #expect(usageError(["--"]) == "Missing expected argument '<output>'.")
    }

    @Test static func oneOutputOnly() {
        #expect(usageError(["a.gif", "b.gif"]) == "Unexpected argument 'b.gif'.")
        #expect(usageError(["a.gif", "--quiet", "b.gif", "c.gif"]) == "Unexpected argument 'b.gif'.")
    }

    /// `-` names standard output; `--check` needs a file to compare with.
    @Test static func dashIsStandardOutput() throws {
        #expect(try #require(invocation(["-"])).output == "-")
        #expect(try #require(invocation(["--quiet", "--", "-"])).output == "-")
        #expect(usageError(["--check", "-"]) == "'--check' compares with a file; give '<output>' a file name, not '-'.")
    }

    /// Anything but a .gif output (or `-`) is refused, with where PNG output is to be had.
    @Test(arguments: ["out.png", "out", "out.gif.png", "frames/"])
    static func outputMustBeAGIF(output: String) {
        #expect(usageError([output]) == "The output '\(output)' is not a .gif file. For a PNG still use '--poster <file.png>', for PNG frames '--frames <dir>'.")
    }

    /// Flags that contradict each other are found by the parser, before any setting is read.
    @Test static func conflictingFlags() {
        #expect(usageError(["--check", "--frames", "d", "a.gif"]) == "'--frames' cannot be used with '--check', which writes nothing.")
        #expect(usageError(["--frames", "d", "--scene", "missing.json", "--check", "a.gif"])
                == "'--frames' cannot be used with '--check', which writes nothing.")
    }

    @Test static func gifExtensionInAnyCase() throws {
        #expect(try #require(invocation(["OUT.GIF"])).output == "OUT.GIF")
        #expect(try #require(invocation(["a.Gif"])).output == "a.Gif")
    }

    @Test static func argumentsAreKeptForTheRegenerateCommand() throws {
        let parsed = try #require(invocation(["--check", "--taps", "1,2", "--scene", "my scene.json", "o.gif"]))
        #expect(parsed.arguments == ["--check", "--taps", "1,2", "--scene", "my scene.json", "o.gif"])
        #expect(parsed.regenerateCommand == "render-gif --taps 1,2 --scene 'my scene.json' o.gif")
        #expect(Invocation.shellQuoted("it's") == #"'it'\''s'"#)
        #expect(Invocation.shellQuoted("#fff") == "'#fff'")
        #expect(Invocation.shellQuoted("--border-color=#00aa00") == "--border-color=#00aa00")
    }

    @Test static func defaults() throws {
        let parsed = try #require(invocation(["out.gif"]))
        #expect(parsed.output == "out.gif")
        #expect(parsed.sceneFile == nil && parsed.framesFolder == nil)
        #expect(!parsed.check && !parsed.quiet && !parsed.timings)
        #expect(parsed.settingFlags.isEmpty)
    }

    @Test static func modeFlagsAreRecorded() throws {
        let parsed = try #require(invocation(["--scene", "s.json", "--frames", "frames", "--quiet",
                                              "--timings", "out.gif"]))
        #expect(parsed.output == "out.gif")
        #expect(parsed.sceneFile == "s.json")
        #expect(parsed.framesFolder == "frames")
        #expect(!parsed.check && parsed.quiet && parsed.timings)
        #expect(try #require(invocation(["--check", "out.gif"])).check)
        let inline = try #require(invocation(["out.gif", "--scene=a/s.json", "--frames=a b"]))
        #expect(inline.sceneFile == "a/s.json" && inline.framesFolder == "a b")
    }

    @Test static func settingFlagsAreKeptInOrder() throws {
        let parsed = try #require(invocation(["--fps", "25", "--width=400", "out.gif", "--fps", "30",
                                              "--avatar", "1=a.png", "--avatar=2=b.png", "--taps", "-1"]))
        #expect(parsed.output == "out.gif")
        #expect(parsed.settingFlags.map(\.setting) == [.fps, .width, .fps, .avatar, .avatar, .taps])
        #expect(parsed.settingFlags.map(\.value) == ["25", "400", "30", "1=a.png", "2=b.png", "-1"])
    }

    @Test(arguments: Setting.allCases.filter { $0.takesValue })
    static func everySettingFlagTakesAValue(setting: Setting) throws {
        let separate = try #require(invocation([setting.flag, "v=1", "o.gif"]))
        #expect(separate.settingFlags.map(\.setting) == [setting])
        #expect(separate.settingFlags.map(\.value) == ["v=1"])
        let joined = try #require(invocation(["\(setting.flag)=v=1", "o.gif"]))
        #expect(joined.settingFlags.map(\.value) == ["v=1"])
        let empty = try #require(invocation(["\(setting.flag)=", "o.gif"]))
        #expect(empty.settingFlags.map(\.value) == [""])
        #expect(usageError(["o.gif", setting.flag]) == "Missing value for '\(setting.flag)'.")
    }

    @Test static func doubleDashEndsOptions() throws {
        #expect(try #require(invocation(["--", "-x.gif"])).output == "-x.gif")
        let parsed = try #require(invocation(["--quiet", "--", "--fps.gif"]))
        #expect(parsed.output == "--fps.gif" && parsed.quiet && parsed.settingFlags.isEmpty)
        #expect(try #require(invocation(["--", "-h.gif"])).output == "-h.gif")
        #expect(usageError(["--", "a.gif", "--", "b.gif"]) == "Unexpected argument '--'.")
    }

    @Test static func missingValues() {
        #expect(usageError(["out.gif", "--fps"]) == "Missing value for '--fps'.")
        #expect(usageError(["out.gif", "--scene"]) == "Missing value for '--scene'.")
        #expect(usageError(["out.gif", "--frames"]) == "Missing value for '--frames'.")
        #expect(usageError(["--scene", "", "out.gif"]) == "Missing value for '--scene'.")
        #expect(usageError(["--frames=", "out.gif"]) == "Missing value for '--frames'.")
    }

    /// `--touches` is a switch: it stands for itself, takes no value, and leaves the next
    /// argument alone.
    @Test static func touchesIsASwitch() throws {
        let parsed = try #require(invocation(["--touches", "out.gif"]))
        #expect(parsed.output == "out.gif")
        #expect(parsed.settingFlags.map(\.setting) == [.touches])
        #expect(parsed.settingFlags.map(\.value) == [Setting.switchOn])
        #expect(try #require(invocation(["out.gif", "--touches"])).settingFlags.map(\.setting) == [.touches])
        #expect(usageError(["--touches=yes", "out.gif"]) == "'--touches' takes no value.")
        #expect(usageError(["--touches=", "out.gif"]) == "'--touches' takes no value.")
        #expect(Setting.allCases.filter { !$0.takesValue } == [.touches])
    }

    @Test static func flagsThatTakeNoValue() {
        #expect(usageError(["--check=1", "out.gif"]) == "'--check' takes no value.")
        #expect(usageError(["--quiet=", "out.gif"]) == "'--quiet' takes no value.")
        #expect(usageError(["--timings=yes", "out.gif"]) == "'--timings' takes no value.")
    }

    @Test(arguments: [
        ("--fsp", "Unknown option '--fsp'. Did you mean '--fps'?"),
        ("--fsp=3", "Unknown option '--fsp'. Did you mean '--fps'?"),
        ("--colours", "Unknown option '--colours'. Did you mean '--colors'?"),
        ("--widht", "Unknown option '--widht'. Did you mean '--width'?"),
        ("--quite", "Unknown option '--quite'. Did you mean '--quiet'?"),
        ("--avatars", "Unknown option '--avatars'. Did you mean '--avatar'?"),
        ("--frame", "Unknown option '--frame'. Did you mean '--frames'?"),
        ("--Help", "Unknown option '--Help'. Did you mean '--help'?"),
        ("-fps", "Unknown option '-fps'. Did you mean '--fps'?"),
        ("--oneStepDuration", "Unknown option '--oneStepDuration'."),
        // Equally near to '--head' and '--hold': the alphabetically first is named.
        ("--hoad", "Unknown option '--hoad'. Did you mean '--head'?"),
        ("--zzzzzz", "Unknown option '--zzzzzz'."),
        ("-x", "Unknown option '-x'."),
        ("-v", "Unknown option '-v'."),
    ])
    static func unknownOptions(argument: String, expected: String) {
        #expect(usageError([argument, "out.gif"]) == expected)
        #expect(usageError(["out.gif", argument]) == expected)
    }

    @Test static func theFirstProblemWins() {
        #expect(usageError(["--bogus", "--help"]) == "Unknown option '--bogus'.")
        #expect(usageError(["--check=1", "--bogus"]) == "'--check' takes no value.")
    }

    @Test static func everyKnownFlagIsListedOnce() {
        let flags = CommandLineInterface.allFlags
        #expect(flags.count == Setting.allCases.count + 7)
        #expect(Set(flags).count == flags.count)
        for mode in ["--scene", "--frames", "--check", "--quiet", "--timings", "--version", "--help"] {
            #expect(flags.contains(mode))
        }
    }
}
