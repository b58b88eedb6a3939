import Raster

/// Nearest-palette-colour search for the mapper: exact, and fast on repeated colours.
///
/// A direct-mapped memo of recently seen colours comes first. The first
/// `sortedSearchLookups` colours it misses after a reset are searched among the palette
/// sorted along one axis, which costs nothing to prepare: that serves a palette that maps
/// only a few thousand colours (a still tile's table) far more cheaply than filling bins
/// that would each answer two or three colours. Later misses go to the bins, which pay
/// off over many colours:
///
/// the palette's bin of
/// 4x4x4 sRGB values, which lazily remembers the only palette entries that can be nearest to
/// any colour inside it (those within the nearest distance from the bin centre plus the
/// bin's diameter); then the integer distance over those few candidates. A bin's candidates
/// are looked for among those of its block of 16x16x16 values (found the same way from the
/// whole palette), since any entry nearest to a colour of the bin is nearest to a colour of
/// the block. Results equal a linear scan with ties to the lower index.
///
/// Memory follows the colours seen: a block's 64 bins are made when a colour of the block is
/// first looked up, so a cache starts at about 160 KB (the memo and the block tables) and
/// grows by half a kilobyte a block a picture's colours reach, rather than holding the 2 MB
/// of every bin of the cube.
///
/// A reference type over raw buffers so the per-pixel path has no copy-on-write or bounds
/// checks; it is only a memo, so sharing one between copies of a mapper changes no result.
final class NearestColorCache {
    private static let blockCountTotal = 1 << 12
    private static let memoSize = 1 << 14

    /// Palette colours as 0xRRGGBB, index = palette index.
    private let packedColors: UnsafeMutableBufferPointer<UInt32>
    /// Per bin of the blocks opened so far (64 a block, from the block's `blockBins` offset):
    /// start in `candidates` << 9 | count, or -1 while not computed. Grows as blocks open.
    private var bins: UnsafeMutableBufferPointer<Int64>
    /// Per block: where its 64 bins start in `bins`, or -1 while the block is not open.
    private let blockBins: UnsafeMutableBufferPointer<Int32>
    /// How many bins the open blocks use.
    private var binCount = 0
    private let memoKeys: UnsafeMutableBufferPointer<UInt32>
    private let memoIndices: UnsafeMutableBufferPointer<UInt8>
    /// Per palette entry, the squared distance to the bin being filled.
    private let scratch: UnsafeMutableBufferPointer<Int>
    @exclusivity(unchecked) private var candidates: [UInt8] = []
    /// For each candidate, a floor of its squared distance to any colour in the bin; the
    /// candidates of a bin are sorted by it, so the search stops once it exceeds the best.
    @exclusivity(unchecked) private var lowerBounds: [Int32] = []
    /// Per block of 16x16x16 values: start in `blockCandidates` << 9 | count, or -1.
    private let blocks: UnsafeMutableBufferPointer<Int64>
    @exclusivity(unchecked) private var blockCandidates: [UInt8] = []
    /// The blocks opened since the last reset.
    @exclusivity(unchecked) private var filledBlocks: [Int32] = []
    /// The entries chosen while filling a bin or block (squared distance << 8 | index), reused
    /// between fills.
    @exclusivity(unchecked) private var chosen: [UInt64] = []

    /// The most palette entries a cache holds (a GIF table's size).
    private static let maxColorCount = 256

    /// How many memo misses after a reset the sorted search answers before the bins take
    /// over: a still tile's 4,096 pixels never reach the bins.
    static let sortedSearchLookups = 4096
    /// Memo misses the sorted search may still answer before the bins take over.
    private var sortedSearchesLeft = 0
    /// The palette entries as projection on `axis` << 8 | index, sorted.
    private let sortedEntries: UnsafeMutableBufferPointer<Int>
    /// Integer weights of the axis the palette is sorted along, and their squared length.
    private var axis = (1, 1, 1)
    private var axisNorm = 3

    init(colors: [RGB8]) {
        packedColors = .allocate(capacity: Self.maxColorCount)
        packedColors.initialize(repeating: 0)
        bins = .allocate(capacity: 64 * 64)
        blockBins = .allocate(capacity: Self.blockCountTotal)
        blockBins.initialize(repeating: -1)
        blocks = .allocate(capacity: Self.blockCountTotal)
        blocks.initialize(repeating: -1)
        memoKeys = .allocate(capacity: Self.memoSize)
        memoKeys.initialize(repeating: UInt32.max)
        memoIndices = .allocate(capacity: Self.memoSize)
        memoIndices.initialize(repeating: 0)
        scratch = .allocate(capacity: Self.maxColorCount)
        scratch.initialize(repeating: 0)
        sortedEntries = .allocate(capacity: Self.maxColorCount)
        sortedEntries.initialize(repeating: 0)
        colorCount = 0
        reset(colors: colors)
    }

    private var colorCount: Int

    /// Forgets every answer and serves `colors` from now on, keeping the memory: much cheaper
    /// than a new cache when many small rectangles each have a palette of their own.
    func reset(colors: [RGB8]) {
        precondition(colors.count <= Self.maxColorCount, "a GIF palette holds at most 256 colours")
        for (index, color) in colors.enumerated() { packedColors[index] = color.packed }
        colorCount = colors.count
        binCount = 0
        for block in filledBlocks {
            blocks[Int(block)] = -1
            blockBins[Int(block)] = -1
        }
        filledBlocks.removeAll(keepingCapacity: true)
        blockCandidates.removeAll(keepingCapacity: true)
        candidates.removeAll(keepingCapacity: true)
        lowerBounds.removeAll(keepingCapacity: true)
        memoKeys.update(repeating: UInt32.max)
        sortAlongWidestAxis()
        sortedSearchesLeft = Self.sortedSearchLookups
    }

    deinit {
        packedColors.deallocate()
        bins.deallocate()
        blockBins.deallocate()
        blocks.deallocate()
        memoKeys.deallocate()
        memoIndices.deallocate()
        scratch.deallocate()
        sortedEntries.deallocate()
    }

    /// The nearest palette index to the colour with components in 0...255.
    @inline(__always)
    func nearest(_ r: Int, _ g: Int, _ b: Int) -> UInt8 {
        let packed = UInt32(truncatingIfNeeded: r << 16 | g << 8 | b)
        let memoSlot = Int((packed &* 0x9E37_79B1) >> 18)
        if memoKeys[memoSlot] == packed { return memoIndices[memoSlot] }
        if sortedSearchesLeft > 0 {
            sortedSearchesLeft -= 1
            let best = sortedNearest(r, g, b)
            memoKeys[memoSlot] = packed
            memoIndices[memoSlot] = best
            return best
        }
        let block = (r >> 4) << 8 | (g >> 4) << 4 | (b >> 4)
        var firstBin = Int(blockBins[block])
        if firstBin < 0 { firstBin = open(block) }
        let bin = firstBin + (((r >> 2) & 3) << 4 | ((g >> 2) & 3) << 2 | ((b >> 2) & 3))
        var entry = bins[bin]
        if entry < 0 { entry = fill(bin, corner: (r & ~3, g & ~3, b & ~3), block: block) }
        let (start, end) = Self.range(entry)
        var best: UInt8 = 0, bestDistance = Int.max
        candidates.withUnsafeBufferPointer { list in
            lowerBounds.withUnsafeBufferPointer { bounds in
                for position in start ..< end {
                    if Int(bounds[position]) > bestDistance { break }
                    let index = list[position]
                    let color = packedColors[Int(index)]
                    let dr = Int(color >> 16) - r, dg = Int(color >> 8 & 0xFF) - g, db = Int(color & 0xFF) - b
                    let distance = dr * dr + dg * dg + db * db
                    if distance < bestDistance || (distance == bestDistance && index < best) {
                        best = index
                        bestDistance = distance
                    }
                }
            }
        }
        memoKeys[memoSlot] = packed
        memoIndices[memoSlot] = best
        return best
    }

    /// Axes the sorted search may use (integer weights); the palette is sorted along the one
    /// on which its projections, per unit of length, spread most. Photographs' colours lie
    /// mostly along the grey axis, flat interface colours along any.
    private static let axes = [(1, 1, 1), (1, 0, 0), (0, 1, 0), (0, 0, 1), (1, 1, 0), (1, 0, 1), (0, 1, 1),
                               (1, -1, 0), (1, 0, -1), (0, 1, -1)]

    /// Chooses the axis and sorts the palette's entries along it.
    private func sortAlongWidestAxis() {
        var bestSpread = -1.0
        for candidate in Self.axes {
            var sum = 0, squares = 0
            for index in 0 ..< colorCount {
                let projection = Self.project(packedColors[index], on: candidate)
                sum += projection
                squares += projection * projection
            }
            let norm = candidate.0 * candidate.0 + candidate.1 * candidate.1 + candidate.2 * candidate.2
            // The variance of the projections (times the count squared) per squared length.
            let spread = Double(colorCount * squares - sum * sum) / Double(norm)
            if spread > bestSpread {
                bestSpread = spread
                axis = candidate
                axisNorm = norm
            }
        }
        for index in 0 ..< colorCount {
            sortedEntries[index] = Self.project(packedColors[index], on: axis) << 8 | index
        }
        var used = UnsafeMutableBufferPointer(rebasing: sortedEntries[0 ..< colorCount])
        used.sort()
    }

    @inline(__always)
    private static func project(_ color: UInt32, on axis: (Int, Int, Int)) -> Int {
        axis.0 * Int(color >> 16) + axis.1 * Int(color >> 8 & 0xFF) + axis.2 * Int(color & 0xFF)
    }

    /// The nearest entry by the palette sorted along `axis`: entries are taken in order of
    /// their projection's distance from the colour's, outwards on both sides, until that
    /// distance alone rules out the rest. For weights w and any entry c,
    /// |x − c|² · |w|² ≥ (w · (x − c))², so once (w · (x − c))² > |w|² · best every entry
    /// left is strictly farther than the best one (ties are still examined, the lower index
    /// winning).
    private func sortedNearest(_ r: Int, _ g: Int, _ b: Int) -> UInt8 {
        let target = axis.0 * r + axis.1 * g + axis.2 * b
        let entries = sortedEntries, count = colorCount, norm = axisNorm
        // The first entry whose projection is at least the colour's.
        var low = 0, high = count
        while low < high {
            let middle = (low + high) >> 1
            if entries[middle] >> 8 < target { low = middle + 1 } else { high = middle }
        }
        var up = low, down = low - 1
        var best = 0, bestDistance = Int(Int32.max)
        while true {
            let upGap = up < count ? (entries[up] >> 8) - target : Int.max
            let downGap = down >= 0 ? target - (entries[down] >> 8) : Int.max
            let entry: Int
            if upGap <= downGap {
                guard upGap != Int.max, upGap * upGap <= norm * bestDistance else { break }
                entry = entries[up]
                up += 1
            } else {
                guard downGap * downGap <= norm * bestDistance else { break }
                entry = entries[down]
                down -= 1
            }
            let index = entry & 0xFF
            let color = packedColors[index]
            let dr = Int(color >> 16) - r, dg = Int(color >> 8 & 0xFF) - g, db = Int(color & 0xFF) - b
            let distance = dr * dr + dg * dg + db * db
            if distance < bestDistance || (distance == bestDistance && index < best) {
                best = index
                bestDistance = distance
            }
        }
        return UInt8(truncatingIfNeeded: best)
    }

    /// Opens a block: its 64 bins (not yet computed) and its candidates among the whole
    /// palette. Returns where its bins start.
    private func open(_ block: Int) -> Int {
        if binCount + 64 > bins.count {
            let grown = UnsafeMutableBufferPointer<Int64>.allocate(capacity: 2 * bins.count)
            grown.baseAddress!.initialize(from: bins.baseAddress!, count: binCount)
            bins.deallocate()
            bins = grown
        }
        let firstBin = binCount
        for bin in firstBin ..< firstBin + 64 { bins[bin] = -1 }
        binCount += 64
        blockBins[block] = Int32(firstBin)
        let corner = ((block >> 8) << 4, ((block >> 4) & 15) << 4, (block & 15) << 4)
        // A bin sorts what it takes from its block, so the block's list needs no order.
        choose(among: 0 ..< colorCount, cube: corner, side: 16, sorted: false)
        blocks[block] = Self.entry(start: blockCandidates.count, count: chosen.count)
        blockCandidates.append(contentsOf: chosen.lazy.map { UInt8(truncatingIfNeeded: $0) })
        filledBlocks.append(Int32(block))
        return firstBin
    }

    /// A bin's or block's entry: where its candidates start in their list, and how many
    /// there are (at most 256).
    @inline(__always)
    private static func entry(start: Int, count: Int) -> Int64 {
        Int64(start << 9 | count)
    }

    /// The positions of an entry's candidates in their list.
    @inline(__always)
    private static func range(_ entry: Int64) -> (start: Int, end: Int) {
        let start = Int(entry >> 9)
        return (start, start + Int(entry & 511))
    }

    /// Computes the candidates of the bin at `bin` (of 4x4x4 values from `corner`, inside
    /// `block`) from its block's, sorted by their distance to the bin centre, with their
    /// lower bounds, and returns the bin's packed entry.
    private func fill(_ bin: Int, corner: (Int, Int, Int), block: Int) -> Int64 {
        let (blockStart, blockEnd) = Self.range(blocks[block])
        let halfDiagonal = choose(among: blockCandidates[blockStart ..< blockEnd].lazy.map { Int($0) }, cube: corner, side: 4,
                                  sorted: true)
        let start = candidates.count
        for key in chosen {
            let distance = Int(key >> 8)
            // |x − p| ≥ |c − p| − r for x in the bin; back in single units, floored, and a
            // little lower still so rounding never makes the bound exceed the truth.
            let reach = max(0, (Double(distance).squareRoot() - halfDiagonal) / 2 - 1e-6)
            candidates.append(UInt8(truncatingIfNeeded: key))
            lowerBounds.append(Int32((reach * reach).rounded(.down)))
        }
        let entry = Self.entry(start: start, count: candidates.count - start)
        bins[bin] = entry
        return entry
    }

    /// Sets `chosen` to the entries of `pool` that can be nearest to some colour of the cube
    /// of `side` values per channel from `corner`: those within the nearest entry's distance
    /// from the cube's centre plus the cube's diameter, each as its squared distance to the
    /// centre << 8 | its index, so that when `sorted` they order by distance, ties by index.
    /// Distances are in doubled coordinates, so the centre (corner + (side − 1) / 2 per
    /// channel) is an integer; returns the cube's half diagonal in those units.
    @discardableResult
    private func choose(among pool: some Sequence<Int>, cube corner: (Int, Int, Int), side: Int, sorted: Bool) -> Double {
        let centre = (2 * corner.0 + side - 1, 2 * corner.1 + side - 1, 2 * corner.2 + side - 1)
        var nearest = Int.max
        for index in pool {
            let color = packedColors[index]
            let dr = Int(color >> 16) << 1 - centre.0, dg = Int(color >> 8 & 0xFF) << 1 - centre.1
            let db = Int(color & 0xFF) << 1 - centre.2
            let distance = dr * dr + dg * dg + db * db
            scratch[index] = distance
            nearest = min(nearest, distance)
        }
        // Any colour of the cube is within r = sqrt(3) (side − 1) / 2 of its centre
        // (sqrt(3) (side − 1) doubled), so only entries within the nearest distance + 2r can
        // win; a little slack for rounding.
        let halfDiagonal = Double(side - 1) * 3.0.squareRoot()
        let limit = Double(nearest).squareRoot() + 2 * halfDiagonal + 1e-6
        let limitSquared = Int((limit * limit).rounded(.up))
        chosen.removeAll(keepingCapacity: true)
        for index in pool where scratch[index] <= limitSquared {
            chosen.append(UInt64(scratch[index]) << 8 | UInt64(index))
        }
        if sorted { chosen.sort() }
        return halfDiagonal
    }
}
