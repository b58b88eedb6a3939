import Foundation
@testable import ImageCodecs
import Raster
import Testing

/// A tagged JPEG of a megapixel or more has its rows converted to sRGB by the decoding thread
/// and a second one while libjpeg decodes on; the pixels must be those of the same picture
/// converted row by row, whole or reduced to a layer.
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
        // Compared as one Bool each: a failing comparison of megabyte arrays would be diffed at length.
        let profileApplied = converted.pixels != (try JPEGDecoder.decode(plain, path: "plain.jpg")).pixels
        let sameAsRowByRow = converted.pixels == expected.pixels
        #expect(profileApplied)
        #expect(sameAsRowByRow)
    }

    @Test static func queuedConversionBeforeReductionEqualsRowByRow() throws {
        let width = 1100, height = 1000
        let p3 = try [UInt8](Data(contentsOf: URL(fileURLWithPath: PictureFiles.filesPath("display-p3-patches.jpg"))))
        let profile = try #require(JPEGMetadata(p3).iccProfile)
        let pixels = JPEGScaleTests.pixels(.drawing, width: width, height: height, components: 3)
        let plain = try Fixtures.jpeg(pixels: pixels, width: width, height: height, components: 3)
        let fit = PictureFit(side: 100, preservesAspectRatio: true)
        let reduced = try JPEGDecoder.decode(tagged(plain, profile: profile), path: "tagged.jpg", fit: fit)

        // Independently: the whole picture, converted row by row, then reduced.
        var whole = try JPEGDecoder.decode(plain, path: "plain.jpg")
        let transform = try #require(ColorProfileTransform(profile: profile))
        let size = fit.reducedSize(width: width, height: height)
        var sink = PictureRowSink(width: width, height: height, target: size)
        whole.pixels.withUnsafeMutableBufferPointer { buffer in
            for y in 0 ..< height {
                transform.convert(buffer.baseAddress! + y * width * 4, count: width)
                sink.add(buffer.baseAddress! + y * width * 4, y: y)
            }
        }
        let expected = sink.image()
        #expect(reduced.width == size.width && reduced.height == size.height)
        let sameAsRowByRow = reduced.pixels == expected.pixels
        #expect(sameAsRowByRow)
    }

    /// The queue is chosen by the size libjpeg decodes to: a 4800 px square wanted at 100 px
    /// is decoded at 4/8, 5.76 MP, and queued; at 1/8 of 9600 px wanted at 50 px (1.44 MP)
    /// too; a 3200 px square wanted at 20 px decodes at 2/8, 0.64 MP, and is not.
    @Test(arguments: [(4800, 100, true), (9600, 50, true), (3200, 20, false), (1000, 0, false), (1024, 0, true)])
    static func queueFollowsTheDecodedSize(side: Int, wanted: Int, queued: Bool) {
        let target = wanted > 0 ? (width: wanted, height: wanted) : nil
        let decoded = JPEGDecoder.decodedSize(stored: (side, side), target: target)
        let collector = JPEGRowCollector(target: target, profile: [0], decodedSize: decoded)
        #expect((collector.queue != nil) == queued, "\(side) px wanted at \(wanted) decodes to \(decoded)")
        #expect(JPEGRowCollector(target: target, profile: nil, decodedSize: decoded).queue == nil)
    }
}
