@testable import GIFEncoding
import GIFTestSupport
@testable import Palette
@testable import Raster
import SharedTestSupport
import Testing

/// Files written through giflib from the pure-Swift compression (`EGifPutCode`) are exactly
/// the files giflib writes when it compresses the same indices itself (`EGifPutLine`): the LZW
/// parse, the code-width changes, the clear codes of full tables, the minimum code size and
/// the sub-blocks, for every table size, with local tables and transparency.
@Suite enum GiflibIdentityTests {
    /// Indices below `colors`, in runs of up to `runLength` equal values (1: pure noise).
    static func indices(count: Int, colors: Int, runLength: Int, seed: UInt64) -> [UInt8] {
        var generator = SeededGenerator(seed: seed)
        var values: [UInt8] = []
        values.reserveCapacity(count)
        while values.count < count {
            let value = UInt8(generator.next() % UInt64(colors))
            let run = 1 + Int(generator.next() % UInt64(runLength))
            values += repeatElement(value, count: min(run, count - values.count))
        }
        return values
    }

    static func palette(_ count: Int) -> [RGB8] {
        (0 ..< count).map { index -> RGB8 in
            let value = UInt8(index)
            return RGB8(value, 255 - value, value &* 7)
        }
    }

    /// Both files for the same frames: compressed in Swift, and by giflib.
    static func both(width: Int, height: Int, global: [RGB8]?, loopCount: Int?, frames: [GIFFrame]) throws -> ([UInt8], [UInt8]) {
        let ours = try GIFStreamBuilder(width: width, height: height, globalPalette: global, loopCount: loopCount)
        for frame in frames { try ours.addFrame(frame) }
        try ours.finish()
        return (try GIFStreamWriter.bytes(of: ours.takeParts()),
                try reference(width: width, height: height, global: global, loopCount: loopCount, frames: frames))
    }

    /// The file giflib writes for `frames`, compressing them itself.
    static func reference(width: Int, height: Int, global: [RGB8]?, loopCount: Int?, backgroundIndex: Int = 0,
                          frames: [GIFFrame]) throws -> [UInt8] {
        let sink = MemoryByteSink()
        let reference = try GiflibGIFWriter(sink: sink, width: width, height: height, globalPalette: global,
                                            loopCount: loopCount, backgroundIndex: backgroundIndex)
        for frame in frames { try reference.addFrame(frame) }
        try reference.finish()
        return sink.bytes
    }

    @Test(arguments: [2, 3, 4, 5, 16, 17, 64, 128, 255, 256])
    static func everyTableSizeMatches(colors: Int) throws {
        // 160 x 120 pixels: enough codes to fill the table several times.
        let rect = PixelRect(x: 0, y: 0, width: 160, height: 120)
        var frames: [GIFFrame] = []
        for (seed, run) in [(1, 1), (2, 3), (3, 40)] as [(UInt64, Int)] {
            frames.append(GIFFrame(rect: rect, indices: indices(count: rect.area, colors: colors, runLength: run, seed: seed + UInt64(colors)),
                                   delayCentiseconds: 7, disposal: .keep, transparentIndex: seed == 2 ? colors - 1 : nil))
        }
        let (ours, reference) = try both(width: 160, height: 120, global: palette(colors), loopCount: 0, frames: frames)
        #expect(ours == reference)
    }

    @Test static func localTablesSmallFramesAndNoGlobalTableMatch() throws {
        let frames = [
            GIFFrame(rect: PixelRect(x: 3, y: 4, width: 1, height: 1), indices: [1], localPalette: palette(2),
                     delayCentiseconds: 0, disposal: .restoreBackground),
            GIFFrame(rect: PixelRect(x: 0, y: 0, width: 33, height: 21),
                     indices: indices(count: 33 * 21, colors: 9, runLength: 5, seed: 9), localPalette: palette(9),
                     delayCentiseconds: 65535, disposal: .restorePrevious, transparentIndex: 0),
            GIFFrame(rect: PixelRect(x: 10, y: 5, width: 50, height: 40),
                     indices: indices(count: 2000, colors: 200, runLength: 2, seed: 10), localPalette: palette(200),
                     delayCentiseconds: 300, disposal: .unspecified),
        ]
        let (ours, reference) = try both(width: 64, height: 48, global: nil, loopCount: nil, frames: frames)
        #expect(ours == reference)
        let (withGlobal, referenceWithGlobal) = try both(width: 64, height: 48, global: palette(3), loopCount: 65535, frames: frames)
        #expect(withGlobal == referenceWithGlobal)
    }

    @Test static func aLargeFlatFrameMatches() throws {
        // Long runs make long strings: codes up to 12 bits without clearing for a while.
        let rect = PixelRect(x: 0, y: 0, width: 700, height: 300)
        let frame = GIFFrame(rect: rect, indices: indices(count: rect.area, colors: 4, runLength: 2000, seed: 5),
                             delayCentiseconds: 2)
        let (ours, reference) = try both(width: 700, height: 300, global: palette(256), loopCount: 0, frames: [frame])
        #expect(ours == reference)
    }

    /// A whole animation as the encoder makes it (variants chosen among opaque, transparent and
    /// local-table ones, on two threads) equals giflib's encoding of the frames read back from it.
    @Test(arguments: [4, 16, 256])
    static func encodedAnimationsMatch(colors: Int) throws {
        var options = GIFEncodingOptions()
        options.colors = colors
        options.localColorTables = true
        options.qualityTarget = nil
        let frames = AnimationFixtures.standardSlide
        let plan = colors == 256 ? AnimationFixtures.standardPlan : try AnimationFixtures.palette(for: frames, options: options)
        let (bytes, statistics) = try AnimationFixtures.encode(frames, options: options, palette: plan)
        #expect(statistics.transparentFrames > 0)
        let gif = try GIFReader(bytes: bytes)
        #expect(gif.globalPalette?.count == colors)
        #expect(try bytes == reference(of: gif))
    }

    @Test static func anAnimationWithALocalTableMatches() throws {
        let levels = (0 ..< 255).map { (level: Int) -> RGB8 in RGB8(UInt8(level), UInt8(level), UInt8(level)) }
        let width = AnimationVariantTests.width, height = AnimationVariantTests.height
        let first = (0 ..< width * height).map { $0 % 15 }
        let second = (0 ..< width * height).map { $0 / width < 16 ? ($0 % 2 == 0 ? 3 : 12) : $0 % 15 }
        let (gif, bytes) = try AnimationVariantTests.encodePair(first, second, localTables: true,
                                                                 palette: IndexedPalette(colors: levels, reservesTransparentIndex: true))
        #expect(gif.frames.last?.localPalette != nil)
        #expect(try bytes == reference(of: gif))
    }

    /// giflib's file for the screen and frames of `gif`, compressed by giflib.
    static func reference(of gif: GIFReader) throws -> [UInt8] {
        try reference(width: gif.width, height: gif.height, global: gif.globalPalette, loopCount: gif.loopCount,
                      backgroundIndex: gif.backgroundIndex, frames: gif.frames)
    }
}
