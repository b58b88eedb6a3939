import CHEIF
import Foundation
@testable import ImageCodecs
import Raster
import Testing

/// A reduced HEIF picture of a megapixel or more has its rows converted in two parts at once;
/// the picture must be the one a single pass over the rows gives.
@Suite enum HEIFRowConversionTests {
    /// A libheif image laid out as `HEIFPlanarRows` reads an identity-coded picture (G = Y',
    /// B = Cb, R = Cr, 8 bits), its samples from a fixed pseudo-random sequence so that no two
    /// rows are alike.
    static func codedImage(width: Int, height: Int) throws -> OpaquePointer {
        var created: OpaquePointer?
        try HEIFDecoder.check(heif_image_create(Int32(width), Int32(height), heif_colorspace_RGB, heif_chroma_444, &created),
                              path: "test")
        let image = try #require(created)
        var state: UInt32 = 0x9E37_79B9
        for channel in [heif_channel_R, heif_channel_G, heif_channel_B] {
            try HEIFDecoder.check(heif_image_add_plane(image, channel, Int32(width), Int32(height), 8), path: "test")
            var stride: Int32 = 0
            let plane = try #require(heif_image_get_plane(image, channel, &stride))
            for y in 0 ..< height {
                for x in 0 ..< width {
                    state = state &* 1_664_525 &+ 1_013_904_223
                    plane[y * Int(stride) + x] = UInt8(truncatingIfNeeded: state >> 24)
                }
            }
        }
        return image
    }

    /// The picture `image` converted to `target` in one pass, or in two parts when `split`.
    static func converted(_ image: OpaquePointer, window: (x: Range<Int>, y: Range<Int>), target: (width: Int, height: Int),
                          profile: [UInt8], split: Bool) throws -> (picture: RGBAImage, splitMade: Bool) {
        var signal = HEIFVideoSignal()
        signal.matrixCoefficients = 1
        signal.fullRange = true
        func converters() -> HEIFRowConversion.Converters? {
            HEIFPlanarRows(image: image, signal: signal).map {
                .init(planes: $0, rows: HEIFRowConverter(width: window.x.count, hasAlpha: false, bitDepth: 8,
                                                         premultiplied: false, transform: ColorProfileTransform(profile: profile)))
            }
        }
        var sink = PictureRowSink(width: window.x.count, height: window.y.count, target: target)
        var splitMade = false
        HEIFRowConversion(rows: window.y, columns: window.x).run(first: try #require(converters()), into: &sink) {
            guard split else { return nil }
            splitMade = true
            return converters()
        }
        return (sink.image(), splitMade)
    }

    @Test(arguments: [(1100, 1000, 120, 109), (1025, 1025, 100, 100), (1500, 701, 1400, 650)])
    static func twoPartsGiveThePictureOnePassGives(width: Int, height: Int, targetWidth: Int, targetHeight: Int) throws {
        let image = try codedImage(width: width, height: height)
        defer { heif_image_release(image) }
        let p3 = try [UInt8](Data(contentsOf: URL(fileURLWithPath: PictureFiles.filesPath("display-p3-patches.jpg"))))
        let profile = try #require(JPEGMetadata(p3).iccProfile)
        // A window cut from the picture, as a `clap` crop leaves it: rows are numbered from its top.
        let window = (x: 1 ..< width, y: 1 ..< height)
        let target = (targetWidth, targetHeight)
        let parts = try converted(image, window: window, target: target, profile: profile, split: true)
        let onePass = try converted(image, window: window, target: target, profile: profile, split: false)
        #expect(parts.splitMade, "a reduced picture of \(window.x.count * window.y.count) pixels is split")
        #expect(parts.picture.width == targetWidth && parts.picture.height == targetHeight)
        let samePicture = parts.picture == onePass.picture
        #expect(samePicture)
    }

    @Test static func smallOrWholePicturesAreConvertedInOnePass() throws {
        let image = try codedImage(width: 1024, height: 1024)
        defer { heif_image_release(image) }
        let p3 = try [UInt8](Data(contentsOf: URL(fileURLWithPath: PictureFiles.filesPath("display-p3-patches.jpg"))))
        let profile = try #require(JPEGMetadata(p3).iccProfile)
        let small = try converted(image, window: (0 ..< 1024, 0 ..< 1023), target: (100, 100), profile: profile, split: true)
        #expect(!small.splitMade, "1024 x 1023 is under a megapixel")
        let whole = try converted(image, window: (0 ..< 1024, 0 ..< 1024), target: (1024, 1024), profile: profile, split: true)
        #expect(!whole.splitMade, "a picture kept whole is converted in one pass")
        #expect(whole.picture.width == 1024 && !whole.picture.isPremultiplied)
    }
}
