import Raster

/// Builds one GIF palette for a whole animation from a weighted colour histogram.
///
/// - `fixedColors` come first, exactly as given (duplicates dropped): the interface's flat
///   colours and the anti-aliasing ramps the caller expects, so they never drift.
/// - If every histogram colour fits beside them, the palette is exactly those colours.
/// - Otherwise the remaining slots are chosen by `ColorQuantizer` on sRGB values (variance-based
///   box split, then Lloyd iterations around the fixed colours): the space in which
///   `PaletteMapper` picks each pixel's nearest entry, so the table minimizes the very error
///   the frames show. (Chosen in OkLab, the tables were 1 to 1.8 dB worse in content PSNR on
///   the default animation and the photographs, and their GIFs no smaller.)
///
/// Order: fixed colours in the given order, then the chosen colours by packed 0xRRGGBB.
/// GIF's LZW codes index strings, and renaming indices is a one-to-one relabelling that leaves
/// the compressed size unchanged, so the order only needs to be deterministic and readable.
public struct PaletteBuilder: Sendable {
    /// The most entries the table may hold, the transparent slot included (2...256).
    let maxColors: Int
    /// Colours that must appear exactly, in this order, at the start of the palette.
    let fixedColors: [RGB8]
    /// Whether one index after the colours is kept for transparency (frame differences).
    let reservesTransparentIndex: Bool
    /// Lloyd iterations after the box split (0 keeps the split's box means).
    var refinementIterations: Int = 12
    /// Whether the box split and the Lloyd iterations may use two threads, and the
    /// refinements of tables built together (`build(_:fromEntries:)`) may run at once: for a
    /// caller whose other core has nothing else to do. The palette is the same either way.
    public var inParallel = false

    /// Histograms with more distinct colours than this are first merged into buckets of
    /// 2x2x2 sRGB values (weighted mean per bucket), which bounds the quantizer's work while
    /// moving each point by at most one code value.
    package static let bucketingThreshold = 1 << 15

    /// Validates the limits. Throws `invalidMaxColors` outside 2...256 and
    /// `tooManyFixedColors` when the distinct fixed colours leave no room.
    public init(maxColors: Int = 256, fixedColors: [RGB8] = [], reservesTransparentIndex: Bool = false) throws(PaletteError) {
        guard (2 ... 256).contains(maxColors) else { throw .invalidMaxColors(maxColors) }
        var seen = Set<UInt32>()
        let distinctFixed = fixedColors.filter { seen.insert($0.packed).inserted }
        let limit = Self.colorLimit(maxColors: maxColors, reservesTransparentIndex: reservesTransparentIndex)
        guard distinctFixed.count <= limit else { throw .tooManyFixedColors(fixed: distinctFixed.count, limit: limit) }
        self.maxColors = maxColors
        self.fixedColors = distinctFixed
        self.reservesTransparentIndex = reservesTransparentIndex
    }

    /// The colours a palette of `maxColors` entries may hold besides the transparent slot.
    static func colorLimit(maxColors: Int, reservesTransparentIndex: Bool) -> Int {
        maxColors - (reservesTransparentIndex ? 1 : 0)
    }

    /// The palette for `histogram` (an empty histogram yields the fixed colours, or black).
    public func build(from histogram: ColorHistogram) throws(PaletteError) -> IndexedPalette {
        try build(fromEntries: histogram.entries)
    }

    /// The palette for a histogram's `entries` (as `ColorHistogram.entries` gives them: sorted
    /// by colour, each colour once), for a caller that has them already.
    package func build(fromEntries entries: [ColorHistogram.Entry]) throws(PaletteError) -> IndexedPalette {
        try Self.build([self], fromEntries: entries)[0]
    }

    /// What each of `builders` builds from the same `entries`, in their order, with less
    /// work than one after the other: builders that differ only in `maxColors` (same fixed
    /// colours, transparent slot, iterations and `inParallel`) share one box split, whose
    /// first cuts are those of the smaller tables (see
    /// `ColorQuantizer.centres(counts:iterations:)`), and with `inParallel` their
    /// refinements run at once. The tables are the same either way.
    package static func build(_ builders: [PaletteBuilder],
                              fromEntries entries: [ColorHistogram.Entry]) throws(PaletteError) -> [IndexedPalette] {
        var tables = [IndexedPalette?](repeating: nil, count: builders.count)
        var unbuilt = Array(builders.indices)
        while let first = unbuilt.first {
            let alike = unbuilt.filter { builders[$0].sharesSplit(with: builders[first]) }
            unbuilt.removeAll(where: alike.contains)
            let built = try builders[first].tables(maxColors: alike.map { builders[$0].maxColors }, entries: entries)
            for (table, builder) in zip(built, alike) { tables[builder] = table }
        }
        return tables.map { $0! }
    }

    /// Whether `other` builds its table the same way, but for its own `maxColors`.
    private func sharesSplit(with other: PaletteBuilder) -> Bool {
        fixedColors == other.fixedColors && reservesTransparentIndex == other.reservesTransparentIndex
            && refinementIterations == other.refinementIterations && inParallel == other.inParallel
    }

    /// The tables this builder would build from `entries` with each of `sizes` as its
    /// `maxColors`.
    private func tables(maxColors sizes: [Int], entries: [ColorHistogram.Entry]) throws(PaletteError) -> [IndexedPalette] {
        let fixedKeys = Set(fixedColors.map(\.packed))
        let others = entries.filter { !fixedKeys.contains($0.color.packed) }
        let freeSlots = sizes.map {
            Self.colorLimit(maxColors: $0, reservesTransparentIndex: reservesTransparentIndex) - fixedColors.count
        }
        // No slots asked of the quantizer for a table that holds every colour as it is.
        let centres = quantize(others, slots: freeSlots.map { others.count > $0 ? $0 : 0 })
        var tables: [IndexedPalette] = []
        for (free, quantized) in zip(freeSlots, centres) {
            var chosen: [RGB8]
            if others.count > free {
                chosen = quantized.filter { !fixedKeys.contains($0.packed) }
            } else {
                chosen = others.map(\.color)
            }
            chosen = Array(Set(chosen)).sorted()
            var colors = fixedColors + chosen
            if colors.isEmpty { colors = [RGB8(0, 0, 0)] }
            tables.append(try IndexedPalette(colors: colors, fixedColorCount: fixedColors.count,
                                             reservesTransparentIndex: reservesTransparentIndex))
        }
        return tables
    }

    /// The colours `entries` get in each of `slots` free slots (none for 0 slots).
    private func quantize(_ entries: [ColorHistogram.Entry], slots: [Int]) -> [[RGB8]] {
        guard slots.contains(where: { $0 > 0 }) else { return slots.map { _ in [] } }
        var points: [SIMD3<Double>] = []
        var weights: [Double] = []
        if entries.count > Self.bucketingThreshold {
            (points, weights) = Self.bucketed(entries)
        } else {
            points = entries.map { Self.point($0.color) }
            weights = entries.map(\.weight)
        }
        let quantizer = ColorQuantizer(points: points, weights: weights,
                                       fixed: fixedColors.map(Self.point), inParallel: inParallel)
        return quantizer.centres(counts: slots, iterations: refinementIterations).map { $0.map(Self.color) }
    }

    /// Entries merged per 2x2x2 sRGB bucket, in the order the buckets first appear (a sorted
    /// input gives sorted, deterministic output), each bucket's sums taken in the entries'
    /// order. The buckets are found through an open-addressing table sized for the entries
    /// (bucket << 32 | place in the output, at most half full), not a table of all 2^21
    /// buckets, which would take 8 MB per palette being built; a dictionary hashed every
    /// bucket twice.
    static func bucketed(_ entries: [ColorHistogram.Entry]) -> ([SIMD3<Double>], [Double]) {
        var sums: [SIMD3<Double>] = []
        var weights: [Double] = []
        var capacity = 1024
        while capacity < 2 * entries.count { capacity *= 2 }
        let empty = UInt64.max, mask = capacity - 1
        var slots = [UInt64](repeating: empty, count: capacity)
        slots.withUnsafeMutableBufferPointer { slots in
            for entry in entries {
                let c = entry.color
                let bucket = UInt64(c.r >> 1) << 14 | UInt64(c.g >> 1) << 7 | UInt64(c.b >> 1)
                let point = Self.point(c)
                var slot = Int(truncatingIfNeeded: (bucket &* 0x9E37_79B9_7F4A_7C15) >> 32) & mask
                while slots[slot] != empty, slots[slot] >> 32 != bucket { slot = (slot + 1) & mask }
                if slots[slot] == empty {
                    slots[slot] = bucket << 32 | UInt64(sums.count)
                    sums.append(entry.weight * point)
                    weights.append(entry.weight)
                } else {
                    let place = Int(truncatingIfNeeded: slots[slot] & 0xFFFF_FFFF)
                    sums[place] += entry.weight * point
                    weights[place] += entry.weight
                }
            }
        }
        return (zip(sums, weights).map { $0 / $1 }, weights)
    }

    /// A colour as a point of the quantizer's space: its sRGB values.
    private static func point(_ color: RGB8) -> SIMD3<Double> { SIMD3(Double(color.r), Double(color.g), Double(color.b)) }

    /// The colour nearest to a point of the quantizer's space (a centre is a weighted mean of
    /// colours, so it lies inside the cube; the clamp only guards the rounding).
    private static func color(_ point: SIMD3<Double>) -> RGB8 {
        func byte(_ value: Double) -> UInt8 { UInt8(Swift.max(0, Swift.min(255, value.rounded()))) }
        return RGB8(byte(point.x), byte(point.y), byte(point.z))
    }

    /// The colours an anti-aliased edge of `foreground` over `background`
    /// produces at coverage k / `levels` for k = 1 ..< levels, blended on sRGB values and
    /// rounded (as Quartz blends): e.g. red over white at 4 levels gives (255,191,191),
    /// (255,128,128), (255,64,64).
    public static func antiAliasingRamp(from foreground: RGB8, over background: RGB8, levels: Int) -> [RGB8] {
        guard levels >= 2 else { return [] }
        func mix(_ f: UInt8, _ b: UInt8, _ k: Int) -> UInt8 {
            let value = Int(b) * (levels - k) + Int(f) * k
            return UInt8((2 * value + levels) / (2 * levels))
        }
        return (1 ..< levels).map { k in
            RGB8(mix(foreground.r, background.r, k), mix(foreground.g, background.g, k), mix(foreground.b, background.b, k))
        }
    }
}
