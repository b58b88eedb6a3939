@testable import ImageCodecs
import SafeFiles
import Testing

@Suite enum ImageCodecErrorTests {
    @Test static func messagesNameTheFile() {
        #expect(ImageCodecError.unsupportedFormat(path: "a.txt").description
                == "'a.txt' is not a PNG, JPEG, GIF, WebP, HEIC/HEIF or AVIF image")
        #expect(ImageCodecError.foreignFormat(path: "a.bmp", looksLike: "a BMP image").description
                == "'a.bmp' is a BMP image; render-gif reads PNG, JPEG, GIF, WebP, HEIC/HEIF or AVIF pictures")
        #expect(ImageCodecError.tooLarge(path: "big.png", width: 100000, height: 100000, limit: "16384 x 16384")
            .description == "'big.png' is 100000 x 100000 pixels, over the limit of 16384 x 16384")
        // A file's own failure reads as the file layer words it.
        let unreadable = FileError.unreadable(path: "x.png", reason: "is a folder")
        #expect(ImageCodecError.file(unreadable).description == unreadable.description)
        #expect(ImageCodecError.file(unreadable).path == "x.png")
    }

    @Test static func encoderMessagesNameTheFormatOrInput() {
        #expect(ImageCodecError.encoderFailed(format: "GIF", message: "EGifPutLine: Write failed").description
            == "GIF encoding failed: EGifPutLine: Write failed")
        #expect(ImageCodecError.invalidInput(context: "GIF frame 3", problem: "rectangle 0x4+0+0 is empty").description
            == "GIF frame 3: rectangle 0x4+0+0 is empty")
    }

    @Test static func limitsDescribeWholeMegabytes() {
        #expect(ImageLimits.describe(bytes: 256 << 20) == "256 MB")
        #expect(ImageLimits.describe(bytes: 1000) == "1000 bytes")
        #expect(ImageLimits.default == ImageLimits(maxWidth: 16384, maxHeight: 16384,
                                                   maxDecodedBytes: 268_435_456, maxFileBytes: 67_108_864))
    }
}
