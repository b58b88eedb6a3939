extension ColorQuantizer {
    /// The indices `order[range]` sorted by the points' coordinate on `axis`, ties by index:
    /// a total order, so the result does not depend on the sorting algorithm. When every
    /// coordinate is a whole colour value (a tile's points are colours, not means), as single
    /// keys (`WholeColourKeys`); otherwise over copies of the coordinates, by
    /// `Keyed.sort(_:scratch:)`.
    func sortedIndices(_ order: [Int], _ range: Range<Int>, axis: Int) -> [Int] {
        if pointsAreWholeColours {
            var keys = WholeColourKeys(points, order[range], axis: axis)
            keys.sort()
            return keys.indices
        }
        var keyed = order[range].map { index in Keyed(value: points[index][axis], index: index) }
        var scratch = [Keyed](repeating: Keyed(value: 0, index: 0), count: keyed.count)
        keyed.withUnsafeMutableBufferPointer { keyed in
            scratch.withUnsafeMutableBufferPointer { scratch in Keyed.sort(keyed, scratch: scratch) }
        }
        return keyed.map(\.index)
    }

    /// Points whose coordinates are whole numbers from 0 to 255, with indices below 2^32, each
    /// as one 64-bit key for the axis being sorted, coordinate << 32 | index: the keys order
    /// as the points do (coordinate, ties by index), compare in one instruction and move half
    /// the bytes of a `Keyed`, and no run of equal coordinates is left to sort by index.
    struct WholeColourKeys {
        private(set) var keys: [UInt64]

        /// Whether every coordinate of `point` is a whole number from 0 to 255 (−0.0 counts as
        /// 0, with which it sorts on the other path too).
        static func isWholeColour(_ point: SIMD3<Double>) -> Bool {
            UInt8(exactly: point.x) != nil && UInt8(exactly: point.y) != nil && UInt8(exactly: point.z) != nil
        }

        /// The keys on `axis` of the points at `indices`, every one of which must be a whole
        /// colour (`isWholeColour`) with an index below 2^32.
        init(_ points: [SIMD3<Double>], _ indices: ArraySlice<Int>, axis: Int) {
            keys = indices.map { index in UInt64(UInt8(points[index][axis])) << 32 | UInt64(UInt32(index)) }
        }

        /// The points' indices, in the keys' order.
        var indices: [Int] { keys.map { Int(truncatingIfNeeded: $0 & 0xFFFF_FFFF) } }

        /// Sorts the keys ascending: for many, `ByteRadixSort` passes over the index's bytes
        /// and then the coordinate's; for few, the standard library's sort.
        mutating func sort() {
            guard keys.count >= Keyed.radixThreshold else {
                keys.sort()
                return
            }
            var scratch = [UInt64](repeating: 0, count: keys.count)
            keys.withUnsafeMutableBufferPointer { keys in
                scratch.withUnsafeMutableBufferPointer { scratch in
                    ByteRadixSort.sort(keys, scratch: scratch, byteCount: 5) { $0 }
                }
            }
        }
    }

    /// A point's coordinate on the axis being sorted (never negative: the quantizer's points
    /// are sRGB values and their means), and the point.
    struct Keyed: Equatable {
        var value: Double
        var index: Int

        @inline(__always)
        static func < (a: Keyed, b: Keyed) -> Bool {
            a.value < b.value || (a.value == b.value && a.index < b.index)
        }

        /// Below this many items the quicksort is the cheaper.
        static let radixThreshold = 256

        /// Sorts `items` by value, ties by index, with `scratch` (as many items) to work in.
        ///
        /// Large runs take `ByteRadixSort` passes over the values' bit patterns: a
        /// non-negative double orders as its bits do (+ 0.0 turns a −0.0 into +0.0), and a
        /// byte every value shares takes no pass, where a quicksort takes a mispredicted branch
        /// per item and level. The passes keep ties in the order they came, so each run of
        /// equal values is then sorted by index. Small runs go to the quicksort.
        static func sort(_ items: UnsafeMutableBufferPointer<Keyed>, scratch: UnsafeMutableBufferPointer<Keyed>) {
            let count = items.count
            precondition(scratch.count >= count, "the scratch buffer is smaller than the items")
            guard count >= radixThreshold else {
                if count > 1 { quicksort(items.baseAddress!, 0, count) }
                return
            }
            // A non-negative double orders as its bits do; + 0.0 turns a −0.0 into +0.0.
            ByteRadixSort.sort(items, scratch: scratch, byteCount: 8) { ($0.value + 0.0).bitPattern }
            var runStart = 0
            for position in 1 ... count where position == count || items[position].value != items[runStart].value {
                if position - runStart > 1 { quicksort(items.baseAddress!, runStart, position) }
                runStart = position
            }
        }

        /// Sorts `items[low ..< high]` (distinct by index): median-of-three quicksort, recursing
        /// into the smaller side, and insertion sort for short runs.
        static func quicksort(_ items: UnsafeMutablePointer<Keyed>, _ low: Int, _ high: Int) {
            var low = low, high = high
            while high - low > 16 {
                let middle = low + (high - low) / 2
                if items[middle] < items[low] { items.swapAt(low, middle) }
                if items[high - 1] < items[low] { items.swapAt(low, high - 1) }
                if items[high - 1] < items[middle] { items.swapAt(middle, high - 1) }
                let pivot = items[middle]
                var i = low, j = high - 1
                while i <= j {
                    while items[i] < pivot { i += 1 }
                    while pivot < items[j] { j -= 1 }
                    if i <= j {
                        items.swapAt(i, j)
                        i += 1
                        j -= 1
                    }
                }
                // Now items[low ... j] <= pivot <= items[i ..< high].
                if j + 1 - low < high - i {
                    quicksort(items, low, j + 1)
                    low = i
                } else {
                    quicksort(items, i, high)
                    high = j + 1
                }
            }
            guard high - low > 1 else { return }
            for end in low + 1 ..< high {
                let item = items[end]
                var position = end
                while position > low, item < items[position - 1] {
                    items[position] = items[position - 1]
                    position -= 1
                }
                items[position] = item
            }
        }
    }
}

/// Least-significant-digit radix sorting a byte at a time, for the box split's two kinds of
/// items: one read counts the digits of every byte of every key; then each byte that not
/// every key shares (a shared byte's pass would move nothing), lowest first, scatters the
/// items stably into the other buffer. Equal keys keep the order they came in.
enum ByteRadixSort {
    /// Sorts `items` by the `byteCount` low bytes of `key(item)`, ascending, with `scratch`
    /// (at least as many items) to work in; the result is left in `items`.
    @inline(__always)
    static func sort<Item>(_ items: UnsafeMutableBufferPointer<Item>, scratch: UnsafeMutableBufferPointer<Item>,
                           byteCount: Int, key: (Item) -> UInt64) {
        let count = items.count
        precondition(scratch.count >= count && (1 ... 8).contains(byteCount), "a radix sort without room or bytes")
        var counts = [Int](repeating: 0, count: byteCount * 256)
        counts.withUnsafeMutableBufferPointer { counts in
            for item in items {
                let bits = key(item)
                for byte in 0 ..< byteCount { counts[byte << 8 | Int(truncatingIfNeeded: bits >> (byte << 3)) & 0xFF] += 1 }
            }
            var source = items, target = UnsafeMutableBufferPointer(rebasing: scratch[0 ..< count])
            for byte in 0 ..< byteCount {
                let digitCounts = UnsafeMutableBufferPointer(rebasing: counts[byte << 8 ..< (byte + 1) << 8])
                if digitCounts.contains(count) { continue }
                var start = 0
                for digit in 0 ..< 256 {
                    let digitCount = digitCounts[digit]
                    digitCounts[digit] = start
                    start += digitCount
                }
                let shift = UInt64(byte << 3)
                for item in source {
                    let digit = Int(truncatingIfNeeded: key(item) >> shift) & 0xFF
                    target[digitCounts[digit]] = item
                    digitCounts[digit] += 1
                }
                swap(&source, &target)
            }
            if source.baseAddress != items.baseAddress {
                items.baseAddress!.update(from: source.baseAddress!, count: count)
            }
        }
    }
}
