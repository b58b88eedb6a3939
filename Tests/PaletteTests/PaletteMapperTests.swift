@testable import Raster
import SharedTestSupport
import Testing
@testable import Palette

@Suite enum PaletteMapperTests {
    static let fixed = PaletteBuilder.arcSceneFixedColors()

    /// A picture with a gradient sprite on white plus stripes of every fixed colour.
    static func scene() -> RGBAImage {
        var image = TestImages.canvas(width: 96, height: 80, sprite: TestImages.gradient(size: 48), at: 20, 16)
        for (number, color) in fixed.enumerated() {
            for x in 0 ..< 96 {
                let offset = ((70 + number % 10) * 96 + x) * 4
                image.pixels[offset] = color.r; image.pixels[offset + 1] = color.g; image.pixels[offset + 2] = color.b
            }
        }
        return image
    }

    static func palette(for image: RGBAImage, maxColors: Int = 64) throws -> IndexedPalette {
        try PaletteBuilder(maxColors: maxColors, fixedColors: fixed).build(from: TestImages.histogram(image))
    }

    @Test(arguments: DitherMode.allCases)
    static func paletteColoursMapToThemselvesInEveryMode(_ mode: DitherMode) throws {
        let image = scene()
        let palette = try palette(for: image)
        let indices = try PaletteMapper.indices(image: image, rect: image.bounds, palette: palette, dither: mode, anchor: (3, 5))
        var exactPixels = 0
        for position in indices.indices {
            let p = position * 4
            let color = RGB8(image.pixels[p], image.pixels[p + 1], image.pixels[p + 2])
            if let index = palette.exactIndex(of: color) {
                #expect(indices[position] == index)
                exactPixels += 1
            }
        }
        #expect(exactPixels > 96 * 80 - 48 * 48)  // the white page and the stripes at least
        for (number, color) in fixed.enumerated() { #expect(palette.exactIndex(of: color) == UInt8(number)) }
    }

    @Test static func nearestMatchesALinearScan() throws {
        let palette = try palette(for: scene(), maxColors: 256)
        var generator = SeededGenerator(seed: 2024)
        var pixels: [UInt8] = []
        for _ in 0 ..< 100 * 100 { pixels += [generator.byte(), generator.byte(), generator.byte(), 255] }
        let image = RGBAImage(width: 100, height: 100, pixels: pixels, isPremultiplied: true)
        let mapper = PaletteMapper(palette: palette)
        let indices = try mapper.indices(image: image, rect: image.bounds, dither: .none)
        for position in indices.indices {
            let p = position * 4
            let color = (Int(pixels[p]), Int(pixels[p + 1]), Int(pixels[p + 2]))
            var best = Int.max
            for candidate in palette.colors {
                let d = (Int(candidate.r) - color.0) * (Int(candidate.r) - color.0)
                    + (Int(candidate.g) - color.1) * (Int(candidate.g) - color.1)
                    + (Int(candidate.b) - color.2) * (Int(candidate.b) - color.2)
                best = min(best, d)
            }
            let chosen = palette.colors[Int(indices[position])]
            let chosenDistance = (Int(chosen.r) - color.0) * (Int(chosen.r) - color.0)
                + (Int(chosen.g) - color.1) * (Int(chosen.g) - color.1) + (Int(chosen.b) - color.2) * (Int(chosen.b) - color.2)
            #expect(chosenDistance == best)
        }
    }

    @Test(arguments: [(1, 0), (3, 5), (8, 8), (-2, 7)])
    static func orderedPatternTravelsWithItsAnchor(_ dx: Int, _ dy: Int) throws {
        let sprite = TestImages.gradient(size: 40)
        let first = TestImages.canvas(width: 80, height: 80, sprite: sprite, at: 20, 20)
        let second = TestImages.canvas(width: 80, height: 80, sprite: sprite, at: 20 + dx, 20 + dy)
        let palette = try palette(for: first, maxColors: 32)
        let area = PixelRect(x: 10, y: 10, width: 60, height: 60)
        let a = try PaletteMapper.indices(image: first, rect: area, palette: palette, dither: .ordered, anchor: (20, 20))
        let b = try PaletteMapper.indices(image: second, rect: area, palette: palette, dither: .ordered, anchor: (20 + dx, 20 + dy))
        let unanchored = try PaletteMapper.indices(image: second, rect: area, palette: palette, dither: .ordered, anchor: (20, 20))
        var differsWithoutAnchor = false
        for y in 0 ..< 40 {
            for x in 0 ..< 40 {
                let inFirst = (20 + y - 10) * 60 + (20 + x - 10)
                let inSecond = (20 + dy + y - 10) * 60 + (20 + dx + x - 10)
                #expect(a[inFirst] == b[inSecond])
                if a[inFirst] != unanchored[inSecond] { differsWithoutAnchor = true }
            }
        }
        // A shift by whole matrix periods keeps even the unanchored pattern.
        #expect(differsWithoutAnchor == !(dx % 8 == 0 && dy % 8 == 0))
    }

    @Test static func ditheringChangesTheGradientButKeepsItClose() throws {
        let image = TestImages.gradient(size: 64)
        let palette = try palette(for: image, maxColors: 32)
        for mode in [DitherMode.ordered, .diffusion] {
            let plain = try PaletteMapper.indices(image: image, rect: image.bounds, palette: palette, dither: .none)
            let dithered = try PaletteMapper.indices(image: image, rect: image.bounds, palette: palette, dither: mode)
            #expect(plain != dithered)
            let rendered = ImageQuality.render(indices: dithered, rect: image.bounds, palette: palette, over: image)
            #expect((ImageQuality.psnr(image, rendered) ?? 0) > 30)
        }
    }

    @Test static func maskedPixelsAreNotDithered() throws {
        let image = TestImages.gradient(size: 32)
        let palette = try palette(for: image, maxColors: 16)
        let mask = (0 ..< 32 * 32).map { $0 % 32 < 16 }  // left half may dither
        let plain = try PaletteMapper.indices(image: image, rect: image.bounds, palette: palette, dither: .none)
        for mode in [DitherMode.ordered, .diffusion] {
            let masked = try PaletteMapper.indices(image: image, rect: image.bounds, palette: palette, dither: mode, ditherMask: mask)
            for position in masked.indices where !mask[position] { #expect(masked[position] == plain[position]) }
            #expect(masked.indices.contains { mask[$0] && masked[$0] != plain[$0] })
        }
    }

    /// The dithering modes scale by the table's spacing, which a mapper measures once per
    /// table: after switching to a table of other spacing (and back), and for a copy left
    /// with the first table, every answer is a fresh mapper's.
    @Test(arguments: [DitherMode.ordered, .diffusion])
    static func aSwitchedMapperDithersWithItsNewTablesSpacing(_ mode: DitherMode) throws {
        let image = TestImages.gradient(size: 48)
        let fine = try palette(for: image, maxColors: 128), coarse = try palette(for: image, maxColors: 16)
        #expect(fine.measureTypicalSpacing() < coarse.measureTypicalSpacing())
        func fresh(_ palette: IndexedPalette) throws -> [UInt8] {
            try PaletteMapper.indices(image: image, rect: image.bounds, palette: palette, dither: mode)
        }
        var mapper = PaletteMapper(palette: fine)
        #expect(try mapper.indices(image: image, rect: image.bounds, dither: mode) == fresh(fine))
        let copy = mapper
        for palette in [coarse, fine, coarse] {
            mapper.switchPalette(to: palette)
            #expect(try mapper.indices(image: image, rect: image.bounds, dither: mode) == fresh(palette))
        }
        #expect(try copy.indices(image: image, rect: image.bounds, dither: mode) == fresh(fine))
        // (Whether the memory is its own only threads could tell; here, that it maps alike.)
        #expect(try mapper.withOwnMemory().indices(image: image, rect: image.bounds, dither: mode) == fresh(coarse))
    }

    @Test(arguments: DitherMode.allCases)
    static func sameInputGivesTheSameIndices(_ mode: DitherMode) throws {
        let image = scene()
        let palette = try palette(for: image)
        let mapper = PaletteMapper(palette: palette)
        let rect = PixelRect(x: 5, y: 9, width: 70, height: 60)
        let first = try mapper.indices(image: image, rect: rect, dither: mode, anchor: (20, 16))
        let second = try PaletteMapper.indices(image: image, rect: rect, palette: palette, dither: mode, anchor: (20, 16))
        #expect(first == second)
        #expect(first.count == rect.area)
    }

    @Test static func rejectsRectanglesOutsideTheImageAndWrongMasks() throws {
        let image = RGBAImage(width: 4, height: 4, filledWith: (255, 255, 255, 255))
        let palette = try IndexedPalette(colors: [RGB8(255, 255, 255)])
        let outside = PixelRect(x: 2, y: 2, width: 3, height: 1)
        #expect(throws: PaletteError.rectOutsideImage(rect: outside, width: 4, height: 4)) {
            try PaletteMapper.indices(image: image, rect: outside, palette: palette)
        }
        #expect(throws: PaletteError.ditherMaskSizeMismatch(expected: 16, actual: 3)) {
            try PaletteMapper.indices(image: image, rect: image.bounds, palette: palette, ditherMask: [true, true, false])
        }
    }

    @Test static func bayerMatrixHoldsEveryThresholdOnce() {
        #expect(PaletteMapper.bayer8.sorted() == (0 ..< 64).map(UInt8.init))
        #expect(Array(PaletteMapper.bayer8.prefix(8)) == [0, 32, 8, 40, 2, 34, 10, 42])
    }
}
