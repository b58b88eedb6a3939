extension ColorQuantizer {
    /// The indices `order[range]` sorted by the points' coordinate on `axis`, ties by index:
    /// a total order, so the result does not depend on the sorting algorithm. Over copies of
    /// the coordinates, by `Keyed.sort(_:scratch:)`.
    func sortedIndices(_ order: [Int], _ range: Range<Int>, axis: Int) -> [Int] {
        var keyed = order[range].map { index in Keyed(value: points[index][axis], index: index) }
        var scratch = [Keyed](repeating: Keyed(value: 0, index: 0), count: keyed.count)
        keyed.withUnsafeMutableBufferPointer { keyed in
            scratch.withUnsafeMutableBufferPointer { scratch in Keyed.sort(keyed, scratch: scratch) }
        }
        return keyed.map(\.index)
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
