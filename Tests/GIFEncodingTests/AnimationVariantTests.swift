import Foundation
@testable import GIFEncoding
import GIFTestSupport
@testable import Palette
@testable import Raster
import SharedTestSupport
import Testing

/// The encoder writes the transparent variant of a frame when it breaks the indices into fewer
/// runs, and a local colour table only when it pays; crafted frames make each choice go both ways.
@Suite enum AnimationVariantTests {
    static let width = 64, height = 32

    /// Sixteen grey levels 0, 17, ..., 255 plus the transparent slot.
    static func greys() throws -> IndexedPalette {
        let colors = (0 ..< 16).map { (level: Int) -> RGB8 in
            let value = UInt8(level * 17)
            return RGB8(value, value, value)
        }
        return try IndexedPalette(colors: colors, reservesTransparentIndex: true)
    }

    /// A canvas whose pixels are the grey levels `levels` (row by row).
    static func canvas(_ levels: [Int]) -> Canvas {
        var canvas = Canvas(width: width, height: height)
        for (index, level) in levels.enumerated() {
            let value = UInt8(level * 17)
            canvas.fill(PixelRect(x: index % width, y: index / width, width: 1, height: 1),
                        with: PremultipliedColor(red: value, green: value, blue: value))
        }
        return canvas
    }

    static func noise(seed: UInt64) -> [Int] {
        var generator = SeededGenerator(seed: seed)
        return (0 ..< width * height).map { _ in Int(generator.next() >> 60) }
    }

    /// Encodes two frames at 50 fps with the grey palette; returns the decoded second image.
    static func encodePair(_ first: [Int], _ second: [Int], localTables: Bool = false,
                           palette: IndexedPalette? = nil) throws -> (GIFReader, [UInt8]) {
        var options = GIFEncodingOptions()
        options.localColorTables = localTables
        let encoder = try AnimationEncoder(width: width, height: height, palette: palette ?? greys(),
                                           interfaceColors: InterfaceColors(background: RGB8(255, 255, 255)), options: options)
        try encoder.addFrame(canvas(first), time: 0)
        try encoder.addFrame(canvas(second), time: 0.02)
        try encoder.finish(totalDuration: 0.04)
        let bytes = try GIFStreamWriter.bytes(of: encoder.takeParts())
        return (try GIFReader(bytes: bytes), bytes)
    }

    /// The file size of a one-frame GIF of `indices` over the grey palette, measured
    /// independently with giflib's own encoder.
    static func size(_ indices: [UInt8], transparent: Int?) throws -> Int {
        let sink = MemoryByteSink()
        let writer = try GiflibGIFWriter(sink: sink, width: width, height: height, globalPalette: try greys().tableColors,
                                         loopCount: nil)
        try writer.addFrame(GIFFrame(rect: PixelRect(x: 0, y: 0, width: width, height: height),
                                     indices: indices, delayCentiseconds: 0, transparentIndex: transparent))
        try writer.finish()
        return sink.bytes.count
    }

    @Test static func sparseChangesUseTheTransparentIndex() throws {
        let first = noise(seed: 7)
        var second = first
        second[0] = (second[0] + 1) % 16
        second[width * height - 1] = (second[width * height - 1] + 1) % 16
        let (gif, _) = try encodePair(first, second)
        #expect(gif.frames.count == 2)
        let frame = gif.frames[1]
        #expect(frame.rect == PixelRect(x: 0, y: 0, width: width, height: height))
        #expect(frame.transparentIndex == 16)
        let opaque = try size(second.map(UInt8.init), transparent: nil)
        let transparent = try size(zip(first, second).map { $0 == $1 ? 16 : UInt8($1) }, transparent: 16)
        #expect(transparent < opaque)
        #expect(ImageQuality.psnr(gif.compositedFrames()[1], canvas(second).image) == .infinity)
    }

    @Test static func aFlatRepaintStaysOpaque() throws {
        // Noise repainted with one grey: the unchanged pixels are scattered where the noise
        // already had that grey, so leaving them transparent only breaks up the flat run.
        let first = noise(seed: 11)
        let second = [Int](repeating: 5, count: width * height)
        let (gif, _) = try encodePair(first, second)
        let frame = gif.frames[1]
        #expect(frame.transparentIndex == nil)
        #expect(frame.indices.allSatisfy { $0 == 5 })
        let transparent = try size(first.map { $0 == 5 ? 16 : 5 }, transparent: 16)
        #expect(try size(second.map(UInt8.init), transparent: nil) <= transparent)
    }

    @Test static func aLocalTablePaysForAFrameOfFewColours() throws {
        // 255 greys in the global table; the second frame paints a band of two colours.
        let levels = (0 ..< 255).map { (level: Int) -> RGB8 in RGB8(UInt8(level), UInt8(level), UInt8(level)) }
        let greys = try IndexedPalette(colors: levels, reservesTransparentIndex: true)
        var first: [Int] = [], second: [Int] = []
        for index in 0 ..< width * height {
            first.append(index % 15)
            second.append(index / width < 16 ? (index % 2 == 0 ? 3 : 12) : index % 15)
        }
        let (withLocal, localBytes) = try encodePair(first, second, localTables: true, palette: greys)
        let (withoutLocal, globalBytes) = try encodePair(first, second, localTables: false, palette: greys)
        let local = try #require(withLocal.frames.last?.localPalette)
        #expect(local.count <= 4)
        #expect(withoutLocal.frames.last?.localPalette == nil)
        #expect(localBytes.count < globalBytes.count)
        #expect(ImageQuality.psnr(withLocal.compositedFrames()[1], withoutLocal.compositedFrames()[1]) == .infinity)
    }

    @Test static func aLocalTableIsSkippedWhenItWouldBeAsLarge() throws {
        let first = noise(seed: 3)
        let second = noise(seed: 4)
        let (gif, _) = try encodePair(first, second, localTables: true)
        // All 16 greys are used: a local table would be as large as the global one.
        #expect(gif.frames[1].localPalette == nil)
    }

    @Test static func runsDecideBetweenTheVariants() {
        // 0 1 0 1 2 2 falls into five runs. With the middle three unchanged it is written
        // 0 T T T 2 2, three runs: transparent. With only the third unchanged, 0 1 T 1 2 2,
        // still five: a tie, which stays opaque.
        let indices: [UInt8] = [0, 1, 0, 1, 2, 2]
        #expect(FrameVariantSelector.transparencyShortensRuns(indices, unchanged: [false, true, true, true, false, false]))
        #expect(!FrameVariantSelector.transparencyShortensRuns(indices, unchanged: [false, false, true, false, false, false]))
        // Nothing unchanged: the same runs, so never transparent.
        #expect(!FrameVariantSelector.transparencyShortensRuns(indices, unchanged: [Bool](repeating: false, count: 6)))
        // Scattered unchanged pixels inside one flat run only break it up.
        #expect(!FrameVariantSelector.transparencyShortensRuns([UInt8](repeating: 5, count: 8),
                                                              unchanged: [false, true, false, true, false, true, false, true]))
        #expect(!FrameVariantSelector.transparencyShortensRuns([], unchanged: []))
    }

    /// The runs of `values`: how many places start a new one.
    static func runCount(_ values: [Int]) -> Int {
        zip(values.indices, values).filter { $0 == 0 || values[$0 - 1] != $1 }.count
    }

    @Test static func runsAreCountedAsWritten() {
        // Pseudo-random rows of few indices (index 0 and 255 included) in runs of several
        // lengths, with unchanged pixels in runs of their own or scattered, against runs
        // counted here, the transparent index as 256.
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 33) % bound
        }
        var transparentChosen = 0
        for trial in 0 ..< 400 {
            let count = 1 + next(200)
            var index = next(2) == 0 ? 0 : 255
            let indices = (0 ..< count).map { _ -> UInt8 in
                if next(trial % 4 + 1) == 0 { index = [0, 1, 254, 255][next(4)] }
                return UInt8(index)
            }
            var stays = false
            let unchanged = (0 ..< count).map { _ -> Bool in
                if trial % 2 == 0 {
                    if next(8) == 0 { stays.toggle() }
                    return stays
                }
                return next(trial % 6 + 2) == 0
            }
            let written = zip(indices, unchanged).map { $1 ? 256 : Int($0) }
            let expected = runCount(written) < runCount(indices.map(Int.init))
            if expected { transparentChosen += 1 }
            #expect(FrameVariantSelector.transparencyShortensRuns(indices, unchanged: unchanged) == expected,
                    "trial \(trial)")
        }
        // Both answers came up.
        #expect(transparentChosen > 0 && transparentChosen < 400)
    }
}
