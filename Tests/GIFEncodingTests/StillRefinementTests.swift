@testable import GIFEncoding
import GIFTestSupport
import Palette
import Raster
import Testing

/// Still tiles redrawn with tables of their own on frames that change nothing, and the first
/// image's own table: decoded with giflib and compared with the rendered frames.
@Suite enum StillRefinementTests {
    /// A slide with long holds, so idle frames are there to carry refinements.
    static let frames = AnimationFixtures.slide(avatarRadius: 14, holdFrames: 14, moveFrames: 10)

    /// Options with a small global table, so still pictures band without refinement.
    static func options(refining: Bool) -> GIFEncodingOptions {
        var options = GIFEncodingOptions(colors: 16)
        options.qualityTarget = nil
        options.refinesStillTiles = refining
        options.refinementTileSize = 32
        return options
    }

    /// Sum over R, G and B of the squared differences of two opaque images.
    static func squaredError(_ truth: RGBAImage, _ shown: RGBAImage) -> Int {
        var total = 0
        for offset in stride(from: 0, to: truth.pixels.count, by: 4) {
            for channel in 0 ..< 3 {
                let difference = Int(truth.pixels[offset + channel]) - Int(shown.pixels[offset + channel])
                total += difference * difference
            }
        }
        return total
    }

    static func decode(refining: Bool) throws -> (gif: GIFReader, shown: [RGBAImage], statistics: AnimationEncodingStatistics) {
        let (bytes, statistics) = try AnimationFixtures.encode(frames, options: options(refining: refining))
        let gif = try GIFReader(bytes: bytes)
        return (gif, AnimationFixtures.displayed(gif, at: frames.map(\.time)), statistics)
    }

    @Test static func idleFramesCarryRefinementsThatLowerTheError() throws {
        let plain = try decode(refining: false)
        let refined = try decode(refining: true)
        #expect(plain.statistics.refinementFrames == 0)
        #expect(refined.statistics.refinementFrames > 0)
        #expect(refined.gif.frames.filter { $0.localPalette != nil }.count >= refined.statistics.refinementFrames)
        // The last hold ends far closer to the true frame than the global table shows it.
        let last = frames.count - 1
        let plainError = squaredError(frames[last].canvas.image, plain.shown[last])
        let refinedError = squaredError(frames[last].canvas.image, refined.shown[last])
        #expect(refinedError * 4 < plainError, "refined \(refinedError), plain \(plainError)")
        // No sample is worse in total than without refinement.
        for k in frames.indices {
            let truth = frames[k].canvas.image
            #expect(squaredError(truth, refined.shown[k]) <= squaredError(truth, plain.shown[k]), "frame \(k)")
        }
    }

    @Test static func refinementsKeepTheTimingAndTheExactColours() throws {
        let plain = try decode(refining: false)
        let refined = try decode(refining: true)
        #expect(plain.statistics.totalCentiseconds == refined.statistics.totalCentiseconds)
        #expect(refined.statistics.framesReceived == frames.count)
        for k in frames.indices {
            let truth = frames[k].canvas.image.pixels, shown = refined.shown[k].pixels
            for offset in stride(from: 0, to: truth.count, by: 4) {
                let colour = (truth[offset], truth[offset + 1], truth[offset + 2])
                let flat = colour == (255, 255, 255) || colour == (255, 0, 0) || colour == (0, 255, 0) || colour == (0, 0, 255)
                if flat, (shown[offset], shown[offset + 1], shown[offset + 2]) != colour {
                    Issue.record("frame \(k), pixel \(offset / 4): \(colour) is not shown exactly")
                    return
                }
            }
        }
    }

    @Test static func theFirstImageHasATableOfItsOwn() throws {
        let refined = try decode(refining: true)
        let first = try #require(refined.gif.frames.first)
        #expect(first.localPalette != nil)
        #expect(first.rect == PixelRect(x: 0, y: 0, width: frames[0].canvas.width, height: frames[0].canvas.height))
        let plain = try decode(refining: false)
        #expect(squaredError(frames[0].canvas.image, refined.shown[0]) < squaredError(frames[0].canvas.image, plain.shown[0]))
    }

    @Test static func aRefinementTooShortToShowIsDropped() throws {
        // A short final hold: its idle frames still carry refinements. Ending the animation
        // 1 cs after the last frame leaves that frame's refinement under 2 cs, so it goes, and
        // the image before it runs to the end.
        let short = AnimationFixtures.slide(avatarRadius: 14, holdFrames: 2, moveFrames: 10)
        let last = short[short.count - 1].time
        let full = try AnimationFixtures.encode(short, options: options(refining: true), duration: last + 0.02)
        let cut = try AnimationFixtures.encode(short, options: options(refining: true), duration: last + 0.01)
        #expect(cut.statistics.refinementFrames == full.statistics.refinementFrames - 1)
        let gif = try GIFReader(bytes: cut.bytes)
        #expect(gif.frames.allSatisfy { $0.delayCentiseconds >= 2 })
        #expect(gif.frames.reduce(0) { $0 + $1.delayCentiseconds } == Int(((last + 0.01) * 100).rounded()))
        // The first image and every counted refinement carry their own tables.
        #expect(gif.frames.filter { $0.localPalette != nil }.count == cut.statistics.refinementFrames + 1)
    }

    @Test static func theSameFramesGiveTheSameBytes() throws {
        let first = try AnimationFixtures.encode(frames, options: options(refining: true)).bytes
        let second = try AnimationFixtures.encode(frames, options: options(refining: true)).bytes
        #expect(first == second)
    }
}
