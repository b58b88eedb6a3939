import GIFFile
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

    /// A GIF read for a check's report is held to the pictures' default limits, and refused
    /// in the same words.
    @Test static func theGIFScreenLimitIsThePicturesLimit() {
        #expect(GIFScreenLimit.maxSide == ImageLimits.default.maxWidth && GIFScreenLimit.maxSide == ImageLimits.default.maxHeight)
        #expect(GIFScreenLimit.maxBytes == ImageLimits.default.maxDecodedBytes)
        for (width, height) in [(16385, 1), (1, 20000), (16384, 16384)] {
            var picture: ImageCodecError?, screen: GIFFileError?
            do { try ImageLimits.default.check(width: width, height: height, path: "a.gif") } catch { picture = error }
            do { try GIFScreenLimit.check(width: width, height: height, path: "a.gif") } catch { screen = error }
            #expect(picture != nil && picture?.description == screen?.description, "\(width) x \(height)")
        }
    }
}
