@testable import ArcScene
import Testing
import Raster

/// Touch indicators' timing, as UIKit sees a tap on a touch-up-inside button: down `press`
/// before the move starts (shortened to the hold before it), lifted as the move starts,
/// faded linearly over `fade`; the timeline itself does not change.
@Suite enum TouchTimingTests {
    /// Default timing on the default scene: the first tap (button 1) lifts at 0.6 s.
    static func timeline(taps: [Int] = [1, 3, 0, 2, 1], hold: Double = 0.6,
                         touches: TouchTiming? = TouchTiming()) throws -> Timeline {
        try Timeline(layout: SceneLayout(), taps: taps, hold: hold, touches: touches)
    }

    /// The presence at chosen times equals 1 while pressed and 1 − (t − lift) / fade after
    /// the lift, written out by hand.
    @Test(arguments: [(0.5, 1.0), (0.55, 1.0), (0.6, 1.0), (0.65, 0.8), (0.7, 0.6), (0.75, 0.4), (0.8, 0.2)])
    static func fadeFollowsTheFormula(time: Double, presence: Double) throws {
        let touches = try timeline().touchIndicators(at: time)
        #expect(touches.count == 1)
        let touch = try #require(touches.first)
        #expect(touch.button == 1)
        #expect(touch.center == SceneLayout().buttonCenter(1))
        #expect(abs(touch.presence - presence) < 1e-12, "presence \(touch.presence) at \(time) s")
    }

    /// Before the touch-down and from the fade's end on, nothing shows.
    @Test(arguments: [0.0, 0.49, 0.4999, 0.85, 0.9, 1.3])
    static func nothingOutsideTheWindow(time: Double) throws {
        #expect(try timeline().touchIndicators(at: time).isEmpty)
    }

    /// A different press and fade move the window's ends: press 0.3 s, fade 0.5 s.
    @Test static func pressAndFadeAreSettings() throws {
        let line = try timeline(touches: TouchTiming(press: 0.3, fade: 0.5))
        #expect(line.touchIndicators(at: 0.29).isEmpty)
        #expect(line.touchIndicators(at: 0.3).map(\.presence) == [1])
        #expect(abs(line.touchIndicators(at: 0.85)[0].presence - 0.5) < 1e-12)
        #expect(line.touchIndicators(at: 1.1).isEmpty)
        #expect(line.touchWindows.first == 0.3 ... 1.1)
    }

    /// A tap on the button the head rests on shows a touch (at the end of the hold before
    /// it) and moves nothing: the head rests on button 0 all along, and the length is two holds.
    @Test static func noOpTapShowsATouchAndMovesNothing() throws {
        let line = try timeline(taps: [0])
        let plain = try timeline(taps: [0], touches: nil)
        #expect(line.totalDuration == plain.totalDuration && line.totalDuration == 1.2)
        #expect(line.touchIndicators(at: 0.55).map(\.button) == [0])
        #expect(line.touchIndicators(at: 0.6).map(\.presence) == [1])
        #expect(abs(line.touchIndicators(at: 0.7)[0].presence - 0.6) < 1e-12)
        for k in 0 ... 60 {
            let t = Double(k) / 50
            #expect(line.state(at: t).dynamicLayer == .restingHead(button: 0, center: SceneLayout().buttonCenter(0)))
        }
    }

    /// A hold shorter than the press shortens the press: with 0.04 s holds the first touch
    /// goes down at 0 (the start) and the second at the end of the first move, never before.
    @Test static func shortHoldShortensThePress() throws {
        let line = try timeline(taps: [1, 2], hold: 0.04)
        // First tap: lift 0.04, hold from 0. Move 0.7 s to 0.74, second lift 0.78.
        #expect(line.touchWindows.count == 2)
        #expect(line.touchWindows[0].lowerBound == 0)
        #expect(abs(line.touchWindows[1].lowerBound - 0.74) < 1e-12)
        #expect(line.touchIndicators(at: 0).map(\.button) == [1])
        #expect(line.touchIndicators(at: 0.73).isEmpty)
        #expect(line.touchIndicators(at: 0.745).map(\.button) == [2])
        #expect(line.touchIndicators(at: 0.745)[0].presence == 1)
    }

    /// Fades that outlast the next touch-down show both indicators, the later tap's on top.
    @Test static func overlappingTouchesShowTogether() throws {
        let line = try timeline(taps: [0, 1], hold: 0.1, touches: TouchTiming(press: 0.1, fade: 0.5))
        // Tap 0 lifts at 0.1 (no move), tap 1 at 0.2.
        #expect(line.touchIndicators(at: 0.25).map(\.button) == [0, 1])
    }

    /// With touches or without, the timeline is the same: length, frame count and every
    /// state's moving part.
    @Test static func touchesDoNotChangeTheTimeline() throws {
        let line = try timeline(), plain = try timeline(touches: nil)
        #expect(line.totalDuration == plain.totalDuration)
        #expect(try line.frameCount(fps: 50) == plain.frameCount(fps: 50))
        for k in 0 ..< (try line.frameCount(fps: 50)) {
            let t = Double(k) / 50
            #expect(line.state(at: t).dynamicLayer == plain.state(at: t).dynamicLayer)
            #expect(plain.state(at: t).touches.isEmpty)
        }
        #expect(plain.touchWindows.isEmpty)
    }

    /// Negative or non-finite press and fade are refused, naming the parameter.
    @Test static func badTimingIsRefused() {
        #expect(throws: SceneError.negative(parameter: "touchPress", value: -0.1)) {
            _ = try timeline(touches: TouchTiming(press: -0.1))
        }
        #expect(throws: SceneError.notFinite(parameter: "touchFade", value: .infinity)) {
            _ = try timeline(touches: TouchTiming(fade: .infinity))
        }
        #expect(throws: (any Error).self) { _ = try timeline(touches: TouchTiming(fade: .nan)) }
    }
}
