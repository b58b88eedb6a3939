@testable import ArcScene
@testable import GIFEncoding
@testable import Raster
@testable import RenderGIF
import Testing

/// The palette plan hands every hold after the first to the opening plan, in the order they
/// show, so the still tables the encoder refines them with are planned ahead.
@Suite enum PalettePlanHoldTests {
    /// The head visits buttons 1 and 3, comes back to 0, then goes to 2 and back to 1 (the
    /// default animation's taps): two holds return to places held before. For every hold after
    /// the first, each tile the head's leaving or arriving changed, unless it shows only the
    /// interface's exact colours, has its table planned for what that hold shows there.
    @Test static func everyLaterHoldsChangedTilesArePlannedAhead() throws {
        let timeline = try SceneFixtures.timeline(taps: [1, 3, 0, 2, 1])
        var renderer = FrameRenderer(layout: timeline.layout, scale: 2, images: SceneFixtures.images())
        let fps = 10
        let states = try (0 ..< timeline.frameCount(fps: fps)).map { timeline.state(at: try timeline.frameTime($0, fps: fps)) }
        var options = GIFEncodingOptions()
        options.isParallel = true
        var first = renderer
        _ = first.render(states[0])
        let opening = OpeningPlan(canvas: first.canvas, options: options, interfaceColors: .arcScene)
        _ = try PalettePlan.make(renderer: &renderer, states: states, options: options, interfaceColors: .arcScene,
                                 opening: opening)
        opening.waitUntilPlanned()
        let settings = try #require(opening.settings)
        let exact = settings.colorsEveryGlobalTableHolds

        // The holds in the order they show, each drawn from nothing.
        var holds: [SceneState] = []
        for state in states where !state.dynamicLayer.isMoving && holds.last?.dynamicLayer != state.dynamicLayer {
            holds.append(state)
        }
        #expect(holds.count == 6)
        let tileSize = settings.tileSize, columns = (settings.width + tileSize - 1) / tileSize
        var checked = 0, missing: [String] = [], asked = Set<StillTileTables.Key>()
        // The head's pixels at a hold, from a renderer drawing that hold first.
        func sprite(_ state: SceneState) -> PixelRect {
            var fresh = renderer
            return fresh.render(state).spriteBounds
        }
        for (index, (before, hold)) in zip(holds, holds.dropFirst()).enumerated() {
            let picture = renderer.fullRedraw(hold)
            let changed = sprite(before).union(sprite(hold)).intersection(picture.bounds)
            for row in changed.y / tileSize ... (changed.maxY - 1) / tileSize {
                for column in changed.x / tileSize ... (changed.maxX - 1) / tileSize {
                    let rect = PixelRect(x: column * tileSize, y: row * tileSize, width: tileSize, height: tileSize)
                        .intersection(picture.bounds)
                    var colors: [UInt32] = []
                    for y in rect.y ..< rect.maxY {
                        for x in rect.x ..< rect.maxX {
                            let offset = (y * picture.width + x) * 4
                            let bytes = picture.image.pixels
                            colors.append(UInt32(bytes[offset]) << 16 | UInt32(bytes[offset + 1]) << 8 | UInt32(bytes[offset + 2]))
                        }
                    }
                    guard !colors.allSatisfy(exact.contains) else { continue }
                    checked += 1
                    let key = StillTileTables.Key(tile: row * columns + column, hash: StillTileRefiner.hash(colors))
                    asked.insert(key)
                    if !opening.tables.isKnown(key) { missing.append("tile \(key.tile) of hold \(index + 1)") }
                }
            }
        }
        #expect(checked > 20)
        // Asked for all at once while the opening is still at the first image: they must wait
        // whole, within a quarter of the picture's bytes, or this checks the queue's limit.
        #expect(asked.count * tileSize * tileSize * 4 <= settings.width * settings.height)
        #expect(missing.isEmpty, "\(missing.count) tiles not planned ahead: \(missing.prefix(4))")
    }
}
