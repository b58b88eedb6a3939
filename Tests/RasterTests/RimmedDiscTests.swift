import SharedTestSupport
import Testing
@testable import Raster

/// The touch indicator's raster shape: the disc's exact coverage, the rim over it, and
/// source-over in premultiplied RGBA8.
@Suite enum RimmedDiscTests {
    /// The default indicator (32 pt) at scales 1 to 3, and a small one.
    static let radii = [16.0, 32.0, 48.0, 3.3]

    /// Drawn opaque with no rim on a clear canvas, the indicator's alpha adds up to the exact
    /// disc area π r², within the rounding of its partly covered pixels (coverage to 1/32768,
    /// then alpha to 1/255).
    @Test(arguments: radii)
    static func coverageIsTheExactDiscArea(radius: Double) {
        var generator = SeededGenerator(seed: UInt64(radius * 100))
        for _ in 0 ..< 3 {
            let center = Point(x: generator.double(in: 60 ... 61), y: generator.double(in: 60 ... 61))
            var canvas = Canvas(width: 128, height: 128)
            canvas.draw(RimmedDisc(center: center, radius: radius, rimWidth: 0,
                                   fillColor: PremultipliedColor(red: 255, green: 255, blue: 255), rimColor: .clear))
            var alphaSum = 0
            for y in 0 ..< 128 {
                for x in 0 ..< 128 { alphaSum += Int(canvas.pixel(x: x, y: y)!.alpha) }
            }
            let area = Double(alphaSum) / 255
            let exact = Double.pi * radius * radius
            // Every partly covered pixel rounds twice: its coverage, then its alpha.
            let mask = Disc(center: center, radius: radius).coverageMask(clippedTo: canvas.bounds)
            let partial = Double(mask.values.filter { $0 > 0 && $0 < CoverageMask.full }.count)
            #expect(abs(area - exact) <= partial * (0.5 / 255 + 0.5 / 32768) + 1e-9,
                    "r=\(radius) at \(center): \(area) vs \(exact)")
            #expect(abs(mask.totalArea - exact) <= ReferenceCoverage.roundingBound(mask))
        }
    }

    /// Inside, the disc is `fillColor` over the canvas, source-over: out = s + d·(255 − a)/255
    /// rounded; in the rim's fully covered pixels `rimColor` is composited over that again.
    @Test static func interiorAndRimAreSourceOver() {
        var canvas = Canvas(width: 100, height: 100, color: PremultipliedColor(red: 40, green: 120, blue: 250))
        let fill = PremultipliedColor(red: 200, green: 200, blue: 200, alpha: 153)
        let rim = PremultipliedColor(red: 140, green: 140, blue: 140, alpha: 153)
        canvas.draw(RimmedDisc(center: Point(x: 50, y: 50), radius: 32, rimWidth: 4, fillColor: fill, rimColor: rim))
        func over(_ s: UInt8, _ a: UInt8, _ d: UInt8) -> UInt8 {
            UInt8((Double(s) + Double(d) * (255 - Double(a)) / 255).rounded())
        }
        // Premultiplied fill (200·153/255 = 120) and rim (140·153/255 = 84).
        #expect(fill.red == 120 && rim.red == 84)
        let centre = canvas.pixel(x: 50, y: 50)!
        #expect(centre == PremultipliedColor(premultipliedRed: over(120, 153, 40), green: over(120, 153, 120),
                                             blue: over(120, 153, 250), alpha: 255))
        // (50, 20): its square [50, 51) × [20, 21) lies 29 to 30 px from the centre, inside the rim.
        let rimPixel = canvas.pixel(x: 50, y: 20)!
        #expect(rimPixel == PremultipliedColor(premultipliedRed: over(84, 153, over(120, 153, 40)),
                                               green: over(84, 153, over(120, 153, 120)),
                                               blue: over(84, 153, over(120, 153, 250)), alpha: 255))
        // Outside the radius nothing changes.
        #expect(canvas.pixel(x: 50, y: 17)! == PremultipliedColor(red: 40, green: 120, blue: 250))
    }

    /// Its bounds hold every pixel it changes, and a transparent indicator changes nothing.
    @Test static func boundsAndTransparency() {
        let base = Canvas(width: 64, height: 64, color: PremultipliedColor(red: 10, green: 20, blue: 30))
        let disc = RimmedDisc(center: Point(x: 30.4, y: 31.7), radius: 12.5, rimWidth: 1.5,
                              fillColor: PremultipliedColor(red: 200, green: 200, blue: 200, alpha: 100),
                              rimColor: PremultipliedColor(red: 90, green: 90, blue: 90, alpha: 100))
        var drawn = base
        drawn.draw(disc)
        for y in 0 ..< 64 {
            for x in 0 ..< 64 where drawn.pixel(x: x, y: y) != base.pixel(x: x, y: y) {
                #expect(disc.pixelBounds.contains(PixelRect(x: x, y: y, width: 1, height: 1)))
            }
        }
        var clear = base
        clear.draw(RimmedDisc(center: Point(x: 30, y: 30), radius: 12, rimWidth: 2, fillColor: .clear, rimColor: .clear))
        #expect(clear == base)
    }
}
