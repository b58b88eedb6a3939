@testable import Raster
import SharedTestSupport
import Testing
@testable import Palette

@Suite enum PaletteBuilderTests {
    static let fixed = PaletteBuilder.arcSceneFixedColors()

    @Test(arguments: [1, 0, -3, 257, 1000])
    static func rejectsMaxColorsOutsideTheGIFRange(_ count: Int) {
        #expect(throws: PaletteError.invalidMaxColors(count)) { try PaletteBuilder(maxColors: count) }
    }

    @Test static func rejectsMoreFixedColoursThanSlots() {
        let colors = [RGB8(1, 1, 1), RGB8(2, 2, 2), RGB8(3, 3, 3), RGB8(1, 1, 1)]
        #expect(throws: PaletteError.tooManyFixedColors(fixed: 3, limit: 2)) {
            try PaletteBuilder(maxColors: 3, fixedColors: colors, reservesTransparentIndex: true)
        }
        #expect((try? PaletteBuilder(maxColors: 3, fixedColors: colors))?.fixedColors.count == 3)
    }

    @Test static func rampsBlendOnEncodedValues() {
        // Red over white at 4 levels: 255·(1 − k/4) rounded half up: 191.25, 127.5, 63.75.
        #expect(PaletteBuilder.antiAliasingRamp(from: RGB8(255, 0, 0), over: RGB8(255, 255, 255), levels: 4)
            == [RGB8(255, 191, 191), RGB8(255, 128, 128), RGB8(255, 64, 64)])
        #expect(fixed.count == 10)
    }

    @Test static func fewColoursAreKeptExactlyAfterTheFixedOnes() throws {
        var histogram = ColorHistogram()
        for color in [RGB8(9, 9, 9), RGB8(255, 0, 0), RGB8(3, 200, 7), RGB8(3, 200, 6)] { histogram.add(color, weight: 2) }
        let palette = try PaletteBuilder(maxColors: 256, fixedColors: fixed).build(from: histogram)
        #expect(palette.colors == fixed + [RGB8(3, 200, 6), RGB8(3, 200, 7), RGB8(9, 9, 9)])
        #expect(palette.fixedColorCount == fixed.count)
        #expect(palette.tableSize == 16)
    }

    @Test(arguments: [(1, false, 2), (2, false, 2), (2, true, 4), (3, false, 4), (5, false, 8), (16, false, 16),
                      (16, true, 32), (100, false, 128), (129, false, 256), (255, true, 256)])
    static func tableSizeIsTheSmallestPowerOfTwoThatFits(_ count: Int, _ transparent: Bool, _ size: Int) throws {
        var histogram = ColorHistogram()
        for value in 0 ..< count { histogram.add(RGB8(UInt8(value), 0, 0)) }
        let palette = try PaletteBuilder(reservesTransparentIndex: transparent).build(from: histogram)
        #expect(palette.colors.count == count)
        #expect(palette.tableSize == size)
        #expect(palette.tableColors.count == size)
        #expect(palette.transparentIndex == (transparent ? UInt8(count) : nil))
    }

    @Test(arguments: [2, 16, 100, 256])
    static func quantizedPaletteFillsItsLimitAndKeepsFixedColours(_ maxColors: Int) throws {
        let histogram = TestImages.histogram(TestImages.gradient())
        let builder = try PaletteBuilder(maxColors: maxColors, fixedColors: Array(fixed.prefix(maxColors / 2)))
        let palette = try builder.build(from: histogram)
        #expect(Array(palette.colors.prefix(builder.fixedColors.count)) == builder.fixedColors)
        #expect(palette.colors.count <= maxColors)
        #expect(palette.colors.count >= maxColors - 2)  // only rounding collisions may merge
        #expect(Set(palette.colors).count == palette.colors.count)
        #expect(palette.tableSize == IndexedPalette.tableSize(holding: palette.colors.count))
    }

    @Test static func gradientAt256ColoursReaches38dBAndBeatsSimplerPalettes() throws {
        let image = TestImages.gradient()
        let histogram = TestImages.histogram(image)
        #expect(histogram.distinctColorCount > 2000)
        let palette = try PaletteBuilder(maxColors: 256).build(from: histogram)
        let mapper = PaletteMapper(palette: palette)
        let indices = try mapper.indices(image: image, rect: image.bounds, dither: .none)
        let mapped = ImageQuality.render(indices: indices, rect: image.bounds, palette: palette, over: image)
        let quantized = try #require(ImageQuality.psnr(image, mapped))
        #expect(quantized >= 38)
        #expect(quantized > TestImages.nearestPSNR(image, ReferencePalettes.medianCut(histogram, count: 256)))
        #expect(quantized > TestImages.nearestPSNR(image, ReferencePalettes.uniform6x6x6))
    }

    /// Planning with two threads gives the very palette one thread gives: each piece of a
    /// Lloyd iteration writes only its own points and neighbour rows.
    @Test static func twoThreadsPlanTheSamePalette() throws {
        var generator = SeededGenerator(seed: 27)
        var histogram = ColorHistogram()
        // Enough colours that the points are split too (photographs' tables have thousands).
        for _ in 0 ..< 12000 {
            histogram.add(RGB8(generator.byte(), generator.byte() / 2, generator.byte()), weight: Double(1 + generator.byte() % 5))
        }
        var builder = try PaletteBuilder(maxColors: 256, fixedColors: fixed, reservesTransparentIndex: true)
        let alone = try builder.build(from: histogram)
        builder.inParallel = true
        #expect(try builder.build(from: histogram) == alone)
    }

    @Test static func lloydRefinementImprovesOnTheBoxSplit() throws {
        let image = TestImages.gradient()
        let histogram = TestImages.histogram(image)
        var splitOnly = try PaletteBuilder(maxColors: 64)
        splitOnly.refinementIterations = 0
        let refined = try PaletteBuilder(maxColors: 64).build(from: histogram)
        let split = try splitOnly.build(from: histogram)
        #expect(TestImages.nearestPSNR(image, refined.colors) > TestImages.nearestPSNR(image, split.colors))
    }

    @Test static func sameInputGivesTheSamePalette() throws {
        var histogram = TestImages.histogram(TestImages.gradient())
        histogram.add(image: TestImages.gradient(phase: 0.3), rect: PixelRect(x: 10, y: 10, width: 60, height: 50), weight: 3)
        let builder = try PaletteBuilder(maxColors: 200, fixedColors: fixed, reservesTransparentIndex: true)
        let first = try builder.build(from: histogram)
        let second = try builder.build(from: histogram)
        #expect(first.colors == second.colors)
        #expect(first.colors.count == 199)
    }

    @Test static func manyDistinctColoursGoThroughBuckets() throws {
        var histogram = ColorHistogram()
        var generator = SeededGenerator(seed: 99)
        for _ in 0 ..< 60_000 { histogram.add(RGB8(generator.byte(), generator.byte(), generator.byte())) }
        #expect(histogram.distinctColorCount > PaletteBuilder.bucketingThreshold)
        let palette = try PaletteBuilder(maxColors: 32, fixedColors: [RGB8(255, 255, 255)]).build(from: histogram)
        #expect(palette.colors.first == RGB8(255, 255, 255))
        #expect(palette.colors.count == 32)
    }

    @Test static func emptyHistogramGivesTheFixedColoursOrBlack() throws {
        #expect(try PaletteBuilder().build(from: ColorHistogram()).colors == [RGB8(0, 0, 0)])
        #expect(try PaletteBuilder(fixedColors: fixed).build(from: ColorHistogram()).colors == fixed)
    }
}
