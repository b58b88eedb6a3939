import Foundation
import SharedTestSupport
import Testing
@testable import Raster

@Suite enum CoverageTests {
    static let tolerance = 2.0 / 255.0
    static let unlimited = PixelRect(x: -100_000, y: -100_000, width: 200_000, height: 200_000)

    static func randomCenter(_ generator: inout SeededGenerator) -> Point {
        Point(x: generator.double(in: 10 ... 11), y: generator.double(in: 20 ... 21))
    }

    /// Radii 2 px and up, including the avatar's clip (25 pt) at scales 1 to 3.
    @Test(arguments: [2.0, 2.7, 5.3, 25.0, 50.0, 75.0])
    static func discMatchesIntegration(radius: Double) {
        var generator = SeededGenerator(seed: UInt64(radius * 1000))
        for _ in 0 ..< (radius < 40 ? 3 : 2) {
            let center = randomCenter(&generator)
            let disc = Disc(center: center, radius: radius)
            let mask = disc.coverageMask(clippedTo: unlimited)
            let error = ReferenceCoverage.maximumError(mask, in: disc.pixelBounds.grown(by: 2),
                                                       intervals: ReferenceCoverage.disc(center, radius))
            #expect(error <= tolerance, "disc r=\(radius) at \(center): error \(error)")
            #expect(abs(mask.totalArea - Double.pi * radius * radius) <= ReferenceCoverage.roundingBound(mask))
            #expect(disc.pixelBounds.contains(mask.bounds))
        }
    }

    /// The avatar's border ring (23 to 25 pt) at scales 1 to 3, and thin and small rings.
    @Test(arguments: [(25.0, 23.0), (50.0, 46.0), (75.0, 69.0), (6.0, 5.5), (3.0, 2.0)])
    static func ringMatchesIntegration(radii: (Double, Double)) {
        let (outer, inner) = radii
        var generator = SeededGenerator(seed: UInt64(outer * 77 + inner))
        for _ in 0 ..< (outer < 40 ? 3 : 2) {
            let center = randomCenter(&generator)
            let ring = Ring(center: center, outerRadius: outer, innerRadius: inner)
            let mask = ring.coverageMask(clippedTo: unlimited)
            let error = ReferenceCoverage.maximumError(mask, in: ring.pixelBounds.grown(by: 2),
                                                       intervals: ReferenceCoverage.ring(center, outer: outer, inner: inner))
            #expect(error <= tolerance, "ring \(outer)/\(inner) at \(center): error \(error)")
            let exact = Double.pi * (outer * outer - inner * inner)
            #expect(abs(mask.totalArea - exact) <= ReferenceCoverage.roundingBound(mask))
        }
    }

    /// Two exact methods agree: the row/column tables used for discs and rings, and the
    /// circle-polygon formula used for arcs.
    @Test static func tableAndPolygonFormulaAgree() {
        var generator = SeededGenerator(seed: 77)
        var worst = 0.0
        for _ in 0 ..< 40 {
            let center = randomCenter(&generator)
            let radius = generator.double(in: 0.3 ... 40)
            let box = Disc(center: center, radius: radius).pixelBounds.grown(by: 1)
            let table = CircleAreaTable(center: center, radius: radius, box: box)
            for y in box.y ..< box.maxY {
                for x in box.x ..< box.maxX {
                    let polygon = CircleIntersection.squareArea(x: Double(x) - center.x, y: Double(y) - center.y,
                                                                radiusSquared: radius * radius)
                    worst = max(worst, abs(table.area(x: x, y: y) - polygon))
                }
            }
        }
        #expect(worst < 1e-9)
    }

    @Test static func halfPixelDiscsAreExact() {
        var generator = SeededGenerator(seed: 5)
        for _ in 0 ..< 20 {
            let center = Point(x: generator.double(in: 3 ... 4), y: generator.double(in: 3 ... 4))
            let disc = Disc(center: center, radius: 0.5)
            let mask = disc.coverageMask(clippedTo: unlimited)
            let error = ReferenceCoverage.maximumError(mask, in: disc.pixelBounds.grown(by: 1),
                                                       intervals: ReferenceCoverage.disc(center, 0.5))
            #expect(error <= 1.0 / 255.0)
            #expect(abs(mask.totalArea - Double.pi / 4) <= ReferenceCoverage.roundingBound(mask))
        }
    }

    /// Closed forms: a disc inscribed in a pixel covers π/4 of it; a disc through a pixel's
    /// corners covers all of it and (π/2 − 1)/4 of each edge neighbour; a unit disc centred on
    /// a pixel corner covers π/4 of each of the four pixels around it.
    @Test static func closedFormPlacements() {
        let step = 1.0 / Double(CoverageMask.full)
        let inscribed = Disc(center: Point(x: 5.5, y: 7.5), radius: 0.5).coverageMask(clippedTo: unlimited)
        #expect(abs(inscribed.fraction(x: 5, y: 7) - Double.pi / 4) <= step)
        #expect(inscribed.bounds == PixelRect(x: 5, y: 7, width: 1, height: 1))

        let circumscribed = Disc(center: Point(x: 5.5, y: 7.5), radius: 0.5.squareRoot())
            .coverageMask(clippedTo: unlimited)
        #expect(circumscribed.coverage(x: 5, y: 7) == CoverageMask.full)
        for (x, y) in [(4, 7), (6, 7), (5, 6), (5, 8)] {
            #expect(abs(circumscribed.fraction(x: x, y: y) - (Double.pi / 2 - 1) / 4) <= step)
        }
        #expect(circumscribed.coverage(x: 4, y: 6) == 0)

        let cornered = Disc(center: Point(x: 3, y: 3), radius: 1).coverageMask(clippedTo: unlimited)
        for (x, y) in [(2, 2), (3, 2), (2, 3), (3, 3)] {
            #expect(abs(cornered.fraction(x: x, y: y) - Double.pi / 4) <= step)
        }
        #expect(cornered.runs.count == 2)
    }

    @Test static func clippingKeepsMasksInsideTheClip() {
        let clip = PixelRect(x: 0, y: 0, width: 10, height: 10)
        let mask = Disc(center: Point(x: 1.3, y: 9.1), radius: 4).coverageMask(clippedTo: clip)
        #expect(clip.contains(mask.bounds))
        #expect(mask.coverage(x: 1, y: 9) == CoverageMask.full)
        #expect(mask.fraction(x: 0, y: 6) > 0)
    }

    @Test static func degenerateShapesCoverNothing() {
        #expect(Disc(center: Point(x: .nan, y: 1), radius: 3).coverageMask(clippedTo: unlimited).isEmpty)
        #expect(Disc(center: Point(x: 1, y: 1), radius: -3).coverageMask(clippedTo: unlimited).isEmpty)
        #expect(Disc(center: Point(x: 1, y: 1), radius: .infinity).pixelBounds.isEmpty)
        #expect(Ring(center: Point(x: 1, y: 1), outerRadius: 2, innerRadius: 3).coverageMask(clippedTo: unlimited).isEmpty)
        let arc = ArcStroke(center: Point(x: 1e300, y: 0), radius: 5, lineWidth: 1,
                            startAngle: 0, endAngle: 1, clockwise: true)
        #expect(arc.coverageMask(clippedTo: unlimited).isEmpty)
    }

    @Test static func portableMathAgreesWithTheCLibrary() {
        var generator = SeededGenerator(seed: 11)
        var worstAngle = 0.0, worstTrig = 0.0
        for _ in 0 ..< 2000 {
            let y = generator.double(in: -3000 ... 3000), x = generator.double(in: -3000 ... 3000)
            worstAngle = max(worstAngle, abs(PortableMath.atan2(y, x) - atan2(y, x)))
            let angle = generator.double(in: -20 ... 20)
            let (c, s) = PortableMath.cosSin(angle)
            worstTrig = max(worstTrig, abs(c - cos(angle)), abs(s - sin(angle)))
        }
        #expect(worstAngle <= 2e-15)
        #expect(worstTrig <= 1e-15)
        #expect(PortableMath.atan2(0, -1) == Double.pi)
        #expect(PortableMath.atan2(1, 0) == Double.pi / 2)
    }
}
