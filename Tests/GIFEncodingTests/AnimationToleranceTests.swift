import Foundation
@testable import GIFEncoding
import GIFTestSupport
import Palette
@testable import Raster
import Testing

/// The error bounds the encoder may trade for size: every shown pixel stays within its
/// nearest palette colour's error plus the tolerance, interface colours stay exact, and the
/// trade does make the file smaller.
@Suite enum AnimationToleranceTests {
    /// The squared distance from `color` to its nearest palette colour, by linear scan.
    static func nearestError(_ color: UInt32, _ palette: [RGB8]) -> Int {
        palette.map { distance($0.packed, color) }.min() ?? 0
    }

    static func distance(_ a: UInt32, _ b: UInt32) -> Int {
        let dr = Int(a >> 16) - Int(b >> 16), dg = Int(a >> 8 & 0xFF) - Int(b >> 8 & 0xFF), db = Int(a & 0xFF) - Int(b & 0xFF)
        return dr * dr + dg * dg + db * db
    }

    static func packed(_ image: RGBAImage, _ index: Int) -> UInt32 {
        let offset = index * 4
        return UInt32(image.pixels[offset]) << 16 | UInt32(image.pixels[offset + 1]) << 8 | UInt32(image.pixels[offset + 2])
    }

    /// Encodes the standard slide and returns the largest excess of a shown pixel's error over
    /// its nearest colour's error (code values), and the file size.
    static func excess(unchanged: Double, lzw: Double) throws -> (excess: Double, outsideSprite: Double, bytes: Int) {
        let frames = AnimationFixtures.standardSlide
        var options = GIFEncodingOptions()
        options.unchangedTolerance = unchanged
        options.lzwTolerance = lzw
        // The bounds are stated against the global table; the refinement of still tiles shows
        // colours of other tables (StillRefinementTests checks it).
        options.refinesStillTiles = false
        let plan = AnimationFixtures.standardPlan
        let (bytes, _) = try AnimationFixtures.encode(frames, options: options, palette: plan)
        let shown = AnimationFixtures.displayed(try GIFReader(bytes: bytes), at: frames.map(\.time))
        var worst = 0.0, worstOutside = 0.0
        var cache: [UInt32: Int] = [:]
        for (k, frame) in frames.enumerated() {
            let expected = frame.canvas.image
            for index in 0 ..< expected.width * expected.height {
                let color = packed(expected, index)
                let nearest: Int
                if let known = cache[color] { nearest = known } else {
                    nearest = nearestError(color, plan.palette.colors)
                    cache[color] = nearest
                }
                let excess = Double(distance(packed(shown[k], index), color)).squareRoot() - Double(nearest).squareRoot()
                worst = max(worst, excess)
                let x = index % expected.width, y = index / expected.width
                if !(frame.sprite.map { $0.contains(PixelRect(x: x, y: y, width: 1, height: 1)) } ?? false) {
                    worstOutside = max(worstOutside, excess)
                }
            }
        }
        return (worst, worstOutside, bytes.count)
    }

    @Test static func withoutToleranceEveryPixelShowsItsNearestColour() throws {
        let result = try excess(unchanged: 0, lzw: 0)
        #expect(result.excess < 1e-9)
    }

    @Test static func theDefaultsApproximateOnlyTheMovingSprite() throws {
        let defaults = GIFEncodingOptions()
        let result = try excess(unchanged: defaults.unchangedTolerance, lzw: defaults.lzwTolerance)
        #expect(result.excess <= defaults.lzwTolerance + 1e-9)
        #expect(result.outsideSprite < 1e-9)
    }

    @Test static func theLZWToleranceBoundsTheErrorOnTheSpriteOnly() throws {
        let plain = try excess(unchanged: 0, lzw: 0)
        let traded = try excess(unchanged: 0, lzw: 12)
        #expect(traded.excess <= 12 + 1e-9)
        #expect(traded.excess > 0)  // it did change something
        #expect(traded.outsideSprite < 1e-9)
        #expect(traded.bytes < plain.bytes)
    }

    @Test static func theUnchangedToleranceBoundsTheErrorEverywhere() throws {
        let traded = try excess(unchanged: 6, lzw: 0)
        #expect(traded.excess <= 6 + 1e-9)
    }
}
