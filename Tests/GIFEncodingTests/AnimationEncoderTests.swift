import Foundation
@testable import GIFEncoding
import GIFTestSupport
@testable import Palette
@testable import Raster
import Testing

/// What a viewer sees of an encoded animation: flat colours exact, pictures close, and the
/// same bytes on every run.
@Suite enum AnimationEncoderTests {
    static let flatColors: Set<UInt32> = [0xFFFFFF, 0xFF0000, 0x00FF00, 0x0000FF]

    /// Straight RGB of pixel `index` of an opaque image, packed.
    static func packed(_ image: RGBAImage, _ index: Int) -> UInt32 {
        let offset = index * 4
        return UInt32(image.pixels[offset]) << 16 | UInt32(image.pixels[offset + 1]) << 8 | UInt32(image.pixels[offset + 2])
    }

    /// Decodes `bytes` and checks every rendered frame against what the GIF shows at its time:
    /// flat-colour pixels exact, PSNR at least `minimumPSNR`. Returns the mean PSNR.
    @discardableResult
    static func checkDisplayed(_ bytes: [UInt8], _ frames: [AnimationFixtures.Frame], minimumPSNR: Double = 38) throws -> Double {
        let gif = try GIFReader(bytes: bytes)
        let shown = AnimationFixtures.displayed(gif, at: frames.map(\.time))
        var total = 0.0
        for (k, frame) in frames.enumerated() {
            let expected = frame.canvas.image
            var flatMismatches = 0
            for index in 0 ..< expected.width * expected.height {
                let color = packed(expected, index)
                if flatColors.contains(color), packed(shown[k], index) != color { flatMismatches += 1 }
                #expect(shown[k].pixels[index * 4 + 3] == 255)
            }
            #expect(flatMismatches == 0, "frame \(k): \(flatMismatches) flat-colour pixels changed")
            let psnr = try #require(ImageQuality.psnr(shown[k], expected))
            #expect(psnr >= minimumPSNR, "frame \(k): \(psnr) dB")
            total += min(psnr, 99)
        }
        return total / Double(frames.count)
    }

    @Test(arguments: DitherMode.allCases)
    static func displayedFramesMatchTheRenderedOnes(dither: DitherMode) throws {
        let frames = AnimationFixtures.standardSlide
        var options = GIFEncodingOptions()
        options.dither = dither
        options.lzwTolerance = 0
        // Counted without the refinements that idle frames would otherwise carry.
        options.refinesStillTiles = false
        let (bytes, statistics) = try AnimationFixtures.encode(frames, options: options, palette: AnimationFixtures.standardPlan)
        try checkDisplayed(bytes, frames)
        // Every moving frame changes something; the holds merge into their neighbours (with
        // an LZW tolerance, the first hold frame would also restore the sprite's exact colours).
        #expect(statistics.framesWritten == 1 + 12)
        #expect(statistics.identicalFramesMerged == 2 * 3 - 1)
    }

    @Test static func toleranceKeepsFlatColoursExactAndQualityAbove38dB() throws {
        let frames = AnimationFixtures.standardSlide
        var options = GIFEncodingOptions()
        options.unchangedTolerance = 6
        let (bytes, _) = try AnimationFixtures.encode(frames, options: options, palette: AnimationFixtures.standardPlan)
        try checkDisplayed(bytes, frames)
    }

    @Test(arguments: [false, true])
    static func localTablesDecodeToTheSamePicture(local: Bool) throws {
        let frames = AnimationFixtures.standardSlide
        var options = GIFEncodingOptions()
        options.localColorTables = local
        // Only the variant choice may use local tables here (no first-image table, no refinements).
        options.refinesStillTiles = false
        let (bytes, statistics) = try AnimationFixtures.encode(frames, options: options, palette: AnimationFixtures.standardPlan)
        try checkDisplayed(bytes, frames)
        if !local { #expect(statistics.localTableFrames == 0) }
    }

    /// Encodes the standard slide, each frame with what `prepare` gives for it (the frame,
    /// the encoder's own preparer).
    static func encodeSlide(options: GIFEncodingOptions,
                            prepare: (AnimationFixtures.Frame, FramePreparer) -> PreparedFrame?) throws -> [UInt8] {
        let frames = AnimationFixtures.standardSlide
        let encoder = try AnimationEncoder(palette: AnimationFixtures.standardPlan, options: options)
        let preparer = encoder.makePreparer()
        for frame in frames {
            try encoder.addFrame(frame.canvas, time: frame.time, damage: frame.damage, spriteBounds: frame.sprite,
                                 prepared: prepare(frame, preparer))
        }
        try encoder.finish(totalDuration: Double(frames.count) / 50)
        return try GIFStreamWriter.bytes(of: encoder.takeParts())
    }

    /// Frames prepared ahead (as the drawing thread does) give the very bytes of frames the
    /// encoder maps itself; a preparation of another rectangle, or another encoder's, is not
    /// used; and a preparation that fits is used (wrong indices in it show in the bytes).
    @Test(arguments: DitherMode.allCases)
    static func preparedFramesGiveTheSameBytes(dither: DitherMode) throws {
        var options = GIFEncodingOptions()
        options.dither = dither
        let plain = try AnimationFixtures.encode(AnimationFixtures.standardSlide, options: options,
                                                 palette: AnimationFixtures.standardPlan).bytes
        var prepared = 0
        let ahead = try encodeSlide(options: options) { frame, preparer in
            let made = preparer.prepare(frame.canvas, damage: frame.damage ?? frame.canvas.bounds, spriteBounds: frame.sprite)
            if made != nil { prepared += 1 }
            return made
        }
        #expect(ahead == plain)
        #expect(prepared >= 12)
        let shifted = try encodeSlide(options: options) { frame, preparer in
            guard let damage = frame.damage, !damage.isEmpty else { return nil }
            return preparer.prepare(frame.canvas, damage: PixelRect(x: damage.x + 1, y: damage.y, width: damage.width,
                                                                    height: damage.height),
                                    spriteBounds: frame.sprite)
        }
        #expect(shifted == plain)
        let other = try AnimationEncoder(palette: AnimationFixtures.standardPlan, options: options).makePreparer()
        let foreign = try encodeSlide(options: options) { frame, _ in
            other.prepare(frame.canvas, damage: frame.damage ?? frame.canvas.bounds, spriteBounds: frame.sprite)
                .map { PreparedFrame(region: $0.region, colors: $0.colors, indices: $0.indices.map { _ in 0 }, source: $0.source) }
        }
        #expect(foreign == plain)
        let wrong = try encodeSlide(options: options) { frame, preparer in
            preparer.prepare(frame.canvas, damage: frame.damage ?? frame.canvas.bounds, spriteBounds: frame.sprite)
                .map { PreparedFrame(region: $0.region, colors: $0.colors, indices: $0.indices.map { _ in 0 }, source: $0.source) }
        }
        #expect(wrong != plain)
    }

    @Test static func twoRunsGiveIdenticalBytes() throws {
        // Planning included: two planners fed the same frames give the same palette.
        let frames = AnimationFixtures.slide(moveFrames: 6)
        var options = GIFEncodingOptions()
        options.dither = .ordered
        options.qualityTarget = 30
        let first = try AnimationFixtures.encode(frames, options: options).bytes
        let second = try AnimationFixtures.encode(frames, options: options).bytes
        #expect(first == second)
        #expect(first.starts(with: Array("GIF89a".utf8)))
    }

    @Test static func staticAnimationIsOneFrameWithTheFullDuration() throws {
        let still = AnimationFixtures.background(width: 64, height: 48, avatarRadius: 10)
        let frames = (0 ..< 40).map { AnimationFixtures.Frame(canvas: still, time: Double($0) / 30, damage: nil, sprite: nil) }
        let (bytes, statistics) = try AnimationFixtures.encode(frames, duration: 40.0 / 30)
        let gif = try GIFReader(bytes: bytes)
        #expect(gif.frames.count == 1)
        #expect(gif.frames.first?.delayCentiseconds == 133)  // round(100 · 4/3)
        #expect(statistics.identicalFramesMerged == 39)
        try checkDisplayed(bytes, frames)
    }

    @Test static func stillPicturesInADamageRectangleNeverShowAsChanges() throws {
        // Every frame claims the whole screen changed, but nothing did: with screen-anchored
        // dithering a still pixel maps the same way every time, so the frames all merge.
        let still = AnimationFixtures.background(width: 80, height: 60, avatarRadius: 14)
        let frames = (0 ..< 6).map { AnimationFixtures.Frame(canvas: still, time: Double($0) / 50, damage: still.bounds, sprite: nil) }
        for dither in DitherMode.allCases {
            var options = GIFEncodingOptions()
            options.dither = dither
            // With refinement, idle frames would carry sharper tiles instead (StillRefinementTests).
            options.refinesStillTiles = false
            let (bytes, _) = try AnimationFixtures.encode(frames, options: options)
            #expect(try GIFReader(bytes: bytes).frames.count == 1, "\(dither)")
        }
    }

    @Test static func headerCarriesTheLoopCountAndGlobalPalette() throws {
        let frames = AnimationFixtures.standardSlide
        var options = GIFEncodingOptions()
        options.loopCount = 3
        let plan = AnimationFixtures.standardPlan
        let gif = try GIFReader(bytes: try AnimationFixtures.encode(frames, options: options, palette: plan).bytes)
        #expect(gif.loopCount == 3)
        #expect(gif.version == "89a")
        #expect(gif.globalPalette == plan.palette.tableColors)
        #expect(gif.frames.allSatisfy { $0.disposal == .keep })
        options.loopCount = nil
        #expect(try GIFReader(bytes: try AnimationFixtures.encode(frames, options: options, palette: plan).bytes).loopCount == nil)
    }
}
