import Foundation
import Testing
@testable import ArcScene
import Raster

@Suite enum ArcKeyframePathTests {
    static let layout = SceneLayout()
    static let pairs: [(Int, Int)] = (0..<4).flatMap { a in (0..<4).filter { $0 != a }.map { (a, $0) } }

    @Test(arguments: PathMode.allCases)
    static func movesStartAndEndExactlyOnTheButtonCentres(mode: PathMode) {
        for (from, to) in pairs {
            let path = ArcKeyframePath(layout: layout, from: from, to: to, mode: mode)
            #expect(path.position(at: 0) == layout.buttonCenter(from))
            #expect(path.position(at: 1) == layout.buttonCenter(to))
        }
    }

    @Test static func controlPointsAreTheStandardArcCubic() {
        let radius = 2 * 375 / 3.0.squareRoot()
        for (from, to) in pairs {
            let start = Reference.radians(82.5 - 15 * Double(from))
            let sweep = Reference.radians(-15 * Double(to - from))
            let expected = Reference.arcCubic(radius: radius, start: start, sweep: sweep)
            let path = ArcKeyframePath(layout: layout, from: from, to: to)
            #expect(path.segments.count == 1)
            let segment = path.segments[0]
            for (actual, wanted) in zip([segment.p0, segment.p1, segment.p2, segment.p3], expected) {
                #expect(actual.distance(to: wanted) < 1e-9)
            }
            for step in 0...20 {
                let v = Double(step) / 20
                #expect(path.position(at: v).distance(to: Reference.cubicPoint(expected, v)) < 1e-9)
            }
        }
    }

    @Test static func theCopyStaysOnTheCircleWithinTheCubicsErrorBound() {
        let radius = 2 * 375 / 3.0.squareRoot()
        for (from, to) in pairs {
            let path = ArcKeyframePath(layout: layout, from: from, to: to)
            let bound = Reference.radialErrorBound(radius: radius, sweep: Reference.radians(15 * Double(to - from)))
            var worst = 0.0
            for step in 0...2_000 {
                let deviation = path.position(at: Double(step) / 2_000).distance(to: .zero) - radius
                #expect(deviation >= -1e-9)
                #expect(deviation <= bound + 1e-9)
                worst = max(worst, deviation)
            }
            // The bound is attained, so the path really is the cubic and not the circle.
            #expect(worst > 0.99 * bound)
        }
    }

    @Test static func higherIndexRunsCounterClockwiseLowerClockwise() {
        for (from, to) in pairs {
            let path = ArcKeyframePath(layout: layout, from: from, to: to)
            var previous = atan2(path.position(at: 0).y, path.position(at: 0).x)
            for step in 1...200 {
                let point = path.position(at: Double(step) / 200)
                let angle = atan2(point.y, point.x)
                // On screen (y down) a falling UIKit angle is a counter-clockwise turn.
                if to > from { #expect(angle < previous) } else { #expect(angle > previous) }
                previous = angle
            }
        }
    }

    @Test static func midTimeOfA45DegreeMoveDriftsFromTheUniformAnglePoint() throws {
        let timeline = try Timeline(taps: [3])
        let move = try #require(timeline.transitions.first)
        let middle = move.startTime + move.duration / 2
        let v = Reference.timingProgress(0, 0, 0.58, 1, 0.5)
        let radius = 2 * 375 / 3.0.squareRoot()
        let start = Reference.radians(82.5)
        let sweep = Reference.radians(-45)
        let uniform = Point(x: radius * cos(start + v * sweep), y: radius * sin(start + v * sweep))
        guard case let .movingCopy(centre) = timeline.state(at: middle).dynamicLayer else {
            Issue.record("the copy should be moving at mid-time")
            return
        }
        let cubic = Reference.cubicPoint(Reference.arcCubic(radius: radius, start: start, sweep: sweep), v)
        #expect(centre.distance(to: cubic) < 1e-9)
        let drift = centre.distance(to: uniform)
        #expect(drift > 0.05)
        #expect(drift < 0.41)
    }

    @Test(arguments: [(90.0, 1), (91, 2), (120, 2), (180, 2), (270, 3), (45, 1), (0, 1)])
    static func longSweepsSplitIntoEqualPiecesOfAtMost90Degrees(degrees: Double, pieces: Int) {
        let radius = 100.0
        let sweep = Reference.radians(degrees)
        let path = ArcKeyframePath(radius: radius, startAngle: 0.3, endAngle: 0.3 + sweep)
        #expect(path.segments.count == pieces)
        let pieceSweep = sweep / Double(pieces)
        for (index, segment) in path.segments.enumerated() {
            let expected = Reference.arcCubic(radius: radius, start: 0.3 + pieceSweep * Double(index), sweep: pieceSweep)
            for (actual, wanted) in zip([segment.p0, segment.p1, segment.p2, segment.p3], expected) {
                #expect(actual.distance(to: wanted) < 1e-9)
            }
            // Linear mode gives every piece an equal share of progress.
            let junction = path.position(at: Double(index) / Double(pieces))
            #expect(junction.distance(to: expected[0]) < 1e-9)
        }
    }

    @Test(arguments: [(0, 3), (3, 1), (2, 0)])
    static func pacedModeCoversEqualLengthPerEqualProgress(from: Int, to: Int) {
        let paced = ArcKeyframePath(layout: layout, from: from, to: to, mode: .paced)
        let linear = ArcKeyframePath(layout: layout, from: from, to: to, mode: .linear)
        let radius = 2 * 375 / 3.0.squareRoot()
        let control = Reference.arcCubic(radius: radius, start: Reference.radians(82.5 - 15 * Double(from)),
                                         sweep: Reference.radians(-15 * Double(to - from)))
        let total = Reference.cubicLength(control, steps: 200_000)
        let intervals = 50
        func measured(_ path: ArcKeyframePath, _ index: Int) -> Double {
            var length = 0.0
            var previous = path.position(at: Double(index) / Double(intervals))
            for sub in 1...200 {
                let next = path.position(at: (Double(index) + Double(sub) / 200) / Double(intervals))
                length += previous.distance(to: next)
                previous = next
            }
            return length
        }
        var linearSpread = 0.0
        for index in 0..<intervals {
            #expect(abs(measured(paced, index) - total / Double(intervals)) < 1e-3)
            linearSpread = max(linearSpread, abs(measured(linear, index) - total / Double(intervals)))
        }
        #expect(linearSpread > 1e-2)
        #expect(abs((paced.lengthTable?.totalLength ?? 0) - total) < 1e-6)
    }

    @Test static func pacedModeSpreadsLongSweepsByLength() {
        let path = ArcKeyframePath(radius: 50, startAngle: 0, endAngle: Reference.radians(-200), mode: .paced)
        #expect(path.segments.count == 3)
        // A third of the length ends where the first piece ends, on the circle at −200°/3.
        let third = path.position(at: 1.0 / 3)
        let angle = Reference.radians(-200.0 / 3)
        #expect(third.distance(to: Point(x: 50 * cos(angle), y: 50 * sin(angle))) < 1e-6)
    }

    @Test static func progressOutsideTheUnitIntervalStaysAtTheEnds() {
        let path = ArcKeyframePath(layout: layout, from: 1, to: 2)
        #expect(path.position(at: -0.3) == layout.buttonCenter(1))
        #expect(path.position(at: 1.7) == layout.buttonCenter(2))
        #expect(path.position(at: .nan) == layout.buttonCenter(1))
        let still = ArcKeyframePath(radius: 10, startAngle: 1, endAngle: 1)
        #expect(still.position(at: 0.5).distance(to: Point(x: 10 * cos(1.0), y: 10 * sin(1.0))) < 1e-12)
    }
}
