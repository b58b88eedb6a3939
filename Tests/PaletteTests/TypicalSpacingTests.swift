@testable import Raster
import SharedTestSupport
import Testing
@testable import Palette

/// A palette's typical spacing (the ordered dither's scale) is the median, over the colours
/// that are not fixed, of each colour's distance to its nearest other colour.
@Suite enum TypicalSpacingTests {
    /// The spacing as the definition reads: for each colour, the smallest squared distance to
    /// any other colour of the table (fixed ones included), then the middle of the sorted
    /// distances (the upper middle for an even count), as a distance.
    static func definedSpacing(_ colors: [RGB8], fixed: Int) -> Double {
        let start = colors.count - fixed >= 2 ? fixed : 0
        let distances = (start ..< colors.count).map { index in
            colors.indices.filter { $0 != index }.map { other in
                let dr = Int(colors[index].r) - Int(colors[other].r), dg = Int(colors[index].g) - Int(colors[other].g)
                let db = Int(colors[index].b) - Int(colors[other].b)
                return dr * dr + dg * dg + db * db
            }.min()!
        }.sorted()
        return Double(distances[distances.count / 2]).squareRoot()
    }

    @Test static func threeGreysSpacedFourAndTenApartHaveTheSmallerSpacingAsMedian() throws {
        // Nearest distances: 4 (for 0 and 4, towards each other) and 10 (for 14): median 4 x sqrt(3).
        let colors = [RGB8(0, 0, 0), RGB8(4, 4, 4), RGB8(14, 14, 14)]
        let palette = try IndexedPalette(colors: colors)
        #expect(palette.measureTypicalSpacing() == (48.0).squareRoot())
    }

    @Test static func fixedColoursCountAsNeighboursButNotInTheMedian() throws {
        // Two fixed colours far apart; the free ones at 100 and 103 are nearest each other (3),
        // and 200 is nearest the fixed 255 (55): the median of [3, 3, 55] is 3.
        let colors = [RGB8(0, 0, 0), RGB8(255, 0, 0), RGB8(100, 0, 0), RGB8(103, 0, 0), RGB8(200, 0, 0)]
        let palette = try IndexedPalette(colors: colors, fixedColorCount: 2)
        #expect(palette.measureTypicalSpacing() == 3)
        // With one free colour the median is taken over every colour: [3, 3, 55, 55, 100] -> 55.
        let lonely = try IndexedPalette(colors: [RGB8(100, 0, 0), RGB8(103, 0, 0), RGB8(200, 0, 0), RGB8(255, 0, 0),
                                                 RGB8(0, 0, 0)], fixedColorCount: 4)
        #expect(lonely.measureTypicalSpacing() == 55)
    }

    @Test static func randomTablesMatchTheDefinition() throws {
        for (seed, count, fixed) in [(3 as UInt64, 256, 10), (4, 2, 0), (5, 97, 96), (6, 40, 0)] {
            let palette = try NearestColorCacheTests.randomPalette(seed: seed, count: count)
            let colors = palette.colors
            let withFixed = try IndexedPalette(colors: colors, fixedColorCount: fixed)
            #expect(withFixed.measureTypicalSpacing() == definedSpacing(colors, fixed: fixed), "seed \(seed)")
        }
    }
}
