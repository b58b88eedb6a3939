import SharedTestSupport
import Testing
@testable import Palette

/// The quantizer's neighbour lists, found again after centres move, against a search from
/// scratch written here: every other centre ordered by the documented key (squared
/// separation with its low 16 bits replaced by the index), the first `listed` kept.
@Suite enum NeighbourListsTests {
    static func squaredSeparation(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> Double {
        let d = a - b
        return d.x * d.x + d.y * d.y + d.z * d.z
    }

    static func expectedRows(_ centres: [SIMD3<Double>], listed: Int) -> [[Int32]] {
        centres.indices.map { own in
            let keys = centres.indices.filter { $0 != own }.map { other -> UInt64 in
                squaredSeparation(centres[own], centres[other]).bitPattern & ~UInt64(0xFFFF) | UInt64(other)
            }
            return keys.sorted().prefix(listed).map { Int32($0 & 0xFFFF) }
        }
    }

    static func expectMatches(_ lists: ColorQuantizer.NeighbourLists, _ centres: [SIMD3<Double>],
                              sourceLocation: SourceLocation = #_sourceLocation) {
        let expected = expectedRows(centres, listed: lists.listed)
        var mismatches = 0
        for own in centres.indices {
            let row = (0 ..< lists.listed).map { lists.indices[own * lists.listed + $0] }
            let separations = row.map { squaredSeparation(centres[own], centres[Int($0)]) }
            let listedSeparations = (0 ..< lists.listed).map { lists.separations[own * lists.listed + $0] }
            if row != expected[own] || listedSeparations != separations { mismatches += 1 }
        }
        #expect(mismatches == 0, sourceLocation: sourceLocation)
    }

    static func randomCentre(_ generator: inout SeededGenerator) -> SIMD3<Double> {
        SIMD3(Double(generator.byte()) + Double(generator.byte()) / 256, Double(generator.byte()),
              Double(generator.byte()) + 0.5)
    }

    /// Rounds where all, some, a few, one and no centres move, nudged or thrown far,
    /// including onto another centre's place (equal separations, ordered by index).
    @Test(arguments: [1, 2])
    static func relistingAfterMovesMatchesASearchFromScratch(pieces: Int) {
        var generator = SeededGenerator(seed: 38)
        var centres = (0 ..< 200).map { _ in randomCentre(&generator) }
        let lists = ColorQuantizer.NeighbourLists(count: centres.count, listed: 24, pieces: pieces)
        lists.find(centres)
        expectMatches(lists, centres)
        for moving in [200, 120, 40, 9, 3, 1, 0] {
            for _ in 0 ..< moving {
                let index = Int(generator.next() % UInt64(centres.count))
                switch generator.next() % 4 {
                case 0: centres[index] = randomCentre(&generator)  // thrown anywhere
                case 1: centres[index] = centres[(index + 7) % centres.count]  // onto another centre
                default: centres[index] += SIMD3(0.25, -0.5, 0.125)  // nudged
                }
            }
            lists.find(centres)
            expectMatches(lists, centres)
        }
    }

    /// A centre that leaves a tight cluster takes itself out of its neighbours' rows, which
    /// must then reach past what they listed for the next nearest.
    @Test static func aNeighbourLeavingACrowdedRowIsReplaced() {
        var centres = (0 ..< 40).map { SIMD3(Double($0), 0, 0) }
        let lists = ColorQuantizer.NeighbourLists(count: centres.count, listed: 4, pieces: 1)
        lists.find(centres)
        expectMatches(lists, centres)
        centres[20] = SIMD3(200, 200, 200)
        centres[21] = SIMD3(-200, 50, 0)
        lists.find(centres)
        expectMatches(lists, centres)
        #expect(!(0 ..< 4).contains { lists.indices[19 * 4 + $0] == 20 })
    }

    /// The selection that lists a row: the `k` smallest values in ascending order at the
    /// front, the values as a whole unchanged, for inputs in random, ascending and descending
    /// order, and for `k` from one to every value.
    @Test static func theSmallestValuesComeFirstInAscendingOrder() {
        var generator = SeededGenerator(seed: 71)
        var cases: [(k: Int, values: [UInt64])] = []
        for count in [1, 2, 24, 25, 40, 255, 256] {
            var distinct = Set<UInt64>()
            while distinct.count < count { distinct.insert(generator.next() >> UInt64(generator.next() % 48)) }
            let random = Array(distinct).shuffled(using: &generator)
            for k in Set([1, min(count, 4), min(count, 24), count]) {
                cases.append((k, random))
                cases.append((k, random.sorted()))
                cases.append((k, random.sorted(by: >)))
            }
        }
        var failures = 0
        for (k, values) in cases {
            var worked = values
            worked.withUnsafeMutableBufferPointer { buffer in
                ColorQuantizer.NeighbourLists.sortSmallest(k, of: buffer.baseAddress!, count: buffer.count)
            }
            if Array(worked.prefix(k)) != Array(values.sorted().prefix(k)) || worked.sorted() != values.sorted() {
                failures += 1
            }
        }
        #expect(cases.count == 66)
        #expect(failures == 0)
    }
}
