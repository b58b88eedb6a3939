@testable import ArcScene
import GIFEncoding
import GIFFile
import ImageCodecs
@testable import RenderGIF
import SafeFiles
import Testing

/// The one-line text of every error, and which of them count as usage errors (exit 64).
@Suite enum RenderGIFErrorTests {
    @Test static func usage() {
        let error = RenderGIFError.usage("Missing expected argument '<output>'.")
        #expect(error.description == "Missing expected argument '<output>'.")
        #expect(error.isUsageError)
    }

    @Test static func invalidSettingWithAValue() {
        let error = RenderGIFError.invalidSetting(flag: "--fps", value: "0", problem: "must be an integer from 1 to 50")
        #expect(error.description == "invalid value '0' for '--fps': must be an integer from 1 to 50")
        #expect(error.isUsageError)
    }

    @Test static func invalidSettingWithoutAValue() {
        let error = RenderGIFError.invalidSetting(flag: "--avatar", value: nil, problem: "button 5 does not exist")
        #expect(error.description == "invalid value for '--avatar': button 5 does not exist")
        #expect(error.isUsageError)
    }

    @Test static func invalidSettingWithAnEmptyValue() {
        let error = RenderGIFError.invalidSetting(flag: "--head", value: "", problem: "must be a file path, not empty")
        #expect(error.description == "invalid value '' for '--head': must be a file path, not empty")
    }

    @Test static func sceneFile() {
        let error = RenderGIFError.sceneFile(path: "scenes/a.json", problem: "unknown key 'scael'")
        #expect(error.description == "scene file 'scenes/a.json': unknown key 'scael'")
        #expect(!error.isUsageError)
    }

    @Test static func codecTextIsTheCodecErrorText() {
        let cases: [(ImageCodecError, String)] = [
            (.file(.unreadable(path: "a.png", reason: "no such file")), "cannot read 'a.png': no such file"),
            (.unsupportedFormat(path: "a.txt"), "'a.txt' is not a PNG, JPEG, GIF, WebP, HEIC/HEIF or AVIF image"),
            (.corrupt(path: "a.png", message: "CRC error"), "'a.png' is not a valid image: CRC error"),
            (.tooLarge(path: "big.png", width: 20000, height: 10, limit: "16384 pixels a side"),
             "'big.png' is 20000 x 10 pixels, over the limit of 16384 pixels a side"),
            (.file(.unwritable(path: "out.gif", reason: "read-only file system")), "cannot write 'out.gif': read-only file system"),
        ]
        for (codecError, text) in cases {
            let error = RenderGIFError(codecError)
            #expect(error.description == text)
            #expect(!error.isUsageError)
        }
    }

    /// A file's failure and giflib's keep the texts of their modules, as `.codec`.
    @Test static func fileAndGIFFileTextsAreTheirModules() {
        let unreadable = FileError.unreadable(path: "s.json", reason: "is a folder")
        #expect(RenderGIFError(unreadable).description == unreadable.description)
        let refused = GIFFileError.encoderFailed(message: "EGifPutCode: Write failed")
        #expect(RenderGIFError(refused).description == "GIF encoding failed: EGifPutCode: Write failed")
        guard case .codec = RenderGIFError(refused) else {
            Issue.record("got \(RenderGIFError(refused))")
            return
        }
    }

    /// The encoder's refusals keep their text as `.encoding`; its output failing is a file's
    /// failure, worded by the file layer, and comes out as `.codec`.
    @Test static func encodingErrorsConvertByKind() {
        let refused = RenderGIFError(GIFEncodingError.invalidInput(context: "GIF frame 3", problem: "no pixels"))
        guard case .encoding("GIF frame 3: no pixels") = refused else {
            Issue.record("got \(refused)")
            return
        }
        let unwritable = RenderGIFError(GIFEncodingError.output(.output(.unwritable(path: "out.gif", reason: "disk full"))))
        guard case .codec("cannot write 'out.gif': disk full") = unwritable else {
            Issue.record("got \(unwritable)")
            return
        }
        #expect(unwritable.description == "cannot write 'out.gif': disk full")
    }

    @Test static func limitExceeded() {
        let error = RenderGIFError.limitExceeded("the animation would have 100001 frames, over the limit of 100000")
        #expect(error.description == "the animation would have 100001 frames, over the limit of 100000")
        #expect(!error.isUsageError)
    }

    @Test static func outOfDateJoinsEveryStaleFile() {
        let error = RenderGIFError.outOfDate(reasons: ["'a.gif' is out of date: x", "'a.png' is out of date: y"])
        #expect(error.description == "'a.gif' is out of date: x; and 'a.png' is out of date: y")
        #expect(!error.isUsageError)
    }

    /// The scene model's own error, kept as such and worded as before.
    @Test static func invalidScene() {
        let error = RenderGIFError(SceneError.notPositive(parameter: "screenWidth", value: 0))
        #expect(error.description == "the scene is not valid: \(SceneError.notPositive(parameter: "screenWidth", value: 0))")
        #expect(!error.isUsageError)
    }

    @Test static func cannotCheck() {
        let error = RenderGIFError.cannotCheck(path: "out.gif", reason: "No such file or directory")
        #expect(error.description == "cannot check 'out.gif': No such file or directory")
        #expect(!error.isUsageError)
    }

    @Test static func framesFolder() {
        let error = RenderGIFError.framesFolder(path: "frames", problem: "is a file")
        #expect(error.description == "frames folder 'frames': is a file")
        #expect(!error.isUsageError)
    }

    @Test static func descriptionsAreOneLine() {
        let errors: [RenderGIFError] = [
            .usage("u"), .invalidSetting(flag: "--fps", value: "x", problem: "p"), .invalidSetting(flag: "--fps", value: nil, problem: "p"),
            .sceneFile(path: "s", problem: "p"), RenderGIFError(ImageCodecError.unsupportedFormat(path: "a")), .limitExceeded("l"),
            .cannotCheck(path: "o", reason: "r"), .outOfDate(reasons: ["a\nb"]), .framesFolder(path: "f", problem: "p"),
        ]
        for error in errors {
            #expect(!error.description.isEmpty && !error.description.contains("\n"))
        }
    }
}
