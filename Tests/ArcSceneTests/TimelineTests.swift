import Foundation
import Testing
@testable import ArcScene

@Suite enum TimelineTests {
    /// The demo's duration rule, restated: 0.7 s for one step, 0.4 s per step otherwise.
    static func demoDuration(_ steps: Int) -> Double {
        steps == 0 ? 0 : steps == 1 ? 0.7 : 0.4 * Double(steps)
    }

    @Test(arguments: [(1, 0.7), (2, 0.8), (3, 1.2)])
    static func movesTakeTheDemosDurations(target: Int, seconds: Double) throws {
        let timeline = try Timeline(taps: [target])
        #expect(timeline.transitions.count == 1)
        #expect(abs(timeline.transitions[0].duration - seconds) < 1e-12)
        #expect(abs(timeline.transitions[0].startTime - 0.6) < 1e-12)
        #expect(abs(timeline.totalDuration - (1.2 + seconds)) < 1e-12)
        let back = try Timeline(taps: [target, 0])
        #expect(abs(back.transitions[1].duration - seconds) < 1e-12)
    }

    @Test static func tapsOnTheCurrentButtonTakeNoTime() throws {
        let timeline = try Timeline(taps: [0, 0, 2, 2, 2])
        #expect(timeline.transitions.count == 1)
        #expect(abs(timeline.transitions[0].startTime - 3 * 0.6) < 1e-12)
        #expect(abs(timeline.totalDuration - (6 * 0.6 + 0.8)) < 1e-12)
        let idle = try Timeline(layout: SceneLayout(headStartButton: 2), taps: [2])
        #expect(idle.transitions.isEmpty)
        #expect(abs(idle.totalDuration - 1.2) < 1e-12)
    }

    @Test(arguments: [[Int](), [3], [3, 1, 0, 2], [1, 2, 3, 2, 1, 0], [2, 2, 0, 3, 3, 1]])
    static func totalDurationIsHoldsPlusMoves(taps: [Int]) throws {
        for hold in [0.0, 0.25, 0.6, 1.5] {
            let timeline = try Timeline(taps: taps, hold: hold)
            var current = 0
            var moves = 0.0
            for tap in taps {
                moves += demoDuration(abs(tap - current))
                current = tap
            }
            #expect(abs(timeline.totalDuration - (hold * Double(taps.count + 1) + moves)) < 1e-12)
            #expect(timeline.state(at: timeline.totalDuration).dynamicLayer
                == .restingHead(button: current, center: SceneLayout().buttonCenter(current)))
        }
    }

    @Test static func customHoldsAndDurationRules() throws {
        let rule = DurationRule(oneStep: 1.0, perStep: 0.5)
        let timeline = try Timeline(taps: [1, 3, 0], hold: 0.25, durationRule: rule)
        #expect(timeline.transitions.map(\.duration) == [1.0, 1.0, 1.5])
        #expect(timeline.transitions.map(\.startTime) == [0.25, 1.5, 2.75])
        #expect(abs(timeline.totalDuration - (4 * 0.25 + 3.5)) < 1e-12)
    }

    @Test static func stateAroundAMove() throws {
        let layout = SceneLayout()
        let timeline = try Timeline(taps: [2])
        let move = timeline.transitions[0]
        #expect(timeline.state(at: move.startTime - 0.01).dynamicLayer
            == .restingHead(button: 0, center: layout.buttonCenter(0)))
        let atStart = timeline.state(at: move.startTime)
        #expect(atStart.dynamicLayer == .movingCopy(center: layout.buttonCenter(0)))
        #expect(atStart.dynamicLayer.isMoving)
        let during = timeline.state(at: move.startTime + 0.3)
        #expect(during.dynamicLayer.isMoving)
        #expect(during.dynamicLayer.center != layout.buttonCenter(0))
        let atEnd = timeline.state(at: move.endTime)
        #expect(atEnd.dynamicLayer == .restingHead(button: 2, center: layout.buttonCenter(2)))
        #expect(!atEnd.dynamicLayer.isMoving)
        #expect(timeline.state(at: -1).dynamicLayer.center == layout.buttonCenter(0))
        #expect(timeline.state(at: .nan).dynamicLayer.center == layout.buttonCenter(0))
        #expect(timeline.state(at: 100).dynamicLayer.center == layout.buttonCenter(2))
    }

    @Test static func theCopyFollowsEasedProgressAlongTheCubic() throws {
        let timeline = try Timeline(taps: [3, 0])
        let radius = 2 * 375 / 3.0.squareRoot()
        for (index, move) in timeline.transitions.enumerated() {
            let start = Reference.radians(82.5 - 15 * Double(move.fromButton))
            let sweep = Reference.radians(-15 * Double(move.toButton - move.fromButton))
            let control = Reference.arcCubic(radius: radius, start: start, sweep: sweep)
            for step in 0..<40 {
                let u = Double(step) / 40
                let v = Reference.timingProgress(0, 0, 0.58, 1, u)
                let centre = timeline.state(at: move.startTime + u * move.duration).dynamicLayer.center
                #expect(centre.distance(to: Reference.cubicPoint(control, v)) < 1e-6, "move \(index) u \(u)")
            }
        }
    }

    @Test static func zeroLengthMovesJumpStraightToTheTarget() throws {
        let timeline = try Timeline(taps: [1], durationRule: DurationRule(oneStep: 0, perStep: 0))
        #expect(timeline.state(at: 0.6).dynamicLayer
            == .restingHead(button: 1, center: SceneLayout().buttonCenter(1)))
        #expect(abs(timeline.totalDuration - 1.2) < 1e-12)
    }

    @Test static func pathModeAndTimingReachTheMoves() throws {
        let timeline = try Timeline(taps: [2], timing: .linear, pathMode: .paced)
        #expect(timeline.transitions[0].path.mode == .paced)
        let move = timeline.transitions[0]
        let a = timeline.state(at: move.startTime + 0.2).dynamicLayer.center
        let b = timeline.state(at: move.startTime + 0.4).dynamicLayer.center
        let c = timeline.state(at: move.startTime + 0.6).dynamicLayer.center
        // Linear timing and paced motion: equal time covers equal chords.
        #expect(abs(a.distance(to: b) - b.distance(to: c)) < 1e-6)
    }
}
