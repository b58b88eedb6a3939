extension ColorQuantizer {
    /// The indices `order[range]` sorted by the points' coordinate on `axis`, ties by index:
    /// a total order, so the result does not depend on the sorting algorithm. When every
    /// coordinate is a whole colour value (a tile's points are colours, not means), as single
    /// keys (`WholeColourKeys`); otherwise over copies of the coordinates, by
    /// `Keyed.sort(_:scratch:)`.
    func sortedIndices(_ order: [Int], _ range: Range<Int>, axis: Int) -> [Int] {
        if var keys = WholeColourKeys(points, order[range], axis: axis) {
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

    /// Points whose coordinate on the axis being sorted is a whole number from 0 to 255, with
    /// indices below 2^32, each as one 64-bit key, coordinate << 32 | index: the keys order
    /// as the points do (coordinate, ties by index), compare in one instruction and move half
    /// the bytes of a `Keyed`, and no run of equal coordinates is left to sort by index.
    struct WholeColourKeys {
        private(set) var keys: [UInt64]

        /// The keys of the points at `indices`, or nil when one of them is not a whole colour
        /// value on `axis` (−0.0 included, which the other path keeps as it is).
        init?(_ points: [SIMD3<Double>], _ indices: ArraySlice<Int>, axis: Int) {
            var keys = [UInt64](repeating: 0, count: indices.count)
            let allWhole = keys.withUnsafeMutableBufferPointer { keys in
                points.withUnsafeBufferPointer { points in
                    for (position, index) in indices.enumerated() {
                        let value = points[index][axis]
                        guard value.sign == .plus, let channel = UInt8(exactly: value),
                              let small = UInt32(exactly: index) else { return false }
                        keys[position] = UInt64(channel) << 32 | UInt64(small)
                    }
                    return true
                }
            }
            guard allWhole else { return nil }
            self.keys = keys
        }

        /// The points' indices, in the keys' order.
        var indices: [Int] { keys.map { Int(truncatingIfNeeded: $0 & 0xFFFF_FFFF) } }

        /// Sorts the keys ascending: for many, least-significant-digit passes over the index's
        /// bytes and then the coordinate's, skipping a byte every key shares; for few, the
        /// standard library's sort.
        mutating func sort() {
            let count = keys.count
            guard count >= Keyed.radixThreshold else {
                keys.sort()
                return
            }
            var other = [UInt64](repeating: 0, count: count)
            var counts = [Int](repeating: 0, count: 5 * 256)
            var sortedIntoOther = false
            keys.withUnsafeMutableBufferPointer { keys in
                other.withUnsafeMutableBufferPointer { other in
                    counts.withUnsafeMutableBufferPointer { counts in
                        for key in keys {
                            for byte in 0 ..< 5 { counts[byte << 8 | Int(truncatingIfNeeded: key >> (byte << 3)) & 0xFF] += 1 }
                        }
                        var source = keys, target = other
                        for byte in 0 ..< 5 {
                            let digitCounts = UnsafeMutableBufferPointer(rebasing: counts[byte << 8 ..< (byte + 1) << 8])
                            if digitCounts.contains(count) { continue }
                            var start = 0
                            for digit in 0 ..< 256 {
                                let digitCount = digitCounts[digit]
                                digitCounts[digit] = start
                                start += digitCount
                            }
                            let shift = UInt64(byte << 3)
                            for key in source {
                                let digit = Int(truncatingIfNeeded: key >> shift) & 0xFF
                                target[digitCounts[digit]] = key
                                digitCounts[digit] += 1
                            }
                            swap(&source, &target)
                        }
                        sortedIntoOther = source.baseAddress == other.baseAddress
                    }
                }
            }
            if sortedIntoOther { keys = other }
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
        /// Large runs take least-significant-digit radix passes over the values' bit patterns,
        /// a byte at a time: a non-negative double orders as its bits do (+ 0.0 turns a −0.0
        /// into +0.0), and a byte every value shares takes no pass, so integer colours need
        /// three passes where a quicksort takes a mispredicted branch per item and level. The
        /// passes keep ties in the order they came, so each run of equal values is then sorted
        /// by index. Small runs go to the quicksort.
        static func sort(_ items: UnsafeMutableBufferPointer<Keyed>, scratch: UnsafeMutableBufferPointer<Keyed>) {
            let count = items.count
            precondition(scratch.count >= count, "the scratch buffer is smaller than the items")
            guard count >= radixThreshold else {
                if count > 1 { quicksort(items.baseAddress!, 0, count) }
                return
            }
            // One read for the eight bytes' counts.
            var counts = [Int](repeating: 0, count: 8 * 256)
            counts.withUnsafeMutableBufferPointer { counts in
                for item in items {
                    let bits = (item.value + 0.0).bitPattern
                    for byte in 0 ..< 8 { counts[byte << 8 | Int(truncatingIfNeeded: bits >> (byte << 3)) & 0xFF] += 1 }
                }
                var source = items, target = scratch
                for byte in 0 ..< 8 {
                    let digitCounts = UnsafeMutableBufferPointer(rebasing: counts[byte << 8 ..< (byte + 1) << 8])
                    // Every value has the same byte here: the pass would move nothing.
                    if digitCounts.contains(count) { continue }
                    var start = 0
                    for digit in 0 ..< 256 {
                        let digitCount = digitCounts[digit]
                        digitCounts[digit] = start
                        start += digitCount
                    }
                    let shift = UInt64(byte << 3)
                    for item in source {
                        let digit = Int(truncatingIfNeeded: (item.value + 0.0).bitPattern >> shift) & 0xFF
                        target[digitCounts[digit]] = item
                        digitCounts[digit] += 1
                    }
                    swap(&source, &target)
                }
                if source.baseAddress != items.baseAddress {
                    items.baseAddress!.update(from: source.baseAddress!, count: count)
                }
            }
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
