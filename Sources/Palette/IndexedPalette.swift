import Raster

/// A GIF colour table: distinct colours, index = position, optionally one transparent index
/// after the last colour.
///
/// The table GIF stores has a power-of-two size; `tableColors` pads `colors` with black up to
/// `tableSize`. Nothing ever maps to a padding entry.
public struct IndexedPalette: Sendable, Equatable {
    /// The distinct colours, in index order.
    public let colors: [RGB8]
    /// How many of the leading `colors` are fixed colours (kept exactly by the builder).
    let fixedColorCount: Int
    /// The index reserved for "unchanged pixel" in frame differences, if any: `colors.count`.
    public let transparentIndex: UInt8?
    /// The number of entries GIF stores: the smallest power of two (at least 2) holding the
    /// colours and the transparent index.
    public let tableSize: Int
    /// A typical distance (sRGB Euclidean, 0...255 scale) between a palette colour and its
    /// nearest neighbour: the median over the colours that are not fixed. Ordered dithering
    /// scales its amplitude by it, and diffusion its error limit.
    ///
    /// Measured anew at each call (every pair of colours: about 33,000 distances for a full
    /// table), since only the dithering modes need it and most tables are never dithered;
    /// `PaletteMapper` measures it once for the table it maps with, until it switches tables.
    func measureTypicalSpacing() -> Double { Self.medianNearestDistance(colors, skipping: fixedColorCount) }

    private let exactKeys: [UInt32]
    private let exactIndices: [UInt8]

    /// Builds a palette from distinct colours (a repeated colour keeps its first index).
    /// Throws `PaletteError.invalidColorCount` when nothing is left or more than 256 slots are
    /// needed; `fixedColorCount` is clamped to the number of colours.
    init(colors: [RGB8], fixedColorCount: Int = 0, reservesTransparentIndex: Bool = false) throws(PaletteError) {
        var seen = Set<UInt32>()
        var distinct: [RGB8] = []
        var fixedKept = 0
        for (position, color) in colors.enumerated() where seen.insert(color.packed).inserted {
            distinct.append(color)
            if position < fixedColorCount { fixedKept += 1 }
        }
        let slots = distinct.count + (reservesTransparentIndex ? 1 : 0)
        guard !distinct.isEmpty, slots <= 256 else {
            throw .invalidColorCount(count: distinct.count, transparentSlot: reservesTransparentIndex)
        }
        self.colors = distinct
        self.fixedColorCount = fixedKept
        self.transparentIndex = reservesTransparentIndex ? UInt8(distinct.count) : nil
        self.tableSize = Self.tableSize(holding: slots)

        var keys = [UInt32](repeating: UInt32.max, count: 512)
        var indices = [UInt8](repeating: 0, count: 512)
        for (index, color) in distinct.enumerated() {
            var slot = Self.exactSlot(color.packed)
            while keys[slot] != UInt32.max { slot = (slot + 1) & 511 }
            keys[slot] = color.packed
            indices[slot] = UInt8(index)
        }
        exactKeys = keys
        exactIndices = indices
    }

    /// The smallest power of two, at least 2, that is >= `count`.
    public static func tableSize(holding count: Int) -> Int {
        var size = 2
        while size < count { size *= 2 }
        return size
    }

    /// `colors` padded with black to `tableSize` entries, ready for a GIF colour map.
    public var tableColors: [RGB8] {
        colors + [RGB8](repeating: RGB8(0, 0, 0), count: tableSize - colors.count)
    }

    /// The index of a colour that is exactly in the palette, or nil.
    @inline(__always)
    func exactIndex(of color: RGB8) -> UInt8? {
        exactIndex(packed: color.packed)
    }

    @inline(__always)
    func exactIndex(packed: UInt32) -> UInt8? {
        var slot = Self.exactSlot(packed)
        while true {
            let key = exactKeys[slot]
            if key == packed { return exactIndices[slot] }
            if key == UInt32.max { return nil }
            slot = (slot + 1) & 511
        }
    }

    /// The index of the colour nearest to `color` in sRGB Euclidean distance (which is what
    /// PSNR measures); ties go to the lower index. A linear scan: `PaletteMapper` caches.
    public func nearestIndex(of color: RGB8) -> UInt8 {
        if let exact = exactIndex(of: color) { return exact }
        return UInt8(Self.nearest(to: (Int(color.r), Int(color.g), Int(color.b)), in: colors).index)
    }

    static func nearest(to color: (Int, Int, Int), in colors: [RGB8]) -> (index: Int, distance: Int) {
        var best = 0, bestDistance = Int.max
        for (index, candidate) in colors.enumerated() {
            let dr = Int(candidate.r) - color.0, dg = Int(candidate.g) - color.1, db = Int(candidate.b) - color.2
            let distance = dr * dr + dg * dg + db * db
            if distance < bestDistance { best = index; bestDistance = distance }
        }
        return (best, bestDistance)
    }

    @inline(__always)
    private static func exactSlot(_ packed: UInt32) -> Int { Int((packed &* 0x9E37_79B1) >> 23) }

    /// The median, over the colours from `fixed` on (all of them when fewer than two are not
    /// fixed), of each colour's distance to its nearest other colour. Each pair is measured
    /// once, for both of its colours, over one buffer of the colours' channels.
    private static func medianNearestDistance(_ colors: [RGB8], skipping fixed: Int) -> Double {
        guard colors.count >= 2 else { return 0 }
        let start = colors.count - fixed >= 2 ? fixed : 0
        let count = colors.count
        var nearestDistances = [Int](repeating: Int.max, count: count)
        let channels = colors.map { (Int($0.r), Int($0.g), Int($0.b)) }
        channels.withUnsafeBufferPointer { channels in
            nearestDistances.withUnsafeMutableBufferPointer { nearestDistances in
                for first in 0 ..< count {
                    let a = channels[first]
                    var closest = nearestDistances[first]
                    for second in first + 1 ..< count {
                        let b = channels[second]
                        let dr = a.0 - b.0, dg = a.1 - b.1, db = a.2 - b.2
                        let distance = dr * dr + dg * dg + db * db
                        closest = min(closest, distance)
                        nearestDistances[second] = min(nearestDistances[second], distance)
                    }
                    nearestDistances[first] = closest
                }
            }
        }
        var distances = Array(nearestDistances[start...])
        distances.sort()
        return Double(distances[distances.count / 2]).squareRoot()
    }

    public static func == (lhs: IndexedPalette, rhs: IndexedPalette) -> Bool {
        lhs.colors == rhs.colors && lhs.fixedColorCount == rhs.fixedColorCount
            && lhs.transparentIndex == rhs.transparentIndex
    }
}
