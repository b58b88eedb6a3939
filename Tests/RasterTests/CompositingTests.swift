import Testing
@testable import Raster

@Suite enum CompositingTests {
    typealias RGBA = (UInt8, UInt8, UInt8, UInt8)

    /// One pixel of `destination` with `color` composited at `coverage`.
    static func composite(_ color: PremultipliedColor, coverage: UInt16, over destination: PremultipliedColor) -> [UInt8] {
        var canvas = Canvas(width: 1, height: 1, color: destination)
        canvas.fill(CoverageMask(rect: canvas.bounds, coverage: coverage), with: color)
        return canvas.pixels
    }

    static let white = PremultipliedColor.white
    static let half = CoverageMask.full / 2
    static let quarter = CoverageMask.full / 4

    @Test static func halfCoverageRedOverWhite() {
        // Green and blue: 255 · (1 − 0.5) = 127.5, rounded half up.
        #expect(CoverageMask.quantize(0.5) == half)
        #expect(composite(.red, coverage: half, over: white) == [255, 128, 128, 255])
    }

    /// Each expectation worked out by hand from out = s·c + d·(1 − sa·c/255).
    @Test static func handComputedBlends() {
        // 255 · 0.75 = 191.25.
        #expect(composite(.red, coverage: quarter, over: white) == [255, 191, 191, 255])
        // Blue at 75% over opaque black: 191.25 blue, alpha 191.25 + 255 · 0.25 = 255.
        #expect(composite(.blue, coverage: 3 * quarter, over: .black) == [0, 0, 191, 255])
        // Red at 50% over nothing: 127.5 in red and alpha.
        #expect(composite(.red, coverage: half, over: .clear) == [128, 0, 0, 128])
        // Half-transparent red, fully covered, over white: 128 + 255 · 127/255 = 255; 127.
        let halfRed = PremultipliedColor(red: 255, green: 0, blue: 0, alpha: 128)
        #expect(halfRed == PremultipliedColor(premultipliedRed: 128, green: 0, blue: 0, alpha: 128))
        #expect(composite(halfRed, coverage: CoverageMask.full, over: white) == [255, 127, 127, 255])
        // The same at 50% over blue: effective alpha 64; red 64, blue 255 − 64, alpha 255.
        #expect(composite(halfRed, coverage: half, over: .blue) == [64, 0, 191, 255])
        // Red at 50% over premultiplied (0,0,100,100): red 127.5, blue 50, alpha 127.5 + 50.
        let faintBlue = PremultipliedColor(premultipliedRed: 0, green: 0, blue: 100, alpha: 100)
        #expect(composite(.red, coverage: half, over: faintBlue) == [128, 0, 50, 178])
        // A third of a pixel of green over white: red and blue 255 · 2/3 = 170.
        #expect(composite(.green, coverage: CoverageMask.quantize(1.0 / 3.0), over: white) == [170, 255, 170, 255])
        // No coverage changes nothing; full coverage of an opaque colour replaces.
        #expect(composite(.green, coverage: 0, over: faintBlue) == [0, 0, 100, 100])
        #expect(composite(.green, coverage: CoverageMask.full, over: faintBlue) == [0, 255, 0, 255])
    }

    @Test static func quantizationRoundsHalfUpAndClamps() {
        #expect(CoverageMask.quantize(-1) == 0)
        #expect(CoverageMask.quantize(.nan) == 0)
        #expect(CoverageMask.quantize(2) == CoverageMask.full)
        #expect(CoverageMask.quantize(1.5 / 32768) == 2)
        #expect(CoverageMask.quantize(1.49 / 32768) == 1)
    }

    @Test static func fillRectReplacesOnlyInsideTheCanvas() {
        var canvas = Canvas(width: 4, height: 3, color: .white)
        canvas.fill(PixelRect(x: 2, y: 1, width: 10, height: 10), with: PremultipliedColor(premultipliedRed: 1, green: 2, blue: 3, alpha: 4))
        #expect(canvas.pixel(x: 1, y: 1) == .white)
        #expect(canvas.pixel(x: 3, y: 2) == PremultipliedColor(premultipliedRed: 1, green: 2, blue: 3, alpha: 4))
        #expect(canvas.pixel(x: 2, y: 0) == .white)
        #expect(canvas.pixel(x: 4, y: 0) == nil)
    }

    @Test static func copyRestoresARectangleAndNothingElse() {
        let background = Canvas(width: 6, height: 5, color: .white)
        var canvas = background
        canvas.fill(.blue)
        canvas.copy(PixelRect(x: 1, y: 2, width: 3, height: 2), from: background)
        for y in 0 ..< 5 {
            for x in 0 ..< 6 {
                let inside = (1 ..< 4).contains(x) && (2 ..< 4).contains(y)
                #expect(canvas.pixel(x: x, y: y) == (inside ? .white : .blue))
            }
        }
        // A smaller source gives only the overlap; nothing outside the canvases is touched.
        canvas.fill(.blue)
        canvas.copy(PixelRect(x: -3, y: -3, width: 100, height: 100), from: Canvas(width: 2, height: 1, color: .red))
        #expect(canvas.pixel(x: 1, y: 0) == .red)
        #expect(canvas.pixel(x: 2, y: 0) == .blue)
        #expect(canvas.pixel(x: 0, y: 1) == .blue)
    }

    @Test static func aCroppedPatchPastedElsewhereCarriesExactlyItsPixels() {
        // Every pixel distinct: red = x, green = y, blue = x + y, opaque.
        var source = Canvas(width: 7, height: 5)
        for y in 0 ..< 5 {
            for x in 0 ..< 7 {
                source.fill(PixelRect(x: x, y: y, width: 1, height: 1),
                            with: PremultipliedColor(premultipliedRed: UInt8(x), green: UInt8(y), blue: UInt8(x + y), alpha: 255))
            }
        }
        let patch = source.cropped(to: PixelRect(x: 2, y: 1, width: 4, height: 3))
        #expect(patch.width == 4 && patch.height == 3)
        for y in 0 ..< 3 {
            for x in 0 ..< 4 { #expect(patch.pixel(x: x, y: y) == source.pixel(x: x + 2, y: y + 1)) }
        }
        // Cropping clips to the canvas.
        let clipped = source.cropped(to: PixelRect(x: 5, y: 3, width: 10, height: 10))
        #expect(clipped.width == 2)
        #expect(clipped.height == 2)
        #expect(clipped.pixel(x: 1, y: 1) == source.pixel(x: 6, y: 4))
        #expect(source.cropped(to: PixelRect(x: 9, y: 9, width: 2, height: 2)).width == 0)
        // A rectangle with rows but no columns gives an empty canvas.
        #expect(source.cropped(to: PixelRect(x: 3, y: 1, width: 0, height: 3)).image.pixels.isEmpty)
        var target = Canvas(width: 6, height: 6, color: .white)
        target.paste(patch, atX: 1, y: 2)
        for y in 0 ..< 6 {
            for x in 0 ..< 6 {
                let inside = (1 ..< 5).contains(x) && (2 ..< 5).contains(y)
                #expect(target.pixel(x: x, y: y) == (inside ? source.pixel(x: x + 1, y: y - 1) : .white))
            }
        }
        // An empty patch changes nothing.
        target.paste(Canvas(width: 0, height: 0), atX: 6, y: 6)
        #expect(target.pixel(x: 5, y: 5) == .white)
    }

    @Test static func fillingAShapeClipsToTheCanvasAndReturnsItsMask() {
        var canvas = Canvas(width: 8, height: 8, color: .white)
        let mask = canvas.fill(Disc(center: Point(x: 0, y: 0), radius: 5), with: .red)
        #expect(canvas.bounds.contains(mask.bounds))
        #expect(canvas.pixel(x: 0, y: 0) == .red)
        #expect(canvas.pixel(x: 7, y: 7) == .white)
        #expect(canvas.image == RGBAImage(width: 8, height: 8, pixels: canvas.pixels, isPremultiplied: true))
    }
}
