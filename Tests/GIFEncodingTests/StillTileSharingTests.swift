import Foundation
@testable import GIFEncoding
import Palette
import Raster
import Testing

/// A refiner whose next table another thread is planning does not wait idle: it plans the
/// table after it meanwhile, and refines exactly as a refiner working alone.
@Suite enum StillTileSharingTests {
    /// The slide's first picture, refined on 16 x 16 tiles.
    static let canvas = OpeningPlanTests.frames[0].canvas
    static let options = OpeningPlanTests.options(tileSize: 16)

    /// The tiles against a screen that shows black everywhere (a new `DisplayedScreen`), worst
    /// first: by squared error summed over the tile's pixels and channels, the lower tile
    /// number first on ties, worked out here from the picture's bytes.
    static func tilesWorstFirst() -> [(tile: Int, rect: PixelRect)] {
        let tiles = OpeningPlanTests.tiles(meeting: canvas.bounds, tileSize: 16)
        func error(_ rect: PixelRect) -> Int {
            var total = 0
            for y in rect.y ..< rect.maxY {
                for x in rect.x ..< rect.maxX {
                    let offset = (y * canvas.width + x) * 4
                    for channel in 0 ..< 3 {
                        let value = Int(canvas.image.pixels[offset + channel])
                        total += value * value
                    }
                }
            }
            return total
        }
        let errors = tiles.map { error($0.rect) }
        return tiles.indices
            .sorted { errors[$0] != errors[$1] ? errors[$0] > errors[$1] : tiles[$0].tile < tiles[$1].tile }
            .map { tiles[$0] }
    }

    @Test static func aRefinerWaitingForATablePlansTheNextOneMeanwhile() throws {
        let settings = try #require(options.stillTileSettings(width: canvas.width, height: canvas.height,
                                                              interfaceColors: .arcScene))
        let screen = DisplayedScreen(width: canvas.width, height: canvas.height)
        let order = tilesWorstFirst()
        try #require(order.count >= 2)
        let worst = OpeningPlanTests.key(order[0], of: canvas), second = OpeningPlanTests.key(order[1], of: canvas)

        let alone = StillTileRefiner(settings: settings, inParallel: false)
        alone.touch(canvas.bounds)
        let expected = try #require(try alone.nextRefinement(canvas: canvas, screen: screen))
        guard case let .known(worstTable) = alone.tables.lookUp(worst) else {
            Issue.record("the refiner working alone did not refine the worst tile first")
            return
        }

        // Another thread is planning the worst tile's table: the refiner must wait for it.
        let shared = StillTileTables()
        #expect(shared.claimIfFree(worst))
        // Handed to one other thread and read here only once it is done.
        nonisolated(unsafe) let refiner = StillTileRefiner(settings: settings, tables: shared, inParallel: true)
        refiner.touch(canvas.bounds)
        nonisolated(unsafe) var made: StillTileRefiner.Refinement?
        let done = DispatchSemaphore(value: 0)
        Thread {
            made = try? refiner.nextRefinement(canvas: canvas, screen: screen)
            done.signal()
        }.start()
        // Nothing else plans the second tile's table: once known, the waiting refiner made it.
        let deadline = Date().addingTimeInterval(20)
        while !shared.isKnown(second), Date() < deadline { Thread.sleep(forTimeInterval: 0.002) }
        #expect(shared.isKnown(second), "the waiting refiner did not plan the next tile's table")
        shared.publish(worst, worstTable)
        done.wait()

        let refinement = try #require(made)
        #expect(refinement.frame == expected.frame)
        #expect(refinement.shown == expected.shown)
        // The worst tile's table came from the other thread, the second's from the refiner.
        #expect(refiner.tablesPlannedElsewhere == 1)
    }

    /// Each pixel of `rect` of the canvas as its nearest colour of `palette`, the lower index
    /// on ties, found by a plain scan.
    static func nearestIndices(_ rect: PixelRect, in palette: IndexedPalette) -> [UInt8] {
        var indices: [UInt8] = []
        for y in rect.y ..< rect.maxY {
            for x in rect.x ..< rect.maxX {
                let offset = (y * canvas.width + x) * 4
                let r = Int(canvas.image.pixels[offset]), g = Int(canvas.image.pixels[offset + 1])
                let b = Int(canvas.image.pixels[offset + 2])
                var best = 0, bestDistance = Int.max
                for (index, color) in palette.colors.enumerated() {
                    let dr = Int(color.r) - r, dg = Int(color.g) - g, db = Int(color.b) - b
                    let d = dr * dr + dg * dg + db * db
                    if d < bestDistance { best = index; bestDistance = d }
                }
                indices.append(UInt8(best))
            }
        }
        return indices
    }

    /// For each tile of `tiles` whose table `tables` knows: whether its planned indices are
    /// `nearestIndices`, and whether those use more than one entry.
    static func plannedIndices(of tiles: [(tile: Int, rect: PixelRect)], in tables: StillTileTables)
        -> (checked: Int, mixed: Int, mismatched: Int) {
        var checked = 0, mixed = 0, mismatched = 0
        for tile in tiles where tables.isKnown(OpeningPlanTests.key(tile, of: canvas)) {
            guard case let .known(planned) = tables.lookUp(OpeningPlanTests.key(tile, of: canvas)) else { continue }
            let expected = nearestIndices(tile.rect, in: planned.palette)
            checked += 1
            if Set(expected).count > 1 { mixed += 1 }
            if planned.indices != expected { mismatched += 1 }
        }
        return (checked, mixed, mismatched)
    }

    /// A table is stored with its tile's pixels mapped to it, each pixel's nearest colour, so
    /// the thread that refines the tile later has no mapping to do; whichever way it was
    /// planned: ahead from the whole picture, ahead from the tile's picture alone, or by a
    /// refiner planning two tables at once (the second mapped by a mapper of its own).
    @Test static func aPlannedTableHoldsItsTilesPixelsMappedToIt() throws {
        let settings = try #require(options.stillTileSettings(width: canvas.width, height: canvas.height,
                                                              interfaceColors: .arcScene))
        let order = tilesWorstFirst()
        let ahead = StillTileRefiner(settings: settings, inParallel: false)
        ahead.planAhead(canvas: canvas, shown: { [UInt32](repeating: 0, count: $0.area) }, shouldStop: { false })
        let fromPicture = plannedIndices(of: order, in: ahead.tables)
        #expect(fromPicture.checked > 3)
        #expect(fromPicture.mixed > 0)
        #expect(fromPicture.mismatched == 0)

        let single = StillTileRefiner(settings: settings, inParallel: false)
        let mixedTiles = order.filter { Set(AnimationPixels.packedColors(canvas, $0.rect)).count > 1 }.prefix(3)
        for tile in mixedTiles {
            single.planAhead(key: OpeningPlanTests.key(tile, of: canvas), picture: canvas.cropped(to: tile.rect))
        }
        let fromTiles = plannedIndices(of: Array(mixedTiles), in: single.tables)
        #expect(fromTiles.checked == mixedTiles.count && fromTiles.mismatched == 0)

        // The worst tile's table and the next one's, planned at once on two threads.
        let pair = StillTileRefiner(settings: settings, inParallel: true)
        pair.touch(canvas.bounds)
        _ = try pair.nextRefinement(canvas: canvas, screen: DisplayedScreen(width: canvas.width, height: canvas.height))
        let firstTwo = plannedIndices(of: Array(order.prefix(2)), in: pair.tables)
        #expect(firstTwo.checked == 2 && firstTwo.mismatched == 0)
    }
}
