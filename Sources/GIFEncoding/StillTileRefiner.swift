import Palette
import Raster
import WorkThreads

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
/// stay transparent. Tables are planned once per tile content, with the tile's pixels mapped
/// to them, and reused (in a store that an `OpeningPlan` may fill ahead); while the worst
/// tile's table is planned, the next worst tile's is planned beside it on the second core, or
/// on the refiner's own thread while it would otherwise wait for another thread planning the
/// worst one (nothing but refinements writes while the animation holds still, so it is
/// usually the next one needed).
/// Deterministic: the choice depends only on the frames and the settings, and a table only on
/// its tile's pixels.
final class StillTileRefiner {
    /// What the refinements depend on besides the frames.
    let settings: StillTileSettings
    /// Screen width in pixels.
    var width: Int { settings.width }
    /// Screen height in pixels.
    var height: Int { settings.height }
    /// The side of a tile in pixels.
    var tileSize: Int { settings.tileSize }
    /// The most entries a tile's table may hold, its transparent slot included.
    var maxColors: Int { settings.maxColors }
    /// Tiles showing at least this PSNR (dB, over their non-background pixels) are left alone.
    var targetPSNR: Double { settings.targetPSNR }
    /// Whether two tables may be planned at once on two threads.
    let inParallel: Bool
    /// The screen background, packed; its pixels do not count as content.
    private let background: UInt32
    /// The interface's exact colours (flat colours and line ramps), which a tile's table keeps
    /// whenever the tile shows them.
    private let exactColors: [RGB8]

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
    /// Tables planned so far, by tile and content, by this refiner or by work done ahead.
    let tables: StillTileTables
    /// The keys this refiner planned itself, and those it took that another thread planned.
    private var plannedHere = Set<StillTileTables.Key>()
    private var takenFromElsewhere = Set<StillTileTables.Key>()
    /// How many of the tables it refined with another thread planned (an `OpeningPlan`).
    var tablesPlannedElsewhere: Int { takenFromElsewhere.count }
    /// Maps each planned tile (and the first image) to its table; one mapper switched from
    /// table to table keeps its nearest-colour memory instead of initialising a new one per
    /// tile.
    private var mapper: PaletteMapper?
    /// Maps the tile whose table is planned beside another on a second thread (see
    /// `table(for:truth:alongside:canvas:)`), while `mapper` serves the other.
    private var sideMapper: PaletteMapper?

    /// What a refinement writes: the image, and the colours the screen shows inside its
    /// rectangle afterwards.
    struct Refinement {
        var frame: GIFFrame
        var shown: [UInt32]
    }

    /// A refiner with `settings`, keeping its tables in `tables` (which other refiners with
    /// the same settings may share); `inParallel` lets it plan on two threads.
    init(settings: StillTileSettings, tables: StillTileTables = StillTileTables(), inParallel: Bool) {
        self.settings = settings
        self.tables = tables
        self.inParallel = inParallel
        background = settings.interfaceColors.background.packed
        exactColors = settings.interfaceColors.fixedColors(rampLevels: settings.rampLevels, limit: 256)
        states = [TileState](repeating: .settled, count: settings.tileColumns * settings.tileRows)
    }

    /// Notes that an image wrote into `rect`: its tiles are looked at again.
    func touch(_ rect: PixelRect) {
        guard rect.width > 0, rect.height > 0 else { return }
        for row in rect.y / tileSize ... (rect.maxY - 1) / tileSize {
            for column in rect.x / tileSize ... (rect.maxX - 1) / tileSize {
                states[row * settings.tileColumns + column] = .unknown
            }
        }
    }

    /// The next refinement of the still `canvas` as the screen shows it, or nil when every
    /// tile is settled. Tiles it looks at and finds nothing to improve in are settled.
    func nextRefinement(canvas: Canvas, screen: DisplayedScreen) throws(GIFEncodingError) -> Refinement? {
        for tile in 0 ..< states.count where states[tile] == .unknown {
            states[tile] = assess(tile, canvas: canvas, shown: screen.read(settings.rect(ofTile: tile)))
        }
        while let tile = worstPendingTile() {
            states[tile] = .settled
            let truth = AnimationPixels.packedColors(canvas, settings.rect(ofTile: tile))
            let planned = try table(for: tile, truth: truth, alongside: worstPendingTile(), canvas: canvas)
            if let refinement = try refine(tile, truth: truth, planned: planned, screen: screen) {
                return refinement
            }
        }
        return nil
    }

    /// The first image: the whole screen with a table planned for it alone, so the first
    /// frame shows the best one table can, rather than the global table meant for what moves.
    /// The screen shows `table[indices]` afterwards (`table` packed; nothing is transparent).
    func firstImage(canvas: Canvas) throws(GIFEncodingError) -> FirstImage {
        let area = canvas.bounds
        let palette = try plan(area: area, canvas: canvas, transparency: false, inParallel: inParallel)
        let indices = try Self.nearestIndices(area, of: canvas, in: palette, with: &mapper)
        let frame = GIFFrame(rect: area, indices: indices, localPalette: palette.tableColors, delayCentiseconds: 0,
                             disposal: .keep)
        return FirstImage(frame: frame, table: palette.tableColors.map(\.packed))
    }

    /// The first image and its table.
    struct FirstImage: Sendable {
        /// The whole screen with its own table.
        var frame: GIFFrame
        /// That table's colours, packed.
        var table: [UInt32]
        /// The code stream of `frame.indices` for its table's code size, when made ahead
        /// (`withCodeStream()`); nil leaves it to the encoder.
        var codeStream: LZWCodeStream? = nil

        /// This image with its code stream made on the calling thread: an image planned ahead
        /// spares the encoder's thread, which bounds the encoding, a screenful of LZW.
        func withCodeStream() -> FirstImage {
            guard let table = frame.localPalette else { preconditionFailure("a first image without its own table") }
            var image = self
            image.codeStream = LZWCodeStream(of: frame.indices, codeSize: GIFStreamBuilder.codeSize(tableOf: table.count),
                                             using: LZWEncoder())
            return image
        }
    }

    // MARK: Private

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

    /// Settled when the tile, showing `shown` (its colours on screen, row by row), shows its
    /// picture exactly or well enough, else pending.
    private func assess(_ tile: Int, canvas: Canvas, shown: [UInt32]) -> TileState {
        let truth = AnimationPixels.packedColors(canvas, settings.rect(ofTile: tile))
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

    /// The image redrawing `tile` (whose true colours are `truth`) with its planned table and
    /// the tile's pixels mapped to it, or nil when no pixel would improve.
    private func refine(_ tile: Int, truth: [UInt32], planned: StillTileTables.PlannedTile,
                        screen: DisplayedScreen) throws(GIFEncodingError) -> Refinement? {
        let area = settings.rect(ofTile: tile), palette = planned.palette, mapped = planned.indices
        guard let transparent = palette.transparentIndex else { return nil }
        precondition(mapped.count == area.area && truth.count == area.area, "a tile's planned pixels do not fill it")
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

    /// Each pixel of `area` of `canvas` as its nearest entry of `palette`, found by `mapper`
    /// (made or switched to `palette` here).
    private static func nearestIndices(_ area: PixelRect, of canvas: Canvas, in palette: IndexedPalette,
                                       with mapper: inout PaletteMapper?) throws(GIFEncodingError) -> [UInt8] {
        if mapper == nil { mapper = PaletteMapper(palette: palette) } else { mapper!.switchPalette(to: palette) }
        do {
            return try mapper!.indices(image: canvas.image, rect: area, dither: .none)
        } catch {
            throw .invalidInput(context: "GIF still refinement", problem: error.description)
        }
    }

    /// The table of `tile` (whose true colours are `truth`), planned from its true pixels
    /// (see `plan`) and kept by content. When threads are allowed, the table of `next` (the
    /// tile likely to be refined next) is planned too, unless some thread has it or is
    /// planning it: beside this one on the second core when this one is not known yet, or on
    /// this thread before waiting when another thread is planning this one (a failure there
    /// is left for when that tile is refined).
    private func table(for tile: Int, truth: [UInt32], alongside next: Int?,
                       canvas: Canvas) throws(GIFEncodingError) -> StillTileTables.PlannedTile {
        let key = StillTileTables.Key(tile: tile, hash: Self.hash(truth))
        if inParallel, let next, tables.isBeingPlanned(key) {
            // Another thread (an opening plan) is at this table: rather than wait idle for it,
            // this thread plans the table of the tile likely to be refined next meanwhile.
            planIfFree(next, area: settings.rect(ofTile: next), of: canvas)
        }
        if case let .known(table) = tables.lookUp(key) {
            if !plannedHere.contains(key) { takenFromElsewhere.insert(key) }
            return table
        }
        var wanted = [key]
        if inParallel, let next {
            let nextKey = Self.key(next, area: settings.rect(ofTile: next), of: canvas)
            if tables.claimIfFree(nextKey) { wanted.append(nextKey) }
        }
        // One table alone has both cores to itself.
        let alone = inParallel && wanted.count == 1
        let planned = ParallelWork.map(wanted.count, concurrently: inParallel) { piece -> Result<StillTileTables.PlannedTile, GIFEncodingError> in
            let area = settings.rect(ofTile: wanted[piece].tile)
            do throws(GIFEncodingError) {
                // Each piece maps with a mapper of its own: they run at once.
                return .success(piece == 0
                    ? try planTile(area: area, canvas: canvas, inParallel: alone, mapper: &mapper)
                    : try planTile(area: area, canvas: canvas, inParallel: false, mapper: &sideMapper))
            } catch {
                return .failure(error)
            }
        }
        for (plannedKey, result) in zip(wanted, planned) {
            plannedHere.insert(plannedKey)
            tables.publish(plannedKey, try? result.get())
        }
        return try planned[0].get()
    }

    /// Plans, on the calling thread, the table of the tile and content `key` names, whose true
    /// pixels are `picture` (the tile's rectangle cut out of a frame, which `key.hash` is the
    /// hash of), unless some thread has it or is planning it: work done ahead for a picture
    /// the animation will hold still on.
    func planAhead(key: StillTileTables.Key, picture: Canvas) {
        precondition(picture.width == settings.rect(ofTile: key.tile).width && picture.height == settings.rect(ofTile: key.tile).height,
                     "a tile's picture does not have the tile's size")
        planIfFree(key, area: picture.bounds, of: picture)
    }

    /// Plans, on the calling thread, the table of every tile of `canvas` that `shown` (the
    /// colours on screen inside a rectangle, row by row) leaves short of the target and that
    /// no thread has or is planning, worst first, as `nextRefinement` would refine them while
    /// the animation holds still; `shouldStop` is asked between tables. Work done ahead: it
    /// changes no state but the shared tables.
    func planAhead(canvas: Canvas, shown: (PixelRect) -> [UInt32], shouldStop: () -> Bool) {
        let pending = (0 ..< states.count).compactMap { tile -> (tile: Int, error: Int)? in
            guard case let .pending(error) = assess(tile, canvas: canvas, shown: shown(settings.rect(ofTile: tile))) else { return nil }
            return (tile, error)
        }
        // Worst first, the first one on ties, as the refinements take them.
        for (tile, _) in pending.sorted(by: { $0.error > $1.error || ($0.error == $1.error && $0.tile < $1.tile) }) {
            if shouldStop() { return }
            planIfFree(tile, area: settings.rect(ofTile: tile), of: canvas)
        }
    }

    /// The key of `tile` whose pixels are `area` of `canvas`.
    static func key(_ tile: Int, area: PixelRect, of canvas: Canvas) -> StillTileTables.Key {
        StillTileTables.Key(tile: tile, hash: hash(AnimationPixels.packedColors(canvas, area)))
    }

    /// Plans the table of `tile`, whose pixels are `area` of `canvas` (the screen, or the
    /// tile's picture alone), on the calling thread, one core's work, unless some thread has it
    /// or is planning it; a failure is left for when the tile is refined.
    private func planIfFree(_ tile: Int, area: PixelRect, of canvas: Canvas) {
        planIfFree(Self.key(tile, area: area, of: canvas), area: area, of: canvas)
    }

    /// `planIfFree(_:area:of:)` with the tile's key known.
    private func planIfFree(_ key: StillTileTables.Key, area: PixelRect, of canvas: Canvas) {
        guard tables.claimIfFree(key) else { return }
        plannedHere.insert(key)
        tables.publish(key, try? planTile(area: area, canvas: canvas, inParallel: false, mapper: &mapper))
    }

    /// The table of the tile whose pixels are `area` of `canvas` (see `plan`), with those
    /// pixels mapped to it by `mapper`: what a refinement of the tile writes from.
    private func planTile(area: PixelRect, canvas: Canvas, inParallel: Bool,
                          mapper: inout PaletteMapper?) throws(GIFEncodingError) -> StillTileTables.PlannedTile {
        let palette = try plan(area: area, canvas: canvas, transparency: true, inParallel: inParallel)
        return StillTileTables.PlannedTile(palette: palette,
                                           indices: try Self.nearestIndices(area, of: canvas, in: palette, with: &mapper))
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
    static func hash(_ colors: [UInt32]) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for color in colors {
            hash = (hash ^ UInt64(color)) &* 0x0000_0100_0000_01B3
        }
        return hash
    }
}
