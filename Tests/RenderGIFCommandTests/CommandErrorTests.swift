import ImageCodecs
@testable import RenderGIF
@testable import RenderGIFCommand
import SafeFiles
import Testing

/// The command's words for every error: the library's errors with the settings named by
/// their flags (the text the command printed before the library had words of its own), and
/// which errors count as usage errors (exit 64).
@Suite enum CommandErrorTests {
    static func invalid(_ property: Animation.Property, _ value: String?, _ problem: String) -> CommandError {
        .render(.invalidSetting(InvalidSetting(property: property, value: value, problem: problem)))
    }

    @Test static func usage() {
        let error = CommandError.usage("Missing expected argument '<output>'.")
        #expect(error.description == "Missing expected argument '<output>'.")
        #expect(error.isUsageError)
    }

    @Test static func invalidSettingWithAValue() {
        let error = invalid(.fps, "0", "must be an integer from 1 to 50")
        #expect(error.description == "invalid value '0' for '--fps': must be an integer from 1 to 50")
        #expect(error.isUsageError)
    }

    @Test static func invalidSettingWithoutAValue() {
        let error = invalid(.avatarImages, nil, "button 5 does not exist")
        #expect(error.description == "invalid value for '--avatar': button 5 does not exist")
        #expect(error.isUsageError)
    }

    @Test static func invalidSettingWithAnEmptyValue() {
        #expect(invalid(.headImage, "", "must be a file path, not empty").description
            == "invalid value '' for '--head': must be a file path, not empty")
    }

    /// Every property is named by the flag of the setting that sets it.
    @Test(arguments: Setting.allCases)
    static func everyPropertyIsNamedByItsFlag(setting: Setting) {
        #expect(invalid(setting.property, "v", "p").description == "invalid value 'v' for '\(setting.flag)': p")
    }

    /// Errors that do not name a setting read as the library's.
    @Test static func otherErrorsReadAsTheLibrarys() {
        let errors: [RenderGIFError] = [
            .sceneFile(path: "scenes/a.json", problem: "unknown key 'scael'"),
            RenderGIFError(FileError.unreadable(path: "a.png", reason: "no such file")),
            RenderGIFError(FileError.unwritable(path: "out.gif", reason: "read-only file system")),
            .tooManyFrames(seconds: 2000.01, fps: 50, limit: 100_000),
            .cannotCheck(path: "out.gif", reason: "No such file or directory"),
            .outOfDate([CheckDifference(file: "a.gif", .text("'a.gif' is out of date: x")),
                        CheckDifference(file: "a.png", .text("'a.png' is out of date: y"))]),
            .sameFile(OutputFile(path: "a.gif", role: .gif), OutputFile(path: "b.gif", role: .gif)),
        ]
        for error in errors {
            #expect(CommandError.render(error).description == error.description)
            #expect(!CommandError.render(error).isUsageError)
        }
    }

    @Test static func memoryLimitNamesTheScaleFlag() {
        let error = CommandError.render(.memoryLimit(needBytes: 300 << 20, limitBytes: 200 << 20, limit: "ulimit -v"))
        #expect(error.description == "the render needs about 300 MB of memory, over the process's limit of 200 MB (ulimit -v); "
                + "raise the limit or render a smaller --scale")
        #expect(!error.isUsageError)
    }

    @Test static func overBudgetNamesTheFlagAndSize() {
        let error = CommandError.render(.overBudget(maxBytes: 50000, smallestBytes: 91234))
        #expect(error.description == "--max-bytes 50000: the smallest GIF render-gif can make of this animation is 91,234 bytes")
        #expect(!error.isUsageError)
    }

    @Test static func aGIFOverItsBudgetNamesTheFlag() {
        let error = CommandError.render(.outOfDate([CheckDifference(file: "a.gif", .overBudget(size: 91_234, maxBytes: 50_000))]))
        #expect(error.description == "'a.gif' is 91,234 bytes, 41,234 over --max-bytes 50000")
    }

    @Test(arguments: [
        (OutputFile(path: "a.png", role: .poster), "'a.gif' (the output) and 'a.png' (--poster) are the same file; give each output a file of its own"),
        (OutputFile(path: "f/frame-00000.png", role: .frame),
         "'a.gif' (the output) and 'f/frame-00000.png' (a frame of --frames) are the same file; give each output a file of its own"),
    ])
    static func sameFileNamesEachRoleByItsFlag(second: OutputFile, message: String) {
        let error = CommandError.render(.sameFile(OutputFile(path: "a.gif", role: .gif), second))
        #expect(error.description == message)
        #expect(!error.isUsageError)
    }

    @Test static func descriptionsAreOneLine() {
        let errors: [CommandError] = [
            .usage("u"), invalid(.fps, "x", "p"), invalid(.fps, "a\nb", "p"), invalid(.fps, nil, "p"),
            .render(.outOfDate([CheckDifference(file: "a", .text("a\nb"))])),
        ]
        for error in errors {
            #expect(!error.description.isEmpty && !error.description.contains("\n"))
        }
    }
}
