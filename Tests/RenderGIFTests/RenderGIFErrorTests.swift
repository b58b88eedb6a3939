@testable import ArcScene
import GIFEncoding
import GIFFile
import ImageCodecs
import SafeFiles
import Testing
@testable import RenderGIF
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The facts every error carries and its one line of text in the library's words (settings by
/// their property names); the command's words for the same errors are tested with the command.
@Suite enum RenderGIFErrorTests {
    @Test static func invalidSettingWithAValue() {
        let error = RenderGIFError.invalidSetting(InvalidSetting(property: .fps, value: "0", problem: "must be an integer from 1 to 50"))
        #expect(error.description == "invalid value '0' for 'fps': must be an integer from 1 to 50")
    }

    @Test static func invalidSettingWithoutAValue() {
        let error = RenderGIFError.invalidSetting(InvalidSetting(property: .avatarImages, value: nil, problem: "button 5 does not exist"))
        #expect(error.description == "invalid value for 'avatarImages': button 5 does not exist")
    }

    @Test static func invalidSettingWithAnEmptyValue() {
        let error = RenderGIFError.invalidSetting(InvalidSetting(property: .headImage, value: "", problem: "must be a file path, not empty"))
        #expect(error.description == "invalid value '' for 'headImage': must be a file path, not empty")
    }

    /// A value longer than 40 characters (a long list of taps) is cut, so the line stays readable.
    @Test static func aLongValueIsCut() {
        let taps = Array(repeating: "1", count: 30).joined(separator: ",")
        let error = RenderGIFError.invalidSetting(InvalidSetting(property: .taps, value: taps, problem: "p"))
        #expect(error.description == "invalid value '\(taps.prefix(40))...' for 'taps': p")
    }

    @Test static func sceneFile() {
        let error = RenderGIFError.sceneFile(path: "scenes/a.json", problem: "unknown key 'scael'")
        #expect(error.description == "scene file 'scenes/a.json': unknown key 'scael'")
    }

    /// The codecs' errors become a picture's or an output's failure of the kind they are,
    /// keeping the codec's line word for word.
    @Test static func codecErrorsBecomeFileFailures() {
        let missing = String(cString: strerror(ENOENT))
        let cases: [(ImageCodecError, RenderGIFError)] = [
            (.file(.unreadable(path: "a.png", reason: missing)),
             .picture(FileFailure(path: "a.png", kind: .missing, reason: missing, description: "cannot read 'a.png': \(missing)"))),
            (.file(.unreadable(path: "a.png", reason: "Permission denied")),
             .picture(FileFailure(path: "a.png", kind: .unreadable, reason: "Permission denied",
                                  description: "cannot read 'a.png': Permission denied"))),
            (.unsupportedFormat(path: "a.txt"),
             .picture(FileFailure(path: "a.txt", kind: .unsupportedFormat, reason: "",
                                  description: "'a.txt' is not a PNG, JPEG, GIF, WebP, HEIC/HEIF or AVIF image"))),
            (.foreignFormat(path: "a.bmp", looksLike: "a BMP image"),
             .picture(FileFailure(path: "a.bmp", kind: .unsupportedFormat, reason: "a BMP image",
                                  description: "'a.bmp' is a BMP image; render-gif reads PNG, JPEG, GIF, WebP, HEIC/HEIF or AVIF pictures"))),
            (.corrupt(path: "a.png", message: "CRC error"),
             .picture(FileFailure(path: "a.png", kind: .damaged, reason: "CRC error", description: "'a.png' is not a valid image: CRC error"))),
            (.tooLarge(path: "big.png", width: 20000, height: 10, limit: "16384 pixels a side"),
             .picture(FileFailure(path: "big.png", kind: .overLimit, reason: "20000 x 10 pixels, over the limit of 16384 pixels a side",
                                  description: "'big.png' is 20000 x 10 pixels, over the limit of 16384 pixels a side"))),
            (.file(.fileTooLarge(path: "big.png", bytes: 300, limit: 200)),
             .picture(FileFailure(path: "big.png", kind: .overLimit, reason: "300 bytes, over the limit of 200 bytes",
                                  description: "'big.png' is 300 bytes, over the limit of 200 bytes for an image file"))),
            (.file(.unwritable(path: "out.gif", reason: "read-only file system")),
             .output(FileFailure(path: "out.gif", kind: .unwritable, reason: "read-only file system",
                                 description: "cannot write 'out.gif': read-only file system"))),
            (.encoderFailed(format: "PNG", message: "no memory"), .encoding("PNG encoding failed: no memory")),
            (.threadRefused(path: "a.heic"),
             .picture(FileFailure(path: "a.heic", kind: .unreadable,
                                  reason: "cannot start a thread: the system refused one (too many threads, or no memory for its stack)",
                                  description: "'a.heic' cannot be decoded: its decoder cannot start a thread: the system refused one "
                                      + "(too many threads, or no memory for its stack)"))),
            (.decoderUnavailable(path: "a.heic", library: "libheif", reason: "libheif.so.1: file too short"),
             .picture(FileFailure(path: "a.heic", kind: .decoderUnavailable, reason: "libheif cannot be used: libheif.so.1: file too short",
                                  description: "'a.heic' cannot be decoded: libheif cannot be used: libheif.so.1: file too short"))),
        ]
        for (codecError, expected) in cases {
            let error = RenderGIFError(codecError)
            #expect(error == expected)
            #expect(error.description == codecError.description)
        }
    }

    /// The encoder's refusals keep their text as `.encoding`; its output failing is a file's
    /// failure, worded by the codecs module, and comes out as `.output`.
    @Test static func encodingErrorsConvertByKind() {
        let refused = RenderGIFError(GIFEncodingError.invalidInput(context: "GIF frame 3", problem: "no pixels"))
        #expect(refused == .encoding("GIF frame 3: no pixels"))
        let unwritable = RenderGIFError(GIFEncodingError.output(.output(.unwritable(path: "out.gif", reason: "disk full"))))
        #expect(unwritable == .output(FileFailure(path: "out.gif", kind: .unwritable, reason: "disk full",
                                                  description: "cannot write 'out.gif': disk full")))
        #expect(unwritable.description == "cannot write 'out.gif': disk full")
    }

    @Test static func memoryLimit() {
        let error = RenderGIFError.memoryLimit(needBytes: 300 << 20, limitBytes: (200 << 20) + 1, limit: "ulimit -v")
        #expect(error.description == "the render needs about 300 MB of memory, over the process's limit of 201 MB (ulimit -v); "
                + "raise the limit or render a smaller scale")
    }

    @Test static func tooManyFrames() {
        let error = RenderGIFError.tooManyFrames(seconds: 2000.01, fps: 50, limit: 100_000)
        #expect(error.description == "the animation would last 2000.01 s, 100001 frames at 50 fps, over the limit of 100000 frames")
    }

    @Test static func outOfDateJoinsEveryStaleFile() {
        let error = RenderGIFError.outOfDate([CheckDifference(file: "a.gif", .text("'a.gif' is out of date: x")),
                                              CheckDifference(file: "a.png", .text("'a.png' is out of date: y"))])
        #expect(error.description == "'a.gif' is out of date: x; and 'a.png' is out of date: y")
    }

    @Test static func aGIFOverItsBudgetNamesTheProperty() {
        let difference = CheckDifference(file: "a.gif", .overBudget(size: 91_234, maxBytes: 50_000))
        #expect(difference.file == "a.gif")
        #expect(difference.description == "'a.gif' is 91,234 bytes, 41,234 over maxBytes 50000")
    }

    @Test(arguments: [
        (OutputFile(path: "a.png", role: .poster), "'a.gif' (the output) and 'a.png' (poster) are the same file; give each output a file of its own"),
        (OutputFile(path: "f/frame-00000.png", role: .frame),
         "'a.gif' (the output) and 'f/frame-00000.png' (a frame of framesFolder) are the same file; give each output a file of its own"),
    ])
    static func sameFileNamesEachRole(second: OutputFile, message: String) {
        #expect(RenderGIFError.sameFile(OutputFile(path: "a.gif", role: .gif), second).description == message)
    }

    /// The scene model's own error, kept as such and worded as before.
    @Test static func invalidScene() {
        let error = RenderGIFError(SceneError.notPositive(parameter: "screenWidth", value: 0))
        #expect(error.description == "the scene is not valid: \(SceneError.notPositive(parameter: "screenWidth", value: 0))")
    }

    @Test static func cannotCheck() {
        let error = RenderGIFError.cannotCheck(path: "out.gif", reason: "No such file or directory")
        #expect(error.description == "cannot check 'out.gif': No such file or directory")
    }

    @Test static func descriptionsAreOneLine() {
        let errors: [RenderGIFError] = [
            .invalidSetting(InvalidSetting(property: .fps, value: "x", problem: "p")),
            .invalidSetting(InvalidSetting(property: .fps, value: "a\nb", problem: "p")),
            .invalidSetting(InvalidSetting(property: .fps, value: nil, problem: "p")),
            .sceneFile(path: "s", problem: "p"), RenderGIFError(ImageCodecError.unsupportedFormat(path: "a\nb")),
            .memoryLimit(needBytes: 2, limitBytes: 1, limit: "l"), .tooManyFrames(seconds: 1, fps: 1, limit: 0),
            .cannotCheck(path: "o", reason: "r"), .outOfDate([CheckDifference(file: "a", .text("a\nb"))]),
            .sameFile(OutputFile(path: "a\nb", role: .gif), OutputFile(path: "a\nb", role: .poster)),
        ]
        for error in errors {
            #expect(!error.description.isEmpty && !error.description.contains("\n"))
        }
    }
}
