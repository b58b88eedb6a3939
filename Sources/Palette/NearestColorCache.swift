/// Nearest-palette-colour search for the mapper: exact, and fast on repeated colours.
///
/// Three levels: a direct-mapped memo of recently seen colours; then the palette's bin of
/// 4x4x4 sRGB values, which lazily remembers the only palette entries that can be nearest to
/// any colour inside it (those within the nearest distance from the bin centre plus the
/// bin's diameter); then the integer distance over those few candidates. Results equal a
/// linear scan with ties to the lower index.
struct NearestColorCache: Sendable {
    let colors: [RGB8]
    private var binStart: [Int32]
    private var binCount: [UInt16]
    private var candidates: [UInt8] = []
    private var memoKeys: [UInt32]
    private var memoIndices: [UInt8]

    init(colors: [RGB8]) {
        self.colors = colors
        binStart = [Int32](repeating: -1, count: 1 << 18)
        binCount = [UInt16](repeating: 0, count: 1 << 18)
        memoKeys = [UInt32](repeating: UInt32.max, count: 1 << 14)
        memoIndices = [UInt8](repeating: 0, count: 1 << 14)
    }

    /// The nearest palette index to the colour with components in 0...255.
    @inline(__always)
    mutating func nearest(_ r: Int, _ g: Int, _ b: Int) -> UInt8 {
        let packed = UInt32(r << 16 | g << 8 | b)
        let memoSlot = Int((packed &* 0x9E37_79B1) >> 18)
        if memoKeys[memoSlot] == packed { return memoIndices[memoSlot] }
        let bin = (r >> 2) << 12 | (g >> 2) << 6 | (b >> 2)
        if binStart[bin] < 0 { fill(bin) }
        let start = Int(binStart[bin]), end = start + Int(binCount[bin])
        var best: UInt8 = 0, bestDistance = Int.max
        for position in start ..< end {
            let index = candidates[position]
            let color = colors[Int(index)]
            let dr = Int(color.r) - r, dg = Int(color.g) - g, db = Int(color.b) - b
            let distance = dr * dr + dg * dg + db * db
            if distance < bestDistance || (distance == bestDistance && index < best) {
                best = index
                bestDistance = distance
            }
        }
        memoKeys[memoSlot] = packed
        memoIndices[memoSlot] = best
        return best
    }

    private mutating func fill(_ bin: Int) {
        let centre = (Double((bin >> 12) << 2) + 1.5, Double(((bin >> 6) & 63) << 2) + 1.5, Double((bin & 63) << 2) + 1.5)
        var distances = [Double](repeating: 0, count: colors.count)
        var nearestDistance = Double.infinity
        for (index, color) in colors.enumerated() {
            let dr = Double(color.r) - centre.0, dg = Double(color.g) - centre.1, db = Double(color.b) - centre.2
            distances[index] = (dr * dr + dg * dg + db * db).squareRoot()
            nearestDistance = min(nearestDistance, distances[index])
        }
        // Any colour in the bin is within sqrt(3) * 1.5 of its centre; the small slack
        // keeps rounding from dropping a candidate that ties.
        let limit = nearestDistance + 2 * 2.598_076_3 + 1e-9
        binStart[bin] = Int32(candidates.count)
        var count = 0
        for index in colors.indices where distances[index] <= limit {
            candidates.append(UInt8(index))
            count += 1
        }
        binCount[bin] = UInt16(count)
    }
}
