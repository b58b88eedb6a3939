@testable import GIFFile
import SafeFiles
import Testing

/// giflib's writer and the summary's reader word their failures as the command shows them.
@Suite enum GIFFileErrorTests {
    @Test static func messagesNameTheCallTheValueOrTheFile() {
        #expect(GIFFileError.encoderFailed(message: "EGifPutLine: Write failed").description
            == "GIF encoding failed: EGifPutLine: Write failed")
        #expect(GIFFileError.invalidInput(context: "GIF image 3", problem: "no compressed data").description
            == "GIF image 3: no compressed data")
        #expect(GIFFileError.corrupt(path: "a\nb.gif", message: "Data is not in GIF format").description
            == "'a\\nb.gif' is not a valid image: Data is not in GIF format")
        let full = FileError.unwritable(path: "out.gif", reason: "No space left on device")
        #expect(GIFFileError.output(full).description == full.description)
    }

    /// A screen over the limit is refused from the header, in the words of a picture over the
    /// limits: by its sides, or by the bytes of its pixels.
    @Test static func screensOverTheLimitAreRefused() throws {
        try GIFScreenLimit.check(width: 16384, height: 4096, path: "wide.gif")
        #expect(throws: GIFFileError.tooLarge(path: "big.gif", width: 16385, height: 1, limit: "16384 x 16384")) {
            try GIFScreenLimit.check(width: 16385, height: 1, path: "big.gif")
        }
        #expect(throws: GIFFileError.tooLarge(path: "big.gif", width: 16384, height: 16384,
                                              limit: "256 MB of decoded RGBA pixels")) {
            try GIFScreenLimit.check(width: 16384, height: 16384, path: "big.gif")
        }
        #expect(GIFFileError.tooLarge(path: "big.gif", width: 16385, height: 1, limit: "16384 x 16384").description
            == "'big.gif' is 16385 x 1 pixels, over the limit of 16384 x 16384")
    }
}
