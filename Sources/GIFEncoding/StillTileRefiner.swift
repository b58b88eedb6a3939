import Palette
import Raster

/// Sharpens the still parts of the picture while nothing moves, one tile per idle frame.
///
/// One global table serves every moving frame, so it must cover the moving picture and
/// everything it passes; still pictures (the buttons, the head at rest) get few of its colours
/// and band. A GIF image may carry its own colour table, so while the animation holds still
/// (frames that change nothing, which would otherwise only lengthen the image before them),
/// the encoder writes instead one image per frame that redraws one square tile of the screen
/// with a table planned for that tile alone: up to 256 colours for `tileSize`² pixels.
///
/// The screen is split into tiles. A tile is looked at again after an image writes into it;
/// it is left alone when what the screen shows there is exact or already within
/// `targetPSNR` of the true picture (PSNR over the tile's pixels that are not background).
/// The worst tile (largest squared error, the first one on ties) is refined first. A refined
/// pixel replaces the shown one only when its colour is strictly closer to the true colour,
/// so exact pixels (the interface colours) never change, and pixels that would not improve
/// stay transparent. Tables are planned once per tile content and reused; while the worst
/// tile's table is planned, the next worst tile's is planned beside it on the second core
/// (nothing but refinements writes while the animation holds still, so it is usually the
/// next one needed). Deterministic: the choice depends only on the frames, and a table only
/// on its tile's pixels.
final class StillTileRefiner {
    /// Screen width in pixels.
    let width: Int
    /// Screen height in pixels.
    let height: Int
    /// The side of a tile in pixels.
    let tileSize: Int
    /// The most entries a tile's table may hold, its transparent slot included.
    let maxColors: Int
    /// Tiles showing at least this PSNR (dB, over their non-background pixels) are left alone.
    let targetPSNR: Double
    /// Whether two tables may be planned at once on two threads.
    let inParallel: Bool
    /// The screen background, packed; its pixels do not count as content.
    private let background: UInt32
    /// The interface's exact colours (flat colours and line ramps), which a tile's table keeps
    /// whenever the tile shows them.
    private let exactColors: [RGB8]
    private let columns: Int
    private let rows: Int

    /// What is known of a tile.
    private enum TileState: Equatable {
        /// Written to since it was last looked at.
        case unknown
        /// Exact, good enough, or refined since it was last written to.
        case settled
        /// Worth refining: the squared error (summed over its pixels and channels) it shows.
        case pending(Int)
    }

    private var states: [TileState]
    /// Tables planned so far, by tile and content.
    private var tables: [TileContent: IndexedPalette] = [:]
    /// Maps each refined tile to its table; one mapper switched from table to table keeps
    /// its nearest-colour memory instead of initialising a new one per tile.
    private var mapper: PaletteMapper?

    /// A tile's place and a hash of its true pixels.
    private struct TileContent: Hashable {
        var tile: Int
        var hash: UInt64
    }

    /// What a refinement writes: the image, and the colours the screen shows inside its
    /// rectangle afterwards.
    struct Refinement {
        var frame: GIFFrame
        var shown: [UInt32]
    }

    init(width: Int, height: Int, tileSize: Int, maxColors: Int, targetPSNR: Double,
         interfaceColors: InterfaceColors, rampLevels: Int, inParallel: Bool) {
        self.width = width
        self.height = height
        self.tileSize = tileSize
        self.maxColors = maxColors
        self.targetPSNR = targetPSNR
        self.inParallel = inParallel
        background = interfaceColors.background.packed
        exactColors = interfaceColors.fixedColors(rampLevels: rampLevels, limit: 256)
        columns = (width + tileSize - 1) / tileSize
        rows = (height + tileSize - 1) / tileSize
        states = [TileState](repeating: .settled, count: columns * rows)
    }

    /// Notes that an image wrote into `rect`: its tiles are looked at again.
    func touch(_ rect: PixelRect) {
        guard rect.width > 0, rect.height > 0 else { return }
        for row in rect.y / tileSize ... (rect.maxY - 1) / tileSize {
            for column in rect.x / tileSize ... (rect.maxX - 1) / tileSize {
                states[row * columns + column] = .unknown
            }
        }
    }

    /// The next refinement of the still `canvas` as the screen shows it, or nil when every
    /// tile is settled. Tiles it looks at and finds nothing to improve in are settled.
    func nextRefinement(canvas: Canvas, screen: DisplayedScreen) throws(GIFEncodingError) -> Refinement? {
        for tile in 0 ..< states.count where states[tile] == .unknown {
            states[tile] = assess(tile, canvas: canvas, screen: screen)
        }
        while let tile = worstPendingTile() {
            states[tile] = .settled
            let truth = AnimationPixels.packedColors(canvas, rect(of: tile))
            let palette = try table(for: tile, truth: truth, alongside: worstPendingTile(), canvas: canvas)
            if let refinement = try refine(tile, truth: truth, palette: palette, canvas: canvas, screen: screen) {
                return refinement
            }
        }
        return nil
    }

    /// The first image: the whole screen with a table planned for it alone, so the first
    /// frame shows the best one table can, rather than the global table meant for what moves.
    /// The screen shows `table[indices]` afterwards (`table` packed; nothing is transparent).
    func firstImage(canvas: Canvas) throws(GIFEncodingError) -> (frame: GIFFrame, table: [UInt32]) {
        let area = canvas.bounds
        let palette = try plan(area: area, canvas: canvas, transparency: false, inParallel: inParallel)
        let indices = try nearestIndices(area, of: canvas, in: palette)
        let frame = GIFFrame(rect: area, indices: indices, localPalette: palette.tableColors, delayCentiseconds: 0,
                             disposal: .keep)
        return (frame, palette.tableColors.map(\.packed))
    }

    // MARK: Private

    private func rect(of tile: Int) -> PixelRect {
        let x = (tile % columns) * tileSize, y = (tile / columns) * tileSize
        return PixelRect(x: x, y: y, width: min(tileSize, width - x), height: min(tileSize, height - y))
    }

    private func worstPendingTile() -> Int? {
        var worst: Int?, worstError = 0
        for tile in 0 ..< states.count {
            if case let .pending(error) = states[tile], error > worstError {
                worst = tile
                worstError = error
            }
        }
        return worst
    }

    /// Settled when the tile shows its picture exactly or well enough, else pending.
    private func assess(_ tile: Int, canvas: Canvas, screen: DisplayedScreen) -> TileState {
        let area = rect(of: tile)
        let truth = AnimationPixels.packedColors(canvas, area)
        let shown = screen.read(area)
        var squaredError = 0, content = 0
        for position in 0 ..< truth.count {
            if truth[position] != background { content += 1 }
            if truth[position] != shown[position] {
                squaredError += AnimationPixels.squaredDistance(truth[position], shown[position])
            }
        }
        guard squaredError > 0 else { return .settled }
        let meanSquaredError = Double(squaredError) / Double(3 * max(content, 1))
        let psnr = 10 * PortableMath.log10(255 * 255 / meanSquaredError)
        return psnr >= targetPSNR ? .settled : .pending(squaredError)
    }

    /// The image redrawing `tile` (whose true colours are `truth`) with `palette`, or nil when
    /// no pixel would improve.
    private func refine(_ tile: Int, truth: [UInt32], palette: IndexedPalette, canvas: Canvas,
                        screen: DisplayedScreen) throws(GIFEncodingError) -> Refinement? {
        let area = rect(of: tile)
        guard let transparent = palette.transparentIndex else { return nil }
        let mapped = try nearestIndices(area, of: canvas, in: palette)
        let table = palette.tableColors.map(\.packed)
        var shown = screen.read(area)
        var indices = [UInt8](repeating: transparent, count: area.area)
        var minX = Int.max, minY = Int.max, maxX = -1, maxY = -1
        for position in 0 ..< truth.count {
            let refined = table[Int(mapped[position])], color = truth[position]
            guard AnimationPixels.squaredDistance(refined, color) < AnimationPixels.squaredDistance(shown[position], color) else {
                continue
            }
            indices[position] = mapped[position]
            shown[position] = refined
            let x = position % area.width, y = position / area.width
            minX = min(minX, x)
            maxX = max(maxX, x)
            minY = min(minY, y)
            maxY = max(maxY, y)
        }
        guard maxX >= 0 else { return nil }
        let written = PixelRect(x: area.x + minX, y: area.y + minY, width: maxX - minX + 1, height: maxY - minY + 1)
        let frame = GIFFrame(rect: written, indices: indices.cropped(to: written, from: area),
                             localPalette: palette.tableColors, delayCentiseconds: 0, disposal: .keep,
                             transparentIndex: Int(transparent))
        return Refinement(frame: frame, shown: shown.cropped(to: written, from: area))
    }

    /// Each pixel of `area` of `canvas` as its nearest entry of `palette`.
    private func nearestIndices(_ area: PixelRect, of canvas: Canvas, in palette: IndexedPalette) throws(GIFEncodingError) -> [UInt8] {
        if mapper == nil { mapper = PaletteMapper(palette: palette) } else { mapper!.switchPalette(to: palette) }
        do {
            return try mapper!.indices(image: canvas.image, rect: area, dither: .none)
        } catch {
            throw .invalidInput(context: "GIF still refinement", problem: error.description)
        }
    }

    /// The table of `tile` (whose true colours are `truth`), planned from its true pixels
    /// (see `plan`) and kept by content. When it is not known yet and threads are allowed,
    /// the table of `next` (the tile likely to be refined next) is planned beside it on the
    /// second core; a failure there is left for when that tile is refined.
    private func table(for tile: Int, truth: [UInt32], alongside next: Int?,
                       canvas: Canvas) throws(GIFEncodingError) -> IndexedPalette {
        let key = TileContent(tile: tile, hash: Self.hash(truth))
        if let known = tables[key] { return known }
        var wanted = [key]
        if inParallel, let next {
            let nextKey = TileContent(tile: next, hash: Self.hash(AnimationPixels.packedColors(canvas, rect(of: next))))
            if tables[nextKey] == nil { wanted.append(nextKey) }
        }
        // One table alone has both cores to itself.
        let alone = inParallel && wanted.count == 1
        let planned = try ParallelWork.tryMap(wanted.count, concurrently: inParallel) { piece throws(GIFEncodingError) -> IndexedPalette? in
            let area = rect(of: wanted[piece].tile)
            return piece == 0 ? try plan(area: area, canvas: canvas, transparency: true, inParallel: alone)
                : try? plan(area: area, canvas: canvas, transparency: true, inParallel: false)
        }
        for (plannedKey, palette) in zip(wanted, planned) where palette != nil { tables[plannedKey] = palette }
        return planned[0]!
    }

    /// A table for `area` of `canvas` keeping the exact interface colours it shows, with a
    /// transparent slot when asked; `inParallel` lets its planning use both cores.
    private func plan(area: PixelRect, canvas: Canvas, transparency: Bool,
                      inParallel: Bool) throws(GIFEncodingError) -> IndexedPalette {
        var histogram = ColorHistogram()
        histogram.add(image: canvas.image, rect: area)
        let kept = exactColors.filter { histogram.weight(of: $0) > 0 }
        do {
            var builder = try PaletteBuilder(maxColors: maxColors, fixedColors: Array(kept.prefix(maxColors - 2)),
                                             reservesTransparentIndex: transparency)
            builder.inParallel = inParallel
            return try builder.build(from: histogram)
        } catch {
            throw .invalidInput(context: "GIF still refinement", problem: error.description)
        }
    }

    /// FNV-1a over the packed colours.
    private static func hash(_ colors: [UInt32]) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for color in colors {
            hash = (hash ^ UInt64(color)) &* 0x0000_0100_0000_01B3
        }
        return hash
    }
}
