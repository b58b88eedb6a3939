import Foundation
@testable import ImageCodecs
import Raster
import SharedTestSupport
import Testing

/// What the decoders ask of their libraries is bounded before the libraries decode: the
/// inputs fuzzing found ending or exhausting the process (kept among the fuzz seeds), and
/// HEIF grids damaged in each way `HEIFDecodingPlan` refuses, each one line naming the file.
@Suite enum DecoderBoundsTests {
    typealias Files = PictureFiles

    static func seed(_ target: String, _ name: String) throws -> [UInt8] {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../FuzzCorpus/\(target)/\(name)").standardized.path
        return try TestFiles.contents(of: path)
    }

    /// `bytes` with the first run equal to `old` replaced by `new` (as long).
    static func replacing(_ old: [UInt8], with new: [UInt8], in bytes: [UInt8]) -> [UInt8] {
        precondition(old.count == new.count)
        guard let at = (0 ... bytes.count - old.count).first(where: { Array(bytes[$0 ..< $0 + old.count]) == old }) else {
            Issue.record("\(old) not found")
            return bytes
        }
        var changed = bytes
        changed.replaceSubrange(at ..< at + old.count, with: new)
        return changed
    }

    /// A grid naming itself as a tile: libheif 1.15 started a thread per level of the endless
    /// recursion until it could start none and aborted (std::system_error, 775 MB), or, with
    /// three real tiles beside it, ran for minutes at 1.8 GB. Now refused before decoding.
    @Test(arguments: [("grid-naming-itself-as-its-only-tile.heic", 2), ("grid-naming-itself-beside-three-tiles.heic", 5)])
    static func gridsBuiltFromThemselvesAreRefused(name: String, grid: Int) throws {
        let bytes = try seed("heif-decoding", name)
        #expect(throws: ImageCodecError.corrupt(path: name, message: "item \(grid) (grid) is built from itself")) {
            try ImageFile.decode(bytes, path: name)
        }
    }

    /// An item-property association box declaring 4,294,967,295 entries in a few bytes (found
    /// by the image-decoding fuzz target, kept among its seeds and the HEIF target's): read
    /// for as many entries as its bytes hold, it is refused at once instead of counting to
    /// the end of the declared number.
    @Test static func countsBeyondTheirBytesEndWithTheBytes() throws {
        let bytes = try seed("heif-decoding", "ipma-declaring-four-billion-entries.heic")
        #expect(throws: ImageCodecError.self) { try ImageFile.decode(bytes, path: "ipma.heic") }
    }

    /// An overlay whose layout is shorter than its fixed fields (found by the heif-decoding
    /// fuzz target, kept among its seeds) is refused as unreadable, not read past its end.
    @Test static func overlayLayoutsShorterThanTheirFieldsAreRefused() throws {
        let bytes = try seed("heif-decoding", "overlay-layout-shorter-than-its-fields.heic")
        #expect(throws: ImageCodecError.self) { try ImageFile.decode(bytes, path: "overlay.heic") }
    }

    /// The cycle may pass through other items: here the alpha plane's grid takes the picture
    /// itself as its tile.
    @Test static func cyclesThroughAlphaPlanesAreRefused() throws {
        let alpha = try TestFiles.contents(of: Files.path("alpha.heic"))
        // dimg from the alpha grid (4) to tile 3, made to name the primary grid (2) instead.
        let looped = replacing(Array("dimg".utf8) + [0, 4, 0, 1, 0, 3], with: Array("dimg".utf8) + [0, 4, 0, 1, 0, 2], in: alpha)
        #expect(throws: ImageCodecError.corrupt(path: "a.heic", message: "item 2 (grid) is built from itself through item 4")) {
            try ImageFile.decode(looped, path: "a.heic")
        }
    }

    /// grid.heic's layout (rows and columns less one, output width and height) says 2 x 2
    /// tiles shown as 120 x 100.
    static let gridLayout: [UInt8] = [0, 0, 1, 1, 0, 0x78, 0, 0x64]

    @Test static func gridLayoutsDisagreeingWithTheFileAreRefused() throws {
        let grid = try TestFiles.contents(of: Files.path("grid.heic"))
        let fewer = replacing(gridLayout, with: [0, 0, 1, 0, 0, 0x78, 0, 0x64], in: grid)
        #expect(throws: ImageCodecError.corrupt(path: "g.heic", message: "the grid item 5 has 2 x 1 tiles but names 4")) {
            try ImageFile.decode(fewer, path: "g.heic")
        }
        let wider = replacing(gridLayout, with: [0, 0, 1, 1, 0, 0x80, 0, 0x64], in: grid)
        #expect(throws: ImageCodecError.corrupt(path: "g.heic",
                                                message: "the grid item 5 is 120 x 100 by its ispe property but 128 x 100 by its layout")) {
            try ImageFile.decode(wider, path: "g.heic")
        }
    }

    /// A tile declaring a side over the limit is refused by its size, before any tile decodes.
    @Test static func tilesOverTheLimitAreRefused() throws {
        let grid = try TestFiles.contents(of: Files.path("grid.heic"))
        let ispe = Array("ispe".utf8) + [0, 0, 0, 0]
        let huge = replacing(ispe + [0, 0, 0, 64], with: ispe + [0, 0, 0x50, 0], in: grid)
        #expect(throws: ImageCodecError.tooLarge(path: "g.heic", width: 20480, height: 64, limit: "16384 x 16384 for item 1")) {
            try ImageFile.decode(huge, path: "g.heic")
        }
    }

    /// The coded size (from the HEVC sequence parameter set, what libde265 allocates for) is
    /// counted even when the tiles' ispe declares less; the estimate is the 120 x 100 RGB
    /// canvas and one 64 x 64 tile (4:4:4) decoding at 9 bytes a pixel.
    @Test static func theCodedSizeOfTilesIsCounted() throws {
        let grid = try TestFiles.contents(of: Files.path("grid.heic"))
        let ispe = Array("ispe".utf8) + [0, 0, 0, 0]
        var small = grid
        for _ in 0 ..< 4 { small = replacing(ispe + [0, 0, 0, 64, 0, 0, 0, 64], with: ispe + [0, 0, 0, 8, 0, 0, 0, 8], in: small) }
        for bytes in [grid, small] {
            let plan = try HEIFDecodingPlan(item: 5, of: HEIFItems(bytes), width: 120, height: 100, limits: .default, path: "g")
            #expect(plan.peakBytes == 120 * 100 * 3 + 64 * 64 * 9, "\(plan.peakBytes)")
            #expect(plan.images == 5 && plan.decodedPixels == 4 * 64 * 64, "\(plan.images), \(plan.decodedPixels)")
        }
    }

    /// heif-enc stores the 64 x 32 quadrants as a 64 x 64 HEVC tile (4:2:0) and the 64 x 8
    /// ramp as one at 10 bits 4:4:4, each cropped by a grid; the AV1 sequence header says
    /// 64 x 32.
    @Test(arguments: [("quadrants.heic", HEIFCodedPicture(width: 64, height: 64, visibleWidth: 64, visibleHeight: 64,
                                                          planeBytesPerPixel: 1.5, sampleBytes: 1)),
                      ("ten-bit.heic", HEIFCodedPicture(width: 64, height: 64, visibleWidth: 64, visibleHeight: 64,
                                                        planeBytesPerPixel: 6, sampleBytes: 2)),
                      ("quadrants.avif", HEIFCodedPicture(width: 64, height: 32, visibleWidth: 64, visibleHeight: 32,
                                                          planeBytesPerPixel: 1.5, sampleBytes: 1))])
    static func codedSizesAreReadFromTheStreams(name: String, expected: HEIFCodedPicture) throws {
        let items = try HEIFItems(TestFiles.contents(of: Files.path(name)))
        let primary = try #require(items.items.first { $0.value.type == "hvc1" || $0.value.type == "av01" }).key
        let data = items.data(of: primary, maxBytes: 1 << 20)
        let found = name.hasSuffix("avif")
            ? HEIFCodedPicture.av1(av1C: items.property("av1C", of: primary).map { items.bytes[$0.body] }, data: data)
            : HEIFCodedPicture.hevc(hvcC: items.property("hvcC", of: primary).map { items.bytes[$0.body] }, data: data)
        #expect(found.picture == expected && !found.damaged, "\(name): \(found)")
    }

    /// An HEVC sequence parameter set payload (after the NAL unit header) for a `width` x
    /// `height` picture of `chroma` format, cropped by `window` (left, right, top, bottom in
    /// chroma samples), with emulation prevention bytes as an encoder writes them.
    static func sequenceParameterSet(width: Int, height: Int, chroma: Int, window: [Int]?, lumaBits: Int) -> [UInt8] {
        var bits: [Int] = []
        func put(_ value: Int, _ count: Int) { for k in (0 ..< count).reversed() { bits.append(value >> k & 1) } }
        func golomb(_ value: Int) {
            let count = (value + 1).bitWidth - (value + 1).leadingZeroBitCount
            put(0, count - 1)
            put(value + 1, count)
        }
        put(0, 4); put(0, 3); put(1, 1)  // VPS id, one sub-layer, temporal id nesting
        put(0, 96)  // profile_tier_level's general part
        golomb(0); golomb(chroma)
        if chroma == 3 { put(0, 1) }
        golomb(width); golomb(height)
        put(window == nil ? 0 : 1, 1)
        window?.forEach { golomb($0) }
        golomb(lumaBits - 8); golomb(lumaBits - 8)
        put(1, 1)  // the rest of the set, as far as it matters here
        while bits.count % 8 != 0 { bits.append(0) }
        var bytes: [UInt8] = []
        for at in stride(from: 0, to: bits.count, by: 8) {
            let byte = UInt8(bits[at ..< at + 8].reduce(0) { $0 << 1 | $1 })
            if bytes.count >= 2, bytes.suffix(2) == [0, 0], byte <= 3 { bytes.append(3) }
            bytes.append(byte)
        }
        return bytes
    }

    /// The conformance window crops by chroma samples (2 luma samples at 4:2:0); the
    /// profile's zero bytes carry emulation prevention bytes, which are removed first.
    @Test static func sequenceParameterSetsGiveTheAllocatedAndTheVisibleSize() {
        let cropped = HEIFCodedPicture.hevcSequenceParameterSet(
            sequenceParameterSet(width: 4032, height: 3072, chroma: 1, window: [0, 0, 0, 24], lumaBits: 8)[...])
        #expect(cropped == HEIFCodedPicture(width: 4032, height: 3072, visibleWidth: 4032, visibleHeight: 3024,
                                            planeBytesPerPixel: 1.5, sampleBytes: 1))
        let deep = HEIFCodedPicture.hevcSequenceParameterSet(
            sequenceParameterSet(width: 65535, height: 8, chroma: 3, window: nil, lumaBits: 10)[...])
        #expect(deep == HEIFCodedPicture(width: 65535, height: 8, visibleWidth: 65535, visibleHeight: 8,
                                         planeBytesPerPixel: 6, sampleBytes: 2))
        let cut = sequenceParameterSet(width: 64, height: 64, chroma: 1, window: nil, lumaBits: 8).prefix(14)
        #expect(HEIFCodedPicture.hevcSequenceParameterSet(cut) == nil)
    }

    /// More coded pixels than twice the decoded-picture limit (alpha.heic decodes two 64 x 64
    /// tiles for its 32 x 32 picture and alpha plane), and more images than allowed, are refused.
    @Test static func theWorkOfOnePictureIsBounded() throws {
        let path = Files.path("alpha.heic")
        #expect(throws: ImageCodecError.tooLarge(path: path, width: 32, height: 32,
                                                 limit: "2048 coded pixels decoded for one picture (it decodes more)")) {
            try ImageFile.load(path: path, limits: ImageLimits(maxDecodedBytes: 32 * 32 * 4))
        }
        let items = try HEIFItems(TestFiles.contents(of: path))
        let plan = try HEIFDecodingPlan(item: 2, of: items, width: 32, height: 32, limits: .default, path: "a")
        #expect(plan.images == 4 && plan.decodedPixels == 2 * 64 * 64)
    }

    /// libpng 1.6.39 allocated an ancillary chunk's declared length (here an eXIf chunk of
    /// 2 GB in a 130-byte file) before finding the file short; now no allocation exceeds 16 MB
    /// and the error is the same one line.
    @Test static func hugeAncillaryChunksAllocateNothing() throws {
        let bytes = try seed("image-decoding", "png-exif-chunk-declaring-2gb.png")
        #expect(throws: ImageCodecError.corrupt(path: "p.png", message: "read beyond end of data")) {
            try ImageFile.decode(bytes, path: "p.png")
        }
    }
}
