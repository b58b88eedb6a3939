import Foundation
import SharedTestSupport
import Testing
@testable import Raster

@Suite enum ArcStrokeTests {
    static let tolerance = 2.0 / 255.0
    static let unlimited = PixelRect(x: -100_000, y: -100_000, width: 200_000, height: 200_000)

    /// Area of the stroke: annular sector σ·R·w plus two half-discs of radius w/2.
    static func exactArea(radius: Double, width: Double, sweep: Double) -> Double {
        sweep * radius * width + Double.pi * width * width / 4
    }

    @Test static func randomArcsMatchIntegration() {
        var generator = SeededGenerator(seed: 42)
        for _ in 0 ..< 10 {
            let center = Point(x: generator.double(in: 0 ... 1), y: generator.double(in: 0 ... 1))
            let radius = generator.double(in: 8 ... 30)
            let width = generator.double(in: 1 ... 4)
            let start = generator.double(in: -7 ... 7)
            let sweep = generator.double(in: 0.1 ... 5.5)
            let clockwise = generator.next() % 2 == 0
            let arc = ArcStroke(center: center, radius: radius, lineWidth: width, startAngle: start,
                                endAngle: clockwise ? start + sweep : start - sweep, clockwise: clockwise)
            let low = clockwise ? start : start - sweep
            let mask = arc.coverageMask(clippedTo: unlimited)
            let error = ReferenceCoverage.maximumError(
                mask, in: Disc(center: center, radius: radius + width).pixelBounds,
                intervals: ReferenceCoverage.arc(center, radius: radius, width: width, start: low, sweep: sweep))
            #expect(error <= tolerance, "arc R=\(radius) w=\(width) from \(start) sweep \(sweep): error \(error)")
            let exact = exactArea(radius: radius, width: width, sweep: sweep)
            #expect(abs(mask.totalArea - exact) <= ReferenceCoverage.roundingBound(mask))
            #expect(arc.pixelBounds.contains(mask.bounds))
        }
    }

    /// The scene's arc: centre (0, 0), R = 2W/√3 with W = 375 pt, from 90° to 30° (counter-
    /// clockwise on screen), 1 pt wide, at scale s; compared on a sample of rows including both
    /// ends, clipped to the screen.
    @Test(arguments: [1, 2, 3])
    static func sceneArcMatchesIntegration(scale: Int) {
        let s = Double(scale)
        let radius = 2 * 375 / 3.0.squareRoot() * s
        let arc = ArcStroke(center: Point(x: 0, y: 0), radius: radius, lineWidth: s,
                            startAngle: Double.pi / 2, endAngle: Double.pi / 6, clockwise: false)
        let screen = PixelRect(x: 0, y: 0, width: 375 * scale, height: 667 * scale)
        let mask = arc.coverageMask(clippedTo: screen)
        #expect(screen.contains(mask.bounds))
        let intervals = ReferenceCoverage.arc(Point(x: 0, y: 0), radius: radius, width: s,
                                              start: Double.pi / 6, sweep: Double.pi / 3)
        let top = Int((radius / 2 - s).rounded(.down)), bottom = Int((radius + s).rounded(.up))
        var rows = Array(stride(from: top, to: bottom, by: 23 * scale))
        rows += Array(top ..< top + 3 * scale) + Array(bottom - 3 * scale ..< bottom)
        for y in rows {
            let band = PixelRect(x: 0, y: y, width: screen.width, height: 1).intersection(screen)
            let error = ReferenceCoverage.maximumError(mask, in: band, intervals: intervals)
            #expect(error <= tolerance, "scene arc at scale \(scale), row \(y): error \(error)")
        }
        // The centre-line end at 90° lies on the screen's left edge: column 0 there is covered,
        // the cap beyond lies off-screen.
        #expect(mask.coverage(x: 0, y: Int(radius)) > 0)
    }

    @Test(arguments: [1, 2, 3])
    static func sceneArcAreaUnclipped(scale: Int) {
        let s = Double(scale)
        let radius = 2 * 375 / 3.0.squareRoot() * s
        let arc = ArcStroke(center: Point(x: 0, y: 0), radius: radius, lineWidth: s,
                            startAngle: Double.pi / 2, endAngle: Double.pi / 6, clockwise: false)
        let mask = arc.coverageMask(clippedTo: arc.pixelBounds)
        let exact = exactArea(radius: radius, width: s, sweep: Double.pi / 3)
        #expect(abs(mask.totalArea - exact) <= ReferenceCoverage.roundingBound(mask))
    }

    @Test static func zeroSweepIsADotAndFullSweepIsARing() {
        let center = Point(x: 10.3, y: 12.8)
        let dot = ArcStroke(center: center, radius: 6, lineWidth: 3, startAngle: 1, endAngle: 1, clockwise: true)
        let dotMask = dot.coverageMask(clippedTo: unlimited)
        #expect(abs(dotMask.totalArea - Double.pi * 2.25) <= ReferenceCoverage.roundingBound(dotMask))
        let full = ArcStroke(center: center, radius: 6, lineWidth: 3, startAngle: 0, endAngle: 2 * Double.pi,
                             clockwise: true)
        let ring = Ring(center: center, outerRadius: 7.5, innerRadius: 4.5).coverageMask(clippedTo: unlimited)
        #expect(full.coverageMask(clippedTo: unlimited) == ring)
    }

    @Test static func directionChoosesTheSweptSide() {
        // From 90° to 30°: counter-clockwise sweeps 60°, clockwise the other 300°.
        let short = ArcStroke(center: Point(x: 0, y: 0), radius: 20, lineWidth: 2,
                              startAngle: Double.pi / 2, endAngle: Double.pi / 6, clockwise: false)
        let long = ArcStroke(center: Point(x: 0, y: 0), radius: 20, lineWidth: 2,
                             startAngle: Double.pi / 2, endAngle: Double.pi / 6, clockwise: true)
        let shortMask = short.coverageMask(clippedTo: unlimited), longMask = long.coverageMask(clippedTo: unlimited)
        #expect(shortMask.coverage(x: 13, y: 14) == CoverageMask.full) // about 45°, on the short side
        #expect(longMask.coverage(x: 13, y: 14) == 0)
        #expect(longMask.coverage(x: -20, y: 0) == CoverageMask.full) // 180°, on the long side
        #expect(abs(longMask.totalArea - exactArea(radius: 20, width: 2, sweep: 5 * Double.pi / 3))
                <= ReferenceCoverage.roundingBound(longMask))
    }
}
