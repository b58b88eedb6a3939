import SharedTestSupport
import Testing
@testable import Raster

@Suite enum CircularLayerTests {
    static let backdrop = PremultipliedColor(premultipliedRed: 10, green: 20, blue: 30, alpha: 255)

    /// A 50×50 opaque image whose red is 4·column and green 4·row: bilinear filtering of a
    /// linear ramp gives the ramp itself, so the expected sample is known in closed form.
    static let ramp: RGBAImage = {
        var bytes: [UInt8] = []
        for row in 0 ..< 50 {
            for column in 0 ..< 50 { bytes += [UInt8(4 * column), UInt8(4 * row), 0, 255] }
        }
        return RGBAImage(width: 50, height: 50, pixels: bytes, isPremultiplied: true)
    }()

    /// Squared distances from `c` to the nearest point and the farthest corner of pixel (x, y).
    static func distances(_ x: Int, _ y: Int, _ c: Point) -> (nearest: Double, farthest: Double) {
        let nx = min(max(c.x, Double(x)), Double(x + 1)) - c.x, ny = min(max(c.y, Double(y)), Double(y + 1)) - c.y
        let fx = max(abs(Double(x) - c.x), abs(Double(x + 1) - c.x))
        let fy = max(abs(Double(y) - c.y), abs(Double(y + 1) - c.y))
        return (nx * nx + ny * ny, fx * fx + fy * fy)
    }

    /// The avatar (50 pt, border 2 pt, green) at scales 1 to 4, at seeded sub-pixel centres.
    @Test(arguments: [1, 2, 3, 4])
    static func borderedAvatar(scale: Int) throws {
        let s = Double(scale)
        var generator = SeededGenerator(seed: UInt64(scale) * 1234)
        for _ in 0 ..< 3 {
            let center = Point(x: 60 * s + generator.double(in: 0 ... 1), y: 40 * s + generator.double(in: 0 ... 1))
            let radius = 25 * s, border = 2 * s
            let layer = CircularLayer(center: center, radius: radius, borderWidth: border, borderColor: .green,
                                      contents: ramp)
            var canvas = Canvas(width: Int(120 * s), height: Int(90 * s), color: backdrop)
            canvas.draw(layer)
            var ringPixels = 0, changedOutside = 0, wrongRing = 0
            for y in 0 ..< canvas.height {
                for x in 0 ..< canvas.width {
                    let (nearest, farthest) = distances(x, y, center)
                    let pixel = canvas.pixel(x: x, y: y)
                    if nearest >= radius * radius || !layer.pixelBounds.contains(PixelRect(x: x, y: y, width: 1, height: 1)) {
                        if pixel != backdrop { changedOutside += 1 }
                    } else if nearest >= (radius - border) * (radius - border) && farthest <= radius * radius {
                        if pixel != .green { wrongRing += 1 }
                        ringPixels += 1
                    }
                }
            }
            #expect(changedOutside == 0)
            #expect(wrongRing == 0)
            #expect(Double(ringPixels) > 2 * Double.pi * (radius - 1) * (border - 1.5))

            // The centre pixel shows the image sample: u = (px + 0.5 − x0)·50/(2r) − 0.5, red = 4u.
            let px = Int(center.x.rounded(.down)), py = Int(center.y.rounded(.down))
            let u = (Double(px) + 0.5 - (center.x - radius)) * 50 / (2 * radius) - 0.5
            let v = (Double(py) + 0.5 - (center.y - radius)) * 50 / (2 * radius) - 0.5
            for value in [4 * u, 4 * v] {
                let fraction = value - value.rounded(.down)
                try #require(abs(fraction - 0.5) > 0.01, "sample too close to a rounding tie to check exactly")
            }
            let expected = PremultipliedColor(premultipliedRed: UInt8((4 * u).rounded()), green: UInt8((4 * v).rounded()),
                                              blue: 0, alpha: 255)
            #expect(canvas.pixel(x: px, y: py) == expected)
        }
    }

    @Test static func backgroundShowsThroughTransparentContentsAndIsClippedToTheDisc() {
        let center = Point(x: 20.3, y: 20.6)
        let clear = RGBAImage(width: 2, height: 2, pixels: [UInt8](repeating: 0, count: 16), isPremultiplied: true)
        let layer = CircularLayer(center: center, radius: 10, borderWidth: 0, borderColor: .green,
                                  backgroundColor: .blue, contents: clear)
        var canvas = Canvas(width: 40, height: 40, color: .white)
        canvas.draw(layer)
        let reference = Disc(center: center, radius: 10).coverageMask(clippedTo: canvas.bounds)
        for y in 0 ..< 40 {
            for x in 0 ..< 40 {
                // Blue at coverage c over white: red and green 255·(1 − c), rounded once.
                let c = Double(reference.coverage(x: x, y: y)) / Double(CoverageMask.full)
                let rest = UInt8((255 * (1 - c) + 0.5).rounded(.down))
                #expect(canvas.pixel(x: x, y: y) == PremultipliedColor(premultipliedRed: rest, green: rest, blue: 255, alpha: 255))
            }
        }
    }

    /// The layer equals its three steps done by hand: background through the disc, contents
    /// through the disc, then the ring.
    @Test(arguments: [1, 2, 3])
    static func layerIsItsThreeSteps(scale: Int) {
        let s = Double(scale)
        let center = Point(x: 40.37 * s, y: 33.81 * s)
        let layer = CircularLayer(center: center, radius: 25 * s, borderWidth: 2 * s, borderColor: .green,
                                  backgroundColor: .blue, contents: ramp)
        var canvas = Canvas(width: 80 * scale, height: 70 * scale, color: backdrop)
        var expected = canvas
        canvas.draw(layer)
        let disc = Disc(center: center, radius: 25 * s).coverageMask(clippedTo: expected.bounds)
        expected.fill(disc, with: .blue)
        expected.draw(ramp, in: SubpixelRect(center: center, radius: 25 * s), through: disc)
        expected.fill(Ring(center: center, outerRadius: 25 * s, innerRadius: 23 * s), with: .green)
        #expect(canvas == expected)
    }

    @Test static func borderOnlyLayerIsTheRing() {
        let center = Point(x: 15.25, y: 14.75)
        var canvas = Canvas(width: 32, height: 32, color: .white)
        canvas.draw(CircularLayer(center: center, radius: 12, borderWidth: 2, borderColor: .green))
        var expected = Canvas(width: 32, height: 32, color: .white)
        expected.fill(Ring(center: center, outerRadius: 12, innerRadius: 10), with: .green)
        #expect(canvas == expected)
    }

    @Test static func clipLimitsTheChangedPixels() {
        let layer = CircularLayer(center: Point(x: 16, y: 16), radius: 10, borderWidth: 2, borderColor: .green,
                                  backgroundColor: .blue)
        var canvas = Canvas(width: 32, height: 32, color: .white)
        let clip = PixelRect(x: 0, y: 0, width: 16, height: 32)
        canvas.draw(layer, clip: clip)
        for y in 0 ..< 32 {
            for x in 16 ..< 32 { #expect(canvas.pixel(x: x, y: y) == .white) }
        }
        #expect(canvas.pixel(x: 15, y: 16) == .blue)
        #expect(layer.pixelBounds == PixelRect(x: 6, y: 6, width: 20, height: 20))
    }

    /// A layer made once and moved draws what a layer made at its new centre draws, over a
    /// background, for opaque contents and for contents with one translucent pixel in the
    /// middle, under which the background must show (the three steps done by hand fill the
    /// whole disc with it).
    @Test(arguments: [255, 128] as [UInt8])
    static func movedLayerDrawsAsOneMadeThere(middleAlpha: UInt8) {
        var pixels = ramp.pixels
        let middle = (25 * 50 + 25) * 4
        for channel in 0 ..< 4 { pixels[middle + channel] = UInt8(Int(pixels[middle + channel]) * Int(middleAlpha) / 255) }
        let image = RGBAImage(width: 50, height: 50, pixels: pixels, isPremultiplied: true)
        func layer(at center: Point) -> CircularLayer {
            CircularLayer(center: center, radius: 25, borderWidth: 2, borderColor: .green, backgroundColor: .blue,
                          contents: image)
        }
        var moved = layer(at: Point(x: 0, y: 0))
        #expect(moved.contentsAreOpaque == (middleAlpha == 255))
        for center in [Point(x: 30.2, y: 31.7), Point(x: 41.93, y: 28.05)] {
            moved.center = center
            var canvas = Canvas(width: 80, height: 70, color: backdrop), madeThere = canvas, byHand = canvas
            canvas.draw(moved)
            madeThere.draw(layer(at: center))
            #expect(canvas == madeThere)
            let disc = Disc(center: center, radius: 25).coverageMask(clippedTo: byHand.bounds)
            byHand.fill(disc, with: .blue)
            byHand.draw(image, in: SubpixelRect(center: center, radius: 25), through: disc)
            byHand.fill(Ring(center: center, outerRadius: 25, innerRadius: 23), with: .green)
            #expect(canvas == byHand)
        }
    }

    @Test static func contentsAreOpaqueOnlyWhenEveryPixelIs() {
        let clear = RGBAImage(width: 1, height: 1, pixels: [0, 0, 0, 0], isPremultiplied: true)
        #expect(CircularLayer(center: Point(x: 5, y: 5), radius: 4, borderWidth: 0, borderColor: .green,
                              contents: ramp).contentsAreOpaque)
        #expect(!CircularLayer(center: Point(x: 5, y: 5), radius: 4, borderWidth: 0, borderColor: .green,
                               contents: clear).contentsAreOpaque)
        #expect(!CircularLayer(center: Point(x: 5, y: 5), radius: 4, borderWidth: 0, borderColor: .green).contentsAreOpaque)
    }
}
