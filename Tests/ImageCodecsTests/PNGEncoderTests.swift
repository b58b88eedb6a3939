import Foundation
@testable import ImageCodecs
@testable import Raster
import SharedTestSupport
import Testing

@Suite enum PNGEncoderTests {
    /// A straight RGBA image whose every pixel differs, including partial and zero alpha.
    static func sampleImage(width: Int = 23, height: Int = 17) -> RGBAImage {
        var pixels: [UInt8] = []
        for y in 0 ..< height {
            for x in 0 ..< width {
                pixels += [UInt8((x * 11) % 256), UInt8((y * 15) % 256), UInt8((x * y) % 256), UInt8((x + 3 * y) * 9 % 256)]
            }
        }
        return RGBAImage(width: width, height: height, pixels: pixels, isPremultiplied: false)
    }

    @Test static func straightImagesRoundTripExactly() throws {
        let image = sampleImage()
        let data = try PNGEncoder.encode(image)
        #expect(Array(data.prefix(8)) == TestSupport.pngSignature)
        let decoded = try PNGDecoder.decode([UInt8](data), path: "round-trip.png")
        #expect(decoded == image)
    }

    @Test static func encodingIsDeterministicAndHasNoTimeChunk() throws {
        let first = try PNGEncoder.encode(sampleImage(width: 64, height: 40))
        let second = try PNGEncoder.encode(sampleImage(width: 64, height: 40))
        #expect(first == second)
        #expect(first.range(of: Data("tIME".utf8)) == nil)
    }

    @Test static func incompressibleImagesRoundTrip() throws {
        // Seeded noise does not compress, so the output is close to the worst case.
        let noise = SeededGenerator.bytes(count: 97 * 61 * 4, seed: 7)
        let image = RGBAImage(width: 97, height: 61, pixels: noise, isPremultiplied: false)
        let decoded = try PNGDecoder.decode([UInt8](try PNGEncoder.encode(image)), path: "noise.png")
        #expect(decoded.pixels == noise)
    }

    @Test static func premultipliedInputIsWrittenStraight() throws {
        // (200, 100, 50) at alpha 128 premultiplies to round(c * 128 / 255) = (100, 50, 25);
        // unpremultiplying gives round(c * 255 / 128) = (199, 100, 50).
        let premultiplied = RGBAImage(width: 3, height: 1,
                                      pixels: [100, 50, 25, 128, 255, 0, 0, 255, 9, 9, 9, 0],
                                      isPremultiplied: true)
        let decoded = try PNGDecoder.decode([UInt8](try PNGEncoder.encode(premultiplied)), path: "pm.png")
        #expect(decoded.pixels == [199, 100, 50, 128, 255, 0, 0, 255, 0, 0, 0, 0])
        #expect(!decoded.isPremultiplied)
    }

    @Test static func unpremultiplyInvertsPremultiplyForOpaqueAndHalfAlpha() {
        // Every straight value c at alpha 255 is its own premultiplied value.
        let opaque: [UInt8] = (0 ... 255).flatMap { (value: Int) -> [UInt8] in [UInt8(value), UInt8(255 - value), 7, 255] }
        #expect(RGBAImage(width: 256, height: 1, pixels: opaque, isPremultiplied: true).unpremultiplied().pixels == opaque)
        // A premultiplied value can never exceed alpha in valid data; if it does, cap at 255.
        #expect(RGBAImage(width: 1, height: 1, pixels: [200, 10, 0, 100], isPremultiplied: true).unpremultiplied().pixels
            == [255, 26, 0, 100])
    }

    @Test static func emptyImagesAreRefused() {
        let empty = RGBAImage(width: 0, height: 4, pixels: [], isPremultiplied: false)
        #expect(throws: ImageCodecError.invalidInput(context: "PNG image", problem: "0 x 4 has no pixels")) {
            try PNGEncoder.encode(empty)
        }
    }

    @Test static func writeGoesThroughTheAtomicWriter() throws {
        let folder = try TestFiles.makeTemporaryFolder()
        defer { TestFiles.removeFolder(folder) }
        let path = folder + "/frame.png"
        try PNGEncoder.write(sampleImage(), to: path)
        #expect(try ImageFile.load(path: path) == sampleImage())
        #expect(try TestFiles.folderListing(folder) == ["frame.png"])
    }
}
