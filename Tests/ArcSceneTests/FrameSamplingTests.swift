import Testing
@testable import ArcScene

@Suite enum FrameSamplingTests {
    /// ceil(a / b) for positive integers.
    static func ceilDivide(_ a: Int, _ b: Int) -> Int { (a + b - 1) / b }

    @Test(arguments: [1, 10, 24, 25, 30, 50, 60, 120])
    static func frameCountIsTheCeilingOfDurationTimesRate(fps: Int) throws {
        // Demo taps: holds 5 × 600 ms, moves 1200 + 800 + 700 + 800 ms = 6500 ms in all.
        let timeline = try Timeline(taps: [3, 1, 0, 2])
        let milliseconds = 5 * 600 + 1200 + 800 + 700 + 800
        #expect(try timeline.frameCount(fps: fps) == ceilDivide(milliseconds * fps, 1000))
        // 1/3 s holds: rational sums that floating point cannot represent exactly.
        let thirds = try Timeline(taps: [0, 0], hold: 1.0 / 3)
        #expect(try thirds.frameCount(fps: fps) == ceilDivide(fps, 1))
    }

    @Test static func productsThatAreWholeUpToNoiseGainNoFrame() throws {
        let tenth = try Timeline(taps: [0, 0], hold: 0.1)
        #expect(tenth.totalDuration * 10 != 3)
        #expect(try tenth.frameCount(fps: 10) == 3)
        #expect(try tenth.frameCount(fps: 7) == 3)
        let single = try Timeline(taps: [], hold: 0.1)
        #expect(try single.frameCount(fps: 30) == 3)
        #expect(try single.frameCount(fps: 31) == 4)
    }

    @Test static func frameTimesAreExactQuotients() throws {
        let timeline = try Timeline(taps: [1])
        let count = try timeline.frameCount(fps: 30)
        #expect(count == 57)
        for k in 0..<count { #expect(try timeline.frameTime(k, fps: 30) == Double(k) / 30) }
        #expect(try timeline.frameTime(39, fps: 30) == 1.3)
        #expect(try timeline.frameTime(count - 1, fps: 30) < timeline.totalDuration)
        let layout = SceneLayout()
        #expect(timeline.state(at: try timeline.frameTime(39, fps: 30)).dynamicLayer
            == .restingHead(button: 1, center: layout.buttonCenter(1)))
        #expect(timeline.state(at: try timeline.frameTime(18, fps: 30)).dynamicLayer
            == .movingCopy(center: layout.buttonCenter(0)))
    }

    @Test static func zeroLengthTimelinesStillHaveOneFrame() throws {
        let timeline = try Timeline(taps: [0], hold: 0)
        #expect(timeline.totalDuration == 0)
        #expect(try timeline.frameCount(fps: 30) == 1)
    }

    @Test static func badRatesAndHugeCountsAreErrors() throws {
        let timeline = try Timeline(taps: [1])
        #expect(throws: SceneError.invalidFrameRate(fps: 0)) { try timeline.frameCount(fps: 0) }
        #expect(throws: SceneError.invalidFrameRate(fps: -5)) { try timeline.frameTime(1, fps: -5) }
        let endless = try Timeline(taps: [], hold: 1e12)
        #expect(throws: SceneError.tooManyFrames(duration: 1e12, fps: 60)) { try endless.frameCount(fps: 60) }
    }
}
