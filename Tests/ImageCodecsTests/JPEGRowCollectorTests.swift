import Foundation
@testable import ImageCodecs
import Raster
import Testing

/// A tagged JPEG of a megapixel or more has its rows converted to sRGB in batches on two
/// threads; the pixels must be those of the same picture converted row by row.
@Suite enum JPEGRowCollectorTests {
    /// `jpeg` with `profile` spliced in after its SOI marker as one APP2 ICC_PROFILE segment.
    static func tagged(_ jpeg: [UInt8], profile: [UInt8]) -> [UInt8] {
        let payload = Array("ICC_PROFILE".utf8) + [0, 1, 1] + profile
        let length = payload.count + 2
        return Array(jpeg.prefix(2)) + [0xFF, 0xE2, UInt8(length >> 8), UInt8(length & 0xFF)] + payload + jpeg.dropFirst(2)
    }

    @Test(arguments: [(1024, 1024), (1100, 1000), (1000, 999)])
    static func batchedConversionEqualsRowByRow(width: Int, height: Int) throws {
        #expect((width * height >= JPEGRowCollector.parallelPixels) == (height != 999))
        let p3 = try [UInt8](Data(contentsOf: URL(fileURLWithPath: PictureFiles.filesPath("display-p3-patches.jpg"))))
        let profile = try #require(JPEGMetadata(p3).iccProfile)
        let pixels = JPEGScaleTests.pixels(.photo, width: width, height: height, components: 3)
        let plain = try Fixtures.jpeg(pixels: pixels, width: width, height: height, components: 3)
        let converted = try JPEGDecoder.decode(tagged(plain, profile: profile), path: "tagged.jpg")
        var expected = try JPEGDecoder.decode(plain, path: "plain.jpg")
        let transform = try #require(ColorProfileTransform(profile: profile))
        expected.pixels.withUnsafeMutableBufferPointer { buffer in
            for y in 0 ..< height { transform.convert(buffer.baseAddress! + y * width * 4, count: width) }
        }
        #expect(converted.width == width && converted.height == height)
        #expect(converted.pixels != (try JPEGDecoder.decode(plain, path: "plain.jpg")).pixels, "the profile is applied")
        #expect(converted.pixels == expected.pixels)
    }
}
