import Foundation
@testable import ImageCodecs
import Raster
@testable import RenderGIF
import Testing

/// A check compares the still by what it shows: the same pixels compressed by another zlib
/// level, strategy or row filter are up to date (and left as they are); one changed pixel, a
/// colour chunk or another size is not, and the report says where.
@Suite enum PosterCheckTests {
    /// The small animation with a still at 0.5 s, rendered into a new folder: the folder,
    /// the animation, and the GIF's and the still's paths.
    static func rendered() throws -> (folder: String, animation: Animation, gif: String, still: String) {
        let folder = try TestSupport.temporaryFolder("poster-check")
        var animation = TestSupport.small
        animation.poster = folder + "/still.png"
        animation.posterTime = 0.5
        try animation.render(to: folder + "/small.gif")
        return (folder, animation, folder + "/small.gif", folder + "/still.png")
    }

    static func bytes(_ path: String) throws -> [UInt8] { Array(try Data(contentsOf: URL(fileURLWithPath: path))) }

    static func write(_ bytes: [UInt8], to path: String) throws { try Data(bytes).write(to: URL(fileURLWithPath: path)) }

    /// The still decoded to RGBA8 by the PNG decoder.
    static func pixels(_ path: String) throws -> RGBAImage { try PNGDecoder.decode(try bytes(path), path: path) }

    static let otherCompressions: [PNGEncodingOptions] = [
        .smallest,
        PNGEncodingOptions(compressionLevel: 0, filter: .none),
        PNGEncodingOptions(compressionLevel: 6, filter: .paeth, strategy: .filtered),
        PNGEncodingOptions(compressionLevel: 1, filter: .up, strategy: .huffmanOnly),
        PNGEncodingOptions(compressionLevel: 9, filter: .average, strategy: .runLength),
    ]

    @Test(arguments: otherCompressions)
    static func aStillCompressedOtherwiseIsUpToDate(options: PNGEncodingOptions) throws {
        let (folder, animation, gif, still) = try rendered()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let recompressed = [UInt8](try PNGEncoder.encode(try pixels(still), options: options))
        #expect(recompressed != (try bytes(still)))
        try write(recompressed, to: still)

        let result = try animation.check(against: gif)
        #expect(result.isUpToDate)
        #expect(result.differences.isEmpty)
        #expect(result.compressedDifferently == [still])
        #expect(try bytes(still) == recompressed, "a check never rewrites the file")
    }

    @Test static func anIdenticalStillIsNotReportedAsCompressedDifferently() throws {
        let (folder, animation, gif, _) = try rendered()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try animation.check(against: gif)
        #expect(result.isUpToDate && result.compressedDifferently.isEmpty)
    }

    @Test static func oneChangedPixelIsNamed() throws {
        let (folder, animation, gif, still) = try rendered()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var image = try pixels(still)
        let (x, y) = (57, 133)
        let at = (y * image.width + x) * 4
        let before = Array(image.pixels[at ..< at + 4])
        image.pixels[at + 1] ^= 1
        let after = Array(image.pixels[at ..< at + 4])
        try write([UInt8](try PNGEncoder.encode(image, options: .smallest)), to: still)

        let result = try animation.check(against: gif)
        #expect(!result.isUpToDate)
        #expect(result.differences.map(\.file) == [still])
        func rgba(_ values: [UInt8]) -> String { values.map(String.init).joined(separator: " ") }
        #expect(result.differences.first?.description
                == "'\(still)' is out of date: 1 pixel differs; the first, (57, 133), is RGBA \(rgba(after)) in the file "
                + "and \(rgba(before)) in the rendering")
    }

    @Test static func changedPixelsAreBoundedAndCounted() {
        var old = [UInt8](repeating: 0, count: 4 * 6 * 5), new = old
        for (x, y) in [(4, 1), (1, 3), (2, 2)] { new[(y * 6 + x) * 4 + 3] = 255 }
        #expect(PosterComparison.pixelDifference(old, new, width: 6)
                == "3 pixels differ, between (1, 1) and (4, 3); the first, (4, 1), is RGBA 0 0 0 0 in the file "
                + "and 0 0 0 255 in the rendering")
        old = new
        #expect(PosterComparison.pixelDifference(old, new, width: 6) == "the pixels differ")
    }

    @Test static func aStillOfAnotherSizeIsNamed() throws {
        let (folder, animation, gif, still) = try rendered()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var twice = animation
        twice.scale = 2
        twice.poster = folder + "/twice.png"
        try twice.render(to: folder + "/twice.gif")
        try write(try bytes(folder + "/twice.png"), to: still)

        let result = try animation.check(against: gif)
        #expect(result.differences.first?.description
                == "'\(still)' is out of date: the file is 320 x 400 pixels, 8-bit RGB, the rendering 160 x 200 pixels, 8-bit RGB")
    }

    @Test static func aStillThatIsNoPNGIsNamed() throws {
        let (folder, animation, gif, still) = try rendered()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try write(Array("not a picture".utf8), to: still)
        let result = try animation.check(against: gif)
        #expect(result.differences.first?.description
                == "'\(still)' is out of date: the file (13 bytes) is not a PNG that can be read: not a PNG file; "
                + "the rendering is 160 x 200 pixels, 8-bit RGB")
    }

    @Test static func colourChunksAreCompared() {
        typealias Chunk = PNGContent.Chunk
        let sRGB = Chunk(type: "sRGB", data: [0]), gamma = Chunk(type: "gAMA", data: [0, 0, 0xB1, 0x8F])
        #expect(PosterComparison.chunkDifference([gamma, sRGB], [sRGB]) == "its colour chunks are gAMA, sRGB, the rendering's sRGB")
        #expect(PosterComparison.chunkDifference([], [sRGB]) == "its colour chunks are none, the rendering's sRGB")
        #expect(PosterComparison.chunkDifference([Chunk(type: "sRGB", data: [1])], [sRGB])
                == "its sRGB chunk differs from the rendering's")
    }
}
