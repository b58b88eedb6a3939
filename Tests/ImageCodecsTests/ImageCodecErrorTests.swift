import Testing
@testable import ImageCodecs

@Suite enum ImageCodecErrorTests {
    @Test static func messagesNameTheFile() {
        #expect(ImageCodecError.unsupportedFormat(path: "a.txt").description == "'a.txt' is not a PNG or JPEG image")
        #expect(ImageCodecError.tooLarge(path: "big.png", width: 100000, height: 100000, limit: "16384 x 16384")
            .description == "'big.png' is 100000 x 100000 pixels, over the limit of 16384 x 16384")
    }
}
