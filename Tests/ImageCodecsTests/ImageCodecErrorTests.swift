import Testing
@testable import ImageCodecs

@Suite enum ImageCodecErrorTests {
    @Test static func messagesNameTheFile() {
        #expect(ImageCodecError.unsupportedFormat(path: "a.txt").description
                == "'a.txt' is not a PNG, JPEG, GIF, WebP, HEIC/HEIF or AVIF image")
        #expect(ImageCodecError.foreignFormat(path: "a.bmp", looksLike: "a BMP image").description
                == "'a.bmp' is a BMP image; render-gif reads PNG, JPEG, GIF, WebP, HEIC/HEIF or AVIF pictures")
        #expect(ImageCodecError.tooLarge(path: "big.png", width: 100000, height: 100000, limit: "16384 x 16384")
            .description == "'big.png' is 100000 x 100000 pixels, over the limit of 16384 x 16384")
        #expect(ImageCodecError.fileTooLarge(path: "huge.png", bytes: 70_000_000, limit: 67_108_864).description
            == "'huge.png' is 70000000 bytes, over the limit of 67108864 bytes for an image file")
        #expect(ImageCodecError.unreadable(path: "x.png", reason: "is a folder").description == "cannot read 'x.png': is a folder")
    }

    @Test static func encoderMessagesNameTheFormatOrInput() {
        #expect(ImageCodecError.encoderFailed(format: "GIF", message: "EGifPutLine: Write failed").description
            == "GIF encoding failed: EGifPutLine: Write failed")
        #expect(ImageCodecError.invalidInput(context: "GIF frame 3", problem: "rectangle 0x4+0+0 is empty").description
            == "GIF frame 3: rectangle 0x4+0+0 is empty")
    }

    /// A C library's message: its lines joined, each trimmed, a control character left inside
    /// escaped; a printable message stays as it is.
    @Test static func libraryMessagesBecomeOnePrintableLine() {
        #expect(DisplayText.libraryMessage("Invalid input: No item\t\u{1B}[2J found\n  in grid\n")
            == "Invalid input: No item\\t\\u{1B}[2J found; in grid")
        #expect(DisplayText.libraryMessage("Not a JPEG file: starts with 0x89 0x50") == "Not a JPEG file: starts with 0x89 0x50")
        #expect(DisplayText.libraryMessage("\r\n") == "")
    }

    @Test static func limitsDescribeWholeMegabytes() {
        #expect(ImageLimits.describe(bytes: 256 << 20) == "256 MB")
        #expect(ImageLimits.describe(bytes: 1000) == "1000 bytes")
        #expect(ImageLimits.default == ImageLimits(maxWidth: 16384, maxHeight: 16384,
                                                   maxDecodedBytes: 268_435_456, maxFileBytes: 67_108_864))
    }
}
