@testable import Raster
import SharedTestSupport
import Testing
@testable import Palette

/// Tables of several sizes built from one box split: each must be exactly the table its
/// builder makes alone, whose split stops at its own size instead of passing through it.
@Suite enum SharedSplitTests {
    static let fixed = PaletteBuilder.arcSceneFixedColors()

    /// Random colours, some weighted more than others, many enough to be split.
    static func histogram(colours: Int, seed: UInt64) -> ColorHistogram {
        var generator = SeededGenerator(seed: seed)
        var histogram = ColorHistogram()
        for _ in 0 ..< colours {
            histogram.add(RGB8(generator.byte(), generator.byte(), generator.byte() / 3), weight: Double(1 + generator.byte() % 7))
        }
        return histogram
    }

    static func builder(_ maxColors: Int, fixed: [RGB8] = fixed, inParallel: Bool) throws -> PaletteBuilder {
        var builder = try PaletteBuilder(maxColors: maxColors, fixedColors: fixed, reservesTransparentIndex: true)
        builder.inParallel = inParallel
        return builder
    }

    @Test(arguments: [false, true])
    static func eachSizeIsTheTableItsBuilderMakesAlone(inParallel: Bool) throws {
        // 20,000 colours: the split's first cuts run on two threads under `inParallel`.
        let histogram = histogram(colours: 20000, seed: 5)
        let sizes = [256, 128, 32, 64]
        let builders = try sizes.map { try builder($0, inParallel: inParallel) }
        let together = try PaletteBuilder.build(builders, fromEntries: histogram.entries)
        #expect(together.count == sizes.count)
        for (table, builder) in zip(together, builders) { #expect(table == (try builder.build(from: histogram))) }
    }

    @Test static func bucketedColoursShareTheirSplitToo() throws {
        // More colours than the quantizer takes one by one: the points are the buckets' means.
        let histogram = histogram(colours: 45000, seed: 23)
        #expect(histogram.distinctColorCount > PaletteBuilder.bucketingThreshold)
        let builders = try [256, 128].map { try builder($0, inParallel: true) }
        let together = try PaletteBuilder.build(builders, fromEntries: histogram.entries)
        for (table, builder) in zip(together, builders) { #expect(table == (try builder.build(from: histogram))) }
    }

    @Test static func buildersWithOtherIterationsDoNotShare() throws {
        let histogram = histogram(colours: 3000, seed: 31)
        var splitOnly = try builder(32, inParallel: false)
        splitOnly.refinementIterations = 0
        let builders = [try builder(64, inParallel: false), splitOnly, try builder(32, inParallel: false)]
        let together = try PaletteBuilder.build(builders, fromEntries: histogram.entries)
        for (table, builder) in zip(together, builders) { #expect(table == (try builder.build(from: histogram))) }
        // The split's box means alone are not what the refinement makes of them.
        #expect(together[1] != together[2])
    }

    @Test static func buildersWithOtherFixedColoursBuildTheirOwnTables() throws {
        let histogram = histogram(colours: 3000, seed: 11)
        let fewerFixed = Array(fixed.prefix(3))
        let builders = [try builder(64, inParallel: true), try builder(64, fixed: fewerFixed, inParallel: true),
                        try builder(16, fixed: fewerFixed, inParallel: true)]
        let together = try PaletteBuilder.build(builders, fromEntries: histogram.entries)
        #expect(Array(together[1].colors.prefix(3)) == fewerFixed)
        #expect(together[0].colors.count == 63 && together[2].colors.count == 15)
        for (table, builder) in zip(together, builders) { #expect(table == (try builder.build(from: histogram))) }
    }

    @Test static func aTableThatHoldsEveryColourBesideOneThatDoesNot() throws {
        var histogram = ColorHistogram()
        let colours = (0 ..< 40).map { RGB8(UInt8($0 * 6), UInt8(255 - $0 * 6), 90) }
        for colour in colours { histogram.add(colour) }
        let builders = [try builder(64, fixed: [], inParallel: true), try builder(16, fixed: [], inParallel: true)]
        let together = try PaletteBuilder.build(builders, fromEntries: histogram.entries)
        #expect(together[0].colors == colours.sorted())
        #expect(together[1].colors.count == 15)
        #expect(together[1] == (try builders[1].build(from: histogram)))
    }

    @Test static func countsBeyondTheDistinctPointsTakeEveryPoint() {
        // Three places, each point twice: no box of one place can be cut, so the split stops
        // at three boxes, and the larger count gets the three places themselves.
        let places: [SIMD3<Double>] = [SIMD3(10, 20, 30), SIMD3(200, 40, 90), SIMD3(90, 250, 5)]
        let points = places + places
        let quantizer = ColorQuantizer(points: points, weights: [1, 2, 3, 1, 2, 3], fixed: [])
        let centres = quantizer.centres(counts: [5, 2, 0], iterations: 4)
        #expect(centres[0].sorted { $0.x < $1.x } == places.sorted { $0.x < $1.x })
        #expect(centres[1].count == 2)
        #expect(centres[2].isEmpty)
        #expect(centres[1] == quantizer.centres(counts: [2], iterations: 4)[0])
    }
}
