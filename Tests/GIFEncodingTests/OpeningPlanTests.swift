import Foundation
@testable import GIFEncoding
import GIFTestSupport
import Palette
import Raster
import SafeFiles
import Testing
import WorkThreads

/// The first image and the still tables planned ahead on a thread of their own: taken only
/// when they match the first frame and the options, and never changing a byte.
@Suite enum OpeningPlanTests {
    /// A slide that starts with a long hold, so the first image leaves tiles to refine.
    static let frames = StillRefinementTests.frames

    static func options(tileSize: Int = 32) -> GIFEncodingOptions {
        var options = StillRefinementTests.options(refining: true)
        options.refinementTileSize = tileSize
        options.isParallel = true
        return options
    }

    /// The GIF `frames` make through a writer with `options` and `opening`, whether the
    /// writer took the opening's first image, and how many still tiles it refined with tables
    /// the opening planned; the writer's stage threads are started by `startThread`.
    static func write(options: GIFEncodingOptions, opening: OpeningPlan?,
                      startThread: @escaping ThreadStart.Starter = ThreadStart.system)
        throws -> (bytes: [UInt8], tookOpening: Bool, tablesAhead: Int) {
        let palette = try AnimationFixtures.palette(for: frames, options: options)
        let sink = MemoryByteSink()
        let writer = try AnimationWriter(palette: palette, options: options, output: sink,
                                         queueBudget: AnimationWriter.defaultQueueBudget, opening: opening,
                                         startThread: startThread)
        for frame in frames {
            try writer.addFrame(frame.canvas, time: frame.time, damage: frame.damage, spriteBounds: frame.sprite)
        }
        try writer.finish(totalDuration: Double(frames.count) / 50)
        return (sink.bytes, writer.tookOpeningImage, writer.stillTablesPlannedAhead)
    }

    /// Whether two GIFs are the same bytes (compared once, so a failure does not print them).
    static func same(_ a: [UInt8], _ b: [UInt8]) -> Bool { a == b }

    @Test static func aMatchingPlanIsTakenAndChangesNoByte() throws {
        let alone = try write(options: options(), opening: nil)
        let aloneTook = alone.tookOpening
        #expect(!aloneTook)
        let opening = OpeningPlan(canvas: frames[0].canvas, options: options(), interfaceColors: .arcScene)
        opening.endHolds()
        opening.waitUntilPlanned()
        // Planned before any encoder asked: the tables of the tiles the first image leaves short.
        #expect(opening.tables.count > 0)
        let planned = try write(options: options(), opening: opening)
        let plannedTook = planned.tookOpening
        #expect(plannedTook)
        #expect(planned.tablesAhead > 0)
        #expect(alone.tablesAhead == 0)
        #expect(same(planned.bytes, alone.bytes), "the GIF differs from the one written alone")
    }

    @Test static func aPlanStillAtWorkIsWaitedForAndChangesNoByte() throws {
        let alone = try write(options: options(), opening: nil)
        let planned = try write(options: options(),
                                opening: OpeningPlan(canvas: frames[0].canvas, options: options(), interfaceColors: .arcScene))
        let plannedTook = planned.tookOpening
        #expect(plannedTook)
        #expect(same(planned.bytes, alone.bytes), "the GIF differs from the one written alone")
    }

    /// The first image planned ahead comes with its code stream, so the encoder's thread has
    /// no screenful of LZW to do: the image planned alone, encoded by a GIF builder's own
    /// coder, has the same indices, the same code size and the same bytes.
    @Test static func thePlannedFirstImageComesWithItsCodeStream() throws {
        let opening = OpeningPlan(canvas: frames[0].canvas, options: options(), interfaceColors: .arcScene)
        let settings = try #require(opening.settings)
        let planned = try #require(opening.firstImage(for: frames[0].canvas, settings: settings))
        opening.stop()
        let stream = try #require(planned.codeStream)
        let alone = try StillTileRefiner(settings: settings, inParallel: false).firstImage(canvas: frames[0].canvas)
        #expect(alone.codeStream == nil)
        #expect(alone.frame == planned.frame)
        let builder = try GIFStreamBuilder(width: frames[0].canvas.width, height: frames[0].canvas.height,
                                           globalPalette: nil)
        let encoded = try builder.encodeImage(alone.frame)
        #expect(stream.bytes.count > 100)
        #expect(stream.codeSize == encoded.minimumCodeSize)
        #expect(stream.bytes == encoded.compressedData)
    }

    /// A plan made for a later frame's picture, or for another tile size, is not taken.
    @Test(arguments: ["another picture", "other settings"])
    static func aPlanThatDoesNotMatchIsNotTaken(case name: String) throws {
        let moving = try #require(frames.firstIndex { $0.sprite != nil })
        #expect(frames[moving + 3].canvas != frames[0].canvas)
        let opening = name == "another picture"
            ? OpeningPlan(canvas: frames[moving + 3].canvas, options: options(), interfaceColors: .arcScene)
            : OpeningPlan(canvas: frames[0].canvas, options: options(tileSize: 16), interfaceColors: .arcScene)
        let planned = try write(options: options(), opening: opening)
        let plannedTook = planned.tookOpening
        #expect(!plannedTook)
        let alone = try write(options: options(), opening: nil)
        #expect(same(planned.bytes, alone.bytes), "the GIF differs from the one written alone")
    }

    @Test static func aPlanServesOneEncoderOnly() throws {
        let opening = OpeningPlan(canvas: frames[0].canvas, options: options(), interfaceColors: .arcScene)
        let first = try write(options: options(), opening: opening)
        let second = try write(options: options(), opening: opening)
        let firstTook = first.tookOpening
        #expect(firstTook)
        let secondTook = second.tookOpening
        #expect(!secondTook)
        #expect(same(second.bytes, first.bytes), "the second GIF differs from the first")
    }

    /// Without still refinement (dithering, or switched off), without threads, or with options
    /// an encoder would refuse, nothing is planned and nothing is taken.
    @Test(arguments: ["no threads", "dithered", "not refining", "invalid tile size", "empty picture"])
    static func nothingIsPlannedWhereNothingWouldServe(case name: String) throws {
        var settings = options()
        var canvas = frames[0].canvas
        switch name {
        case "no threads": settings.isParallel = false
        case "dithered": settings.dither = .ordered
        case "not refining": settings.refinesStillTiles = false
        case "invalid tile size": settings.refinementTileSize = 0
        default: canvas = Canvas(width: 0, height: 0)
        }
        let opening = OpeningPlan(canvas: canvas, options: settings, interfaceColors: .arcScene)
        opening.planHold(frames[frames.count - 1].canvas, changed: frames[0].canvas.bounds)
        opening.endHolds()
        opening.waitUntilPlanned()
        #expect(opening.tables.count == 0)
        if name != "invalid tile size" && name != "empty picture" {
            let took = try write(options: settings, opening: opening).tookOpening
            #expect(!took)
        }
    }

    /// The key a tile of `canvas` is planned under.
    static func key(_ tile: (tile: Int, rect: PixelRect), of canvas: Canvas) -> StillTileTables.Key {
        StillTileTables.Key(tile: tile.tile, hash: StillTileRefiner.hash(AnimationPixels.packedColors(canvas, tile.rect)))
    }

    /// The tiles of a `tileSize` grid over the slide's screen that meet `rect`, worked out here.
    static func tiles(meeting rect: PixelRect, tileSize: Int) -> [(tile: Int, rect: PixelRect)] {
        let screen = frames[0].canvas.bounds, columns = (screen.width + tileSize - 1) / tileSize
        var found: [(tile: Int, rect: PixelRect)] = []
        for row in 0 ..< (screen.height + tileSize - 1) / tileSize {
            for column in 0 ..< columns {
                let tile = PixelRect(x: column * tileSize, y: row * tileSize, width: tileSize, height: tileSize).intersection(screen)
                if !tile.intersection(rect).isEmpty { found.append((row * columns + column, tile)) }
            }
        }
        return found
    }

    @Test static func aLaterHoldsChangedTilesArePlannedAhead() throws {
        let rest = frames[frames.count - 1].canvas
        let changed = try #require(frames.last { $0.sprite != nil }?.sprite)
        let changedTiles = tiles(meeting: changed, tileSize: 16)
        // Within a quarter of the picture's bytes (16 x 16 tiles of 1 KB against 2.7 KB).
        #expect(changedTiles.count * 16 * 16 * 4 <= rest.width * rest.height)
        let opening = OpeningPlan(canvas: frames[0].canvas, options: options(tileSize: 16), interfaceColors: .arcScene)
        opening.planHold(rest, changed: changed)
        opening.endHolds()
        opening.waitUntilPlanned()
        for tile in changedTiles {
            #expect(opening.tables.isKnown(key(tile, of: rest)), "tile \(tile.tile)")
        }
        let withoutHold = OpeningPlan(canvas: frames[0].canvas, options: options(tileSize: 16), interfaceColors: .arcScene)
        withoutHold.endHolds()
        withoutHold.waitUntilPlanned()
        let openingAlone = try write(options: options(tileSize: 16), opening: withoutHold)
        let planned = try write(options: options(tileSize: 16), opening: opening)
        // The last hold's refinements found their tables planned too.
        #expect(planned.tablesAhead > openingAlone.tablesAhead)
        let alone = try write(options: options(tileSize: 16), opening: nil)
        #expect(same(planned.bytes, alone.bytes), "the GIF differs from the one written alone")
    }

    @Test static func holdTilesBeyondAQuarterOfThePictureAreLeftToTheEncoder() throws {
        // A blank first picture is shown exactly by its first image: nothing for the first hold.
        let blank = Canvas(width: frames[0].canvas.width, height: frames[0].canvas.height)
        let opening = OpeningPlan(canvas: blank, options: options(), interfaceColors: .arcScene)
        let rest = frames[frames.count - 1].canvas
        // Of the twelve 32 x 32 tiles (4 KB each against a quarter of 43.2 KB), those showing a
        // colour besides the interface's exact ones are asked for, and the first two wait.
        let exact = try #require(opening.settings).colorsEveryGlobalTableHolds
        let asked = tiles(meeting: rest.bounds, tileSize: 32).filter { tile in
            !AnimationPixels.packedColors(rest, tile.rect).allSatisfy(exact.contains)
        }
        #expect(asked.count > 2)
        opening.planHold(rest, changed: rest.bounds)
        opening.endHolds()
        opening.waitUntilPlanned()
        #expect(opening.tables.count == 2)
        #expect(opening.tables.isKnown(key(asked[0], of: rest)))
        #expect(opening.tables.isKnown(key(asked[1], of: rest)))
    }

    /// A hold asks for no tile that shows only the interface's exact colours (every global
    /// table shows those exactly), and a second hold showing the same tiles plans nothing more.
    @Test static func aHoldAsksForNoTileShowingOnlyExactColours() throws {
        let blank = Canvas(width: frames[0].canvas.width, height: frames[0].canvas.height)
        let opening = OpeningPlan(canvas: blank, options: options(tileSize: 16), interfaceColors: .arcScene)
        let rest = frames[frames.count - 1].canvas
        let exact = try #require(opening.settings).colorsEveryGlobalTableHolds
        let corner = PixelRect(x: 0, y: 0, width: 16, height: 16)
        #expect(AnimationPixels.packedColors(rest, corner).allSatisfy(exact.contains))
        let changed = try #require(frames.last { $0.sprite != nil }?.sprite)
        let asked = tiles(meeting: changed, tileSize: 16)
        #expect(asked.count > 1)
        #expect(asked.allSatisfy { !AnimationPixels.packedColors(rest, $0.rect).allSatisfy(exact.contains) })
        // Small enough to wait whole (16 x 16 tiles of 1 KB against 10.8 KB).
        #expect(asked.count * 16 * 16 * 4 <= rest.width * rest.height)
        opening.planHold(rest, changed: corner)
        opening.planHold(rest, changed: changed)
        opening.planHold(rest, changed: changed)
        opening.endHolds()
        opening.waitUntilPlanned()
        let distinct = Set(asked.map { key($0, of: rest) })
        #expect(opening.tables.count == distinct.count)
        for tile in asked { #expect(opening.tables.isKnown(key(tile, of: rest)), "tile \(tile.tile)") }
    }

    @Test static func stoppingEndsThePlanningAndKeepsItsTables() throws {
        let opening = OpeningPlan(canvas: frames[0].canvas, options: options(tileSize: 8), interfaceColors: .arcScene)
        opening.stop()
        let kept = opening.tables.count
        opening.stop()
        #expect(opening.tables.count == kept)
        // What was planned before the stop still serves, and the bytes are the ones made alone.
        let planned = try write(options: options(tileSize: 8), opening: opening)
        let alone = try write(options: options(tileSize: 8), opening: nil)
        #expect(same(planned.bytes, alone.bytes), "the GIF differs from the one written alone")
    }
}

/// The shared store of still tables: one thread plans a key, the others wait for it.
@Suite enum StillTileTablesTests {
    static let table = StillTileTables.PlannedTile(
        palette: try! PaletteBuilder(maxColors: 4, fixedColors: [RGB8(1, 2, 3), RGB8(4, 5, 6)],
                                     reservesTransparentIndex: true).build(from: ColorHistogram()),
        indices: [0, 1, 1, 0])
    static let key = StillTileTables.Key(tile: 3, hash: 0xFEED)

    @Test static func aKeyIsClaimedOnceAndKnownOncePublished() {
        let tables = StillTileTables()
        guard case .claimed = tables.lookUp(key) else { Issue.record("an unknown key was not claimed"); return }
        #expect(!tables.claimIfFree(key))
        #expect(!tables.isKnown(key))
        tables.publish(key, table)
        #expect(tables.isKnown(key))
        #expect(!tables.claimIfFree(key))
        guard case let .known(found) = tables.lookUp(key) else { Issue.record("a published key was not known"); return }
        #expect(found == table)
        #expect(tables.count == 1)
    }

    @Test static func aFailedPlanIsClaimedAgain() {
        let tables = StillTileTables()
        #expect(tables.claimIfFree(key))
        tables.publish(key, nil)
        #expect(!tables.isKnown(key))
        guard case .claimed = tables.lookUp(key) else { Issue.record("a failed key was not claimed again"); return }
    }

    @Test static func aThreadNeedingAKeyBeingPlannedGetsThatTable() {
        let tables = StillTileTables()
        #expect(tables.claimIfFree(key))
        nonisolated(unsafe) var seen: StillTileTables.PlannedTile?
        let asking = DispatchSemaphore(value: 0), done = DispatchSemaphore(value: 0)
        Thread {
            asking.signal()
            if case let .known(found) = tables.lookUp(key) { seen = found }
            done.signal()
        }.start()
        // Published once the other thread is about to ask, so it almost always waits (what it
        // gets does not depend on whether it did).
        asking.wait()
        Thread.sleep(forTimeInterval: 0.05)
        tables.publish(key, table)
        done.wait()
        #expect(seen == table)
    }
}
