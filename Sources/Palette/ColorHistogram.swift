import Raster

/// Weighted counts of opaque sRGB colours, the input of `PaletteBuilder`.
///
/// A weight says how much a pixel matters: the encoder adds each frame's changed rectangle
/// with the time it stays on screen, so a background seen for the whole animation outweighs
/// a pixel of the sliding avatar seen for one frame. Pixels are read as the opaque colour
/// they show over white (see `OpaquePixel`); frames are opaque, so this only tames odd input.
///
/// Counts live in an open-addressing table keyed by the packed colour; `entries` always
/// comes out sorted by packed value, so nothing downstream depends on insertion order.
public struct ColorHistogram: Sendable, Equatable {
    /// One distinct colour and its accumulated weight.
    public struct Entry: Hashable, Sendable {
        /// The colour.
        public var color: RGB8
        /// Its total weight (always > 0).
        public var weight: Double

        /// Wraps a colour and its weight.
        init(color: RGB8, weight: Double) {
            self.color = color
            self.weight = weight
        }
    }

    private static let emptyKey = UInt32.max
    private var keys: [UInt32]
    private var weights: [Double]
    private var shift: UInt32
    /// The number of distinct colours counted so far.
    private(set) var distinctColorCount = 0
    /// The sum of every weight added.
    private(set) var totalWeight = 0.0

    /// An empty histogram.
    public init() {
        keys = [UInt32](repeating: Self.emptyKey, count: 1024)
        weights = [Double](repeating: 0, count: 1024)
        shift = 22
    }

    /// Adds `weight` to one colour; a weight that is not a positive finite number is ignored.
    public mutating func add(_ color: RGB8, weight: Double = 1) {
        guard weight > 0, weight.isFinite else { return }
        accumulate(color.packed, weight)
    }

    /// Adds every pixel of `image` inside `rect` (clipped to the image) with `weight` each;
    /// a weight that is not a positive finite number adds nothing.
    public mutating func add(image: RGBAImage, rect: PixelRect, weight: Double = 1) {
        guard weight > 0, weight.isFinite else { return }
        let area = OpaquePixel.clip(rect, to: image)
        guard !area.isEmpty else { return }
        let premultiplied = image.isPremultiplied
        image.pixels.withUnsafeBufferPointer { bytes in
            for y in area.y ..< area.maxY {
                // Room for a whole row of new colours, so the row runs on raw buffers.
                while (distinctColorCount + area.width) * 2 > keys.count { grow() }
                let shift = self.shift
                var added = 0, addedWeight = 0.0
                keys.withUnsafeMutableBufferPointer { keys in
                    weights.withUnsafeMutableBufferPointer { weights in
                        var offset = (y * image.width + area.x) * 4
                        let words = UnsafeRawPointer(bytes.baseAddress!)
                        var runColor = OpaquePixel.packed(bytes, offset, premultiplied: premultiplied)
                        // The run's last pixel as stored: a pixel with the same four bytes has the
                        // same colour, so only a pixel that differs from it is converted.
                        var runWord = words.loadUnaligned(fromByteOffset: offset, as: UInt32.self)
                        var runLength = 0
                        for _ in 0 ..< area.width {
                            let word = words.loadUnaligned(fromByteOffset: offset, as: UInt32.self)
                            if word != runWord {
                                runWord = word
                                let color = OpaquePixel.packed(bytes, offset, premultiplied: premultiplied)
                                if color != runColor {
                                    let runWeight = Double(runLength) * weight
                                    addedWeight += runWeight
                                    if Self.insert(runColor, runWeight, keys, weights, shift) { added += 1 }
                                    runColor = color
                                    runLength = 0
                                }
                            }
                            runLength &+= 1
                            offset &+= 4
                        }
                        let runWeight = Double(runLength) * weight
                        addedWeight += runWeight
                        if Self.insert(runColor, runWeight, keys, weights, shift) { added += 1 }
                    }
                }
                distinctColorCount += added
                totalWeight += addedWeight
            }
        }
    }

    /// Adds `weight` to `key` in the table; true when the key was new.
    @inline(__always)
    private static func insert(_ key: UInt32, _ weight: Double, _ keys: UnsafeMutableBufferPointer<UInt32>,
                               _ weights: UnsafeMutableBufferPointer<Double>, _ shift: UInt32) -> Bool {
        let mask = keys.count - 1
        var slot = Self.slot(for: key, shift: shift)
        while true {
            let existing = keys[slot]
            if existing == key { weights[slot] += weight; return false }
            if existing == emptyKey { break }
            slot = (slot + 1) & mask
        }
        keys[slot] = key
        weights[slot] = weight
        return true
    }

    /// Every distinct colour with its weight, sorted by packed 0xRRGGBB value.
    public var entries: [Entry] {
        // The colours are distinct, so ordering plain integers (colour above, slot below) by
        // their colour gives the order by colour; sorting the entries themselves through a
        // closure took twice as long as sorting the integers, and that twice a counting sort.
        var order: [UInt64] = []
        order.reserveCapacity(distinctColorCount)
        for slot in keys.indices where keys[slot] != Self.emptyKey {
            order.append(UInt64(keys[slot]) << 32 | UInt64(slot))
        }
        order = Self.sortedByColor(order)
        return order.map { item in
            let key = UInt32(truncatingIfNeeded: item >> 32)
            return Entry(color: RGB8(UInt8(key >> 16), UInt8(key >> 8 & 0xFF), UInt8(key & 0xFF)),
                         weight: weights[Int(item & 0xFFFF_FFFF)])
        }
    }

    /// `items` (colour << 32 | slot, the colours distinct and below 2^24) in increasing order:
    /// a stable counting sort by each of the colour's three bytes, lowest first. Short lists
    /// are sorted by comparison, which costs less than three passes over 256 counters.
    static func sortedByColor(_ items: [UInt64]) -> [UInt64] {
        guard items.count > 256 else { return items.sorted() }
        var source = items
        var target = [UInt64](repeating: 0, count: items.count)
        var starts = [Int](repeating: 0, count: 256)
        for shift: UInt64 in [32, 40, 48] {
            source.withUnsafeBufferPointer { source in
                target.withUnsafeMutableBufferPointer { target in
                    starts.withUnsafeMutableBufferPointer { starts in
                        for byte in 0 ..< 256 { starts[byte] = 0 }
                        for item in source { starts[Int(truncatingIfNeeded: item >> shift) & 0xFF] += 1 }
                        var start = 0
                        for byte in 0 ..< 256 {
                            let count = starts[byte]
                            starts[byte] = start
                            start += count
                        }
                        for item in source {
                            let byte = Int(truncatingIfNeeded: item >> shift) & 0xFF
                            target[starts[byte]] = item
                            starts[byte] += 1
                        }
                    }
                }
            }
            swap(&source, &target)
        }
        return source
    }

    /// The weight accumulated for one colour (0 when never added).
    public func weight(of color: RGB8) -> Double {
        let key = color.packed
        var slot = Self.slot(for: key, shift: shift)
        let mask = keys.count - 1
        while keys[slot] != Self.emptyKey {
            if keys[slot] == key { return weights[slot] }
            slot = (slot + 1) & mask
        }
        return 0
    }

    /// Histograms are equal when they hold the same colours with the same weights.
    public static func == (lhs: ColorHistogram, rhs: ColorHistogram) -> Bool {
        lhs.distinctColorCount == rhs.distinctColorCount && lhs.entries == rhs.entries
    }

    @inline(__always)
    private static func slot(for key: UInt32, shift: UInt32) -> Int {
        Int((key &* 0x9E37_79B1) >> shift)
    }

    private mutating func accumulate(_ key: UInt32, _ weight: Double) {
        totalWeight += weight
        let mask = keys.count - 1
        var slot = Self.slot(for: key, shift: shift)
        while true {
            let existing = keys[slot]
            if existing == key { weights[slot] += weight; return }
            if existing == Self.emptyKey { break }
            slot = (slot + 1) & mask
        }
        keys[slot] = key
        weights[slot] = weight
        distinctColorCount += 1
        if distinctColorCount * 2 > keys.count { grow() }
    }

    private mutating func grow() {
        let oldKeys = keys, oldWeights = weights
        let capacity = oldKeys.count * 2
        keys = [UInt32](repeating: Self.emptyKey, count: capacity)
        weights = [Double](repeating: 0, count: capacity)
        shift -= 1
        let mask = capacity - 1
        for index in oldKeys.indices where oldKeys[index] != Self.emptyKey {
            var slot = Self.slot(for: oldKeys[index], shift: shift)
            while keys[slot] != Self.emptyKey { slot = (slot + 1) & mask }
            keys[slot] = oldKeys[index]
            weights[slot] = oldWeights[index]
        }
    }
}
