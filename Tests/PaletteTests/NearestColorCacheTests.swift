@testable import Raster
import SharedTestSupport
import Testing
@testable import Palette

/// The mapper's nearest-colour search gives exactly a linear scan's answer (ties to the lower
/// index), for colours all over the cube, and keeps doing so when one mapper switches from
/// palette to palette.
@Suite enum NearestColorCacheTests {
    /// The linear scan (smallest squared sRGB distance, the lower index on ties).
    static func linearNearest(_ color: RGB8, in palette: IndexedPalette) -> UInt8 {
        UInt8(IndexedPalette.nearest(to: (Int(color.r), Int(color.g), Int(color.b)), in: palette.colors).index)
    }

    /// Every `step`-th value of each channel from 0, as one row of pixels. With a step of 8
    /// or 16, some reds (48), greens (32, 64, ...) and blues (16, 48, ...) fall exactly
    /// halfway between entries of `latticePalette`.
    static func gridImage(step: Int) -> (RGBAImage, [RGB8]) {
        var colors: [RGB8] = []
        for r in stride(from: 0, through: 255, by: step) {
            for g in stride(from: 0, through: 255, by: step) {
                for b in stride(from: 0, through: 255, by: step) { colors.append(RGB8(UInt8(r), UInt8(g), UInt8(b))) }
            }
        }
        let pixels = colors.flatMap { color -> [UInt8] in [color.r, color.g, color.b, 255] }
        return (RGBAImage(width: colors.count, height: 1, pixels: pixels, isPremultiplied: true), colors)
    }

    /// A palette with many exact ties: entries spaced 32 apart, so a colour halfway between
    /// two is equally near both.
    static func latticePalette() throws -> IndexedPalette {
        var colors: [RGB8] = []
        for r in stride(from: 16, to: 256, by: 64) {
            for g in stride(from: 16, to: 256, by: 32) {
                for b in stride(from: 0, to: 256, by: 32) { colors.append(RGB8(UInt8(r), UInt8(g), UInt8(b))) }
            }
        }
        return try IndexedPalette(colors: colors, fixedColorCount: 0, reservesTransparentIndex: false)
    }

    static func randomPalette(seed: UInt64, count: Int) throws -> IndexedPalette {
        var generator = SeededGenerator(seed: seed)
        var seen = Set<UInt32>()
        var colors: [RGB8] = []
        while colors.count < count {
            let color = RGB8(generator.byte(), generator.byte(), generator.byte())
            if seen.insert(color.packed).inserted { colors.append(color) }
        }
        return try IndexedPalette(colors: colors, fixedColorCount: 0, reservesTransparentIndex: false)
    }

    static func expectLinearAnswers(_ mapper: PaletteMapper, _ palette: IndexedPalette, step: Int = 16) throws {
        let (image, colors) = gridImage(step: step)
        let indices = try mapper.indices(image: image, rect: image.bounds, dither: .none)
        var mismatches = 0
        for (position, color) in colors.enumerated() where indices[position] != linearNearest(color, in: palette) {
            mismatches += 1
        }
        #expect(mismatches == 0, "\(mismatches) of \(colors.count) colours differ from the linear scan")
    }

    @Test static func answersEqualALinearScanWithTiesToTheLowerIndex() throws {
        let lattice = try latticePalette()
        #expect(lattice.colors.count == 256)
        try expectLinearAnswers(PaletteMapper(palette: lattice), lattice, step: 8)
        for (seed, count) in [(7 as UInt64, 256), (8, 17), (9, 2)] {
            let palette = try randomPalette(seed: seed, count: count)
            try expectLinearAnswers(PaletteMapper(palette: palette), palette, step: 8)
        }
    }

    @Test static func oneMapperSwitchedFromPaletteToPaletteAnswersLikeFreshOnes() throws {
        let palettes = [try latticePalette(), try randomPalette(seed: 11, count: 200), try randomPalette(seed: 12, count: 5)]
        var mapper = PaletteMapper(palette: palettes[0])
        for palette in palettes + palettes.reversed() {
            mapper.switchPalette(to: palette)
            #expect(mapper.palette == palette)
            try expectLinearAnswers(mapper, palette)
        }
    }

    /// The cache itself, reset from palette to palette (the path a mapper that shares its
    /// cache with no copy takes), answers like the linear scan.
    @Test static func aResetCacheAnswersForItsNewPalette() throws {
        let palettes = [try latticePalette(), try randomPalette(seed: 31, count: 256), try randomPalette(seed: 32, count: 3)]
        let (_, colors) = gridImage(step: 16)
        let cache = NearestColorCache(colors: palettes[0].colors)
        for palette in palettes + palettes {
            cache.reset(colors: palette.colors)
            let mismatches = colors.filter { color in
                cache.nearest(Int(color.r), Int(color.g), Int(color.b)) != linearNearest(color, in: palette)
            }
            #expect(mismatches.isEmpty, "first mismatch: \(mismatches.first.map { "\($0)" } ?? "")")
        }
    }

    /// A cache answers its first `sortedSearchLookups` misses after a reset with the sorted
    /// search and later ones with its bins; both give the linear scan's answers, ties included.
    @Test static func theSortedSearchAndTheBinsAnswerAlike() throws {
        let (_, colors) = gridImage(step: 16)
        #expect(colors.count <= NearestColorCache.sortedSearchLookups)
        // Other colours (one more in each channel), enough to use up the sorted search.
        let others = colors.map { RGB8($0.r + 1, $0.g + 1, $0.b + 1) }
        #expect(others.count >= NearestColorCache.sortedSearchLookups)
        for palette in [try latticePalette(), try randomPalette(seed: 41, count: 256), try randomPalette(seed: 42, count: 7)] {
            let sorted = NearestColorCache(colors: palette.colors), binned = NearestColorCache(colors: palette.colors)
            for color in others { _ = binned.nearest(Int(color.r), Int(color.g), Int(color.b)) }
            for cache in [sorted, binned] {
                let mismatches = colors.filter { color in
                    cache.nearest(Int(color.r), Int(color.g), Int(color.b)) != linearNearest(color, in: palette)
                }
                #expect(mismatches.isEmpty, "first mismatch: \(mismatches.first.map { "\($0)" } ?? "")")
            }
        }
    }

    @Test static func aCopyKeepsItsPaletteWhenTheOriginalSwitches() throws {
        let first = try randomPalette(seed: 21, count: 64), second = try randomPalette(seed: 22, count: 64)
        var mapper = PaletteMapper(palette: first)
        let copy = mapper
        mapper.switchPalette(to: second)
        try expectLinearAnswers(copy, first)
        try expectLinearAnswers(mapper, second)
    }
}
