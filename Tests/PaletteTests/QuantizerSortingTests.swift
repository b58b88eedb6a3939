import Testing
@testable import Palette

/// The box split's sort gives the order the quantizer's result is defined by, values then
/// indices, on both of its paths (radix passes for large boxes, the quicksort for small ones
/// and for runs of equal values), checked against the standard library's sort.
@Suite enum QuantizerSortingTests {
    typealias Keyed = ColorQuantizer.Keyed

    /// A deterministic stream of numbers, so every run checks the same inputs.
    struct Stream {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(truncatingIfNeeded: state >> 33) % bound
        }
    }

    /// `items` sorted by `Keyed.sort`.
    static func sorted(_ items: [Keyed]) -> [Keyed] {
        var items = items
        var scratch = [Keyed](repeating: Keyed(value: 0, index: 0), count: items.count)
        items.withUnsafeMutableBufferPointer { items in
            scratch.withUnsafeMutableBufferPointer { scratch in Keyed.sort(items, scratch: scratch) }
        }
        return items
    }

    /// The same order from the standard library, with −0.0 and +0.0 equal as `<` has them.
    static func reference(_ items: [Keyed]) -> [Keyed] {
        items.sorted { $0 < $1 }
    }

    /// Distinct indices in a shuffled order, each with `value(k)`.
    static func items(count: Int, seed: UInt64, value: (inout Stream) -> Double) -> [Keyed] {
        var stream = Stream(state: seed)
        var indices = Array(0 ..< count).map { $0 * 3 + 7 }
        for k in stride(from: count - 1, to: 0, by: -1) { indices.swapAt(k, stream.next(k + 1)) }
        return indices.map { Keyed(value: value(&stream), index: $0) }
    }

    @Test(arguments: [2, 17, 255, 256, 257, 1_000, 4_096, 40_000])
    static func integerColoursWithManyTiesSortByValueThenIndex(count: Int) {
        let input = items(count: count, seed: UInt64(count)) { Double($0.next(256)) }
        #expect(sorted(input) == reference(input))
    }

    @Test(arguments: [300, 5_000, 33_280])
    static func meansWithFullMantissasSortByValue(count: Int) {
        let input = items(count: count, seed: 99) { Double($0.next(1 << 30)) / Double(1 << 30) * 255 }
        #expect(sorted(input) == reference(input))
    }

    @Test static func oneValueEverywhereSortsByIndexAlone() {
        let input = items(count: 3_000, seed: 5) { _ in 128.5 }
        let result = sorted(input)
        #expect(result.map(\.index) == input.map(\.index).sorted())
    }

    @Test static func negativeZeroSortsWithZeroByIndex() {
        // −0.0 has the sign bit set: taken as bits it would sort after 255.
        let input = items(count: 600, seed: 11) { stream in
            [0.0, -0.0, 1.0, 255.0][stream.next(4)]
        }
        let result = sorted(input)
        #expect(result == reference(input))
        let zeros = result.prefix { $0.value == 0 }
        #expect(zeros.count == input.filter { $0.value == 0 }.count)
    }

    @Test static func sortedAndReversedInputs() {
        let ascending = (0 ..< 2_000).map { Keyed(value: Double($0 / 4), index: $0) }
        #expect(sorted(ascending) == ascending)
        #expect(sorted(Array(ascending.reversed())) == ascending)
    }

    /// A quantizer over `count` points whose coordinates come from `value`, for its
    /// `sortedIndices`, with the indices in a shuffled order.
    static func quantizerAndOrder(count: Int, seed: UInt64,
                                  value: (inout Stream) -> Double) -> (ColorQuantizer, [Int]) {
        var stream = Stream(state: seed)
        let points = (0 ..< count).map { _ in SIMD3(value(&stream), value(&stream), value(&stream)) }
        var order = Array(0 ..< count)
        for k in stride(from: count - 1, to: 0, by: -1) { order.swapAt(k, stream.next(k + 1)) }
        let quantizer = ColorQuantizer(points: points, weights: [Double](repeating: 1, count: count), fixed: [])
        return (quantizer, order)
    }

    /// The indices of `order[range]` by coordinate on `axis`, then index, as the standard
    /// library sorts them.
    static func referenceIndices(_ quantizer: ColorQuantizer, _ order: [Int], _ range: Range<Int>, axis: Int) -> [Int] {
        order[range].sorted { a, b in
            let va = quantizer.points[a][axis], vb = quantizer.points[b][axis]
            return va < vb || (va == vb && a < b)
        }
    }

    /// Counts on both sides of the radix threshold (256 items), whole and cut to their last
    /// three quarters; with random coordinates the radix sort takes three passes (the result
    /// copied back), with few points one or two.
    @Test(arguments: [2, 17, 255, 256, 257, 343, 4_096, 40_000])
    static func wholeColourValuesSortAsKeysByValueThenIndex(count: Int) {
        let (quantizer, order) = quantizerAndOrder(count: count, seed: UInt64(count) + 1) { Double($0.next(256)) }
        #expect(quantizer.pointsAreWholeColours)
        for range in [0 ..< count, count / 4 ..< count] {
            for axis in 0 ..< 3 {
                var keys = ColorQuantizer.WholeColourKeys(quantizer.points, order[range], axis: axis)
                let unsorted = keys.keys
                keys.sort()
                #expect(keys.keys == unsorted.sorted())
                #expect(quantizer.sortedIndices(order, range, axis: axis) == referenceIndices(quantizer, order, range, axis: axis))
            }
        }
    }

    @Test static func oneCoordinateEverywhereSortsByIndexInTwoPasses() {
        // 3,000 indices span two bytes; the coordinate's byte is shared, so two passes leave
        // the keys where they started, with nothing to copy back.
        let (quantizer, order) = quantizerAndOrder(count: 3_000, seed: 17) { _ in 7 }
        #expect(quantizer.sortedIndices(order, 0 ..< 3_000, axis: 0) == Array(0 ..< 3_000))
    }

    @Test static func wholeColoursAreTheChannelValuesNegativeZeroIncluded() {
        for (value, whole) in [(3.0, true), (255, true), (0, true), (-0.0, true), (0.5, false), (256, false),
                               (-1, false), (.nan, false)] as [(Double, Bool)] {
            #expect(ColorQuantizer.WholeColourKeys.isWholeColour(SIMD3(7, value, 7)) == whole, "value \(value)")
        }
        // −0.0 sorts with 0 by index, as on the other path.
        let (zeros, zeroOrder) = quantizerAndOrder(count: 600, seed: 11) { stream in [0.0, -0.0, 1.0, 255.0][stream.next(4)] }
        #expect(zeros.pointsAreWholeColours)
        #expect(zeros.sortedIndices(zeroOrder, 0 ..< 600, axis: 2) == referenceIndices(zeros, zeroOrder, 0 ..< 600, axis: 2))
        // Means take the other path, with the same order.
        let (means, order) = quantizerAndOrder(count: 3_000, seed: 41) { Double($0.next(1 << 20)) / 4096 }
        #expect(!means.pointsAreWholeColours)
        #expect(means.sortedIndices(order, 0 ..< 3_000, axis: 1) == referenceIndices(means, order, 0 ..< 3_000, axis: 1))
    }
}
