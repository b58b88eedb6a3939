import Foundation
@testable import GIFEncoding
import GIFTestSupport
@testable import Palette
@testable import Raster
import Testing

/// Delays as the specification states them: cumulative rounding to centiseconds, the total
/// equal to round(100·T), identical frames merged, nothing shorter than 2 cs.
@Suite enum AnimationTimingTests {
    /// Frame k of a 16x4 screen: white with pixels 0 ... k (reading order, modulo 64) red, so
    /// every frame differs from the one before (until `distinct` frames, then it repeats).
    static func frames(count: Int, fps: Double, distinct: Int = .max) -> [AnimationFixtures.Frame] {
        (0 ..< count).map { k in
            var canvas = Canvas(width: 16, height: 4, color: .white)
            let painted = min(k, distinct - 1) % 64
            for index in 0 ... painted {
                canvas.fill(PixelRect(x: index % 16, y: index / 16, width: 1, height: 1), with: .red)
            }
            let changed = PixelRect(x: painted % 16, y: painted / 16, width: 1, height: 1)
            return AnimationFixtures.Frame(canvas: canvas, time: Double(k) / fps, damage: k == 0 ? nil : changed, sprite: nil)
        }
    }

    static func delays(_ frames: [AnimationFixtures.Frame], duration: Double) throws -> [Int] {
        let (bytes, _) = try AnimationFixtures.encode(frames, duration: duration)
        return try GIFReader(bytes: bytes).frames.map(\.delayCentiseconds)
    }

    static func centiseconds(_ seconds: Double) -> Int { Int((seconds * 100).rounded()) }

    @Test(arguments: [50.0, 30.0, 7.0])
    static func delaysFollowCumulativeRounding(fps: Double) throws {
        let count = 23
        let duration = Double(count) / fps
        var expected: [Int] = []
        for k in 0 ..< count {
            let end = k + 1 < count ? centiseconds(Double(k + 1) / fps) : centiseconds(duration)
            expected.append(end - centiseconds(Double(k) / fps))
        }
        let written = try delays(frames(count: count, fps: fps), duration: duration)
        #expect(written == expected)
        #expect(written.reduce(0, +) == centiseconds(duration))
    }

    @Test static func fiftyFramesPerSecondGiveTwoCentisecondsEach() throws {
        #expect(try delays(frames(count: 10, fps: 50), duration: 0.2) == Array(repeating: 2, count: 10))
    }

    @Test static func thirtyFramesPerSecondAlternateThreeAndFour() throws {
        // 100/30 cs per frame: boundaries 0, 3, 7, 10, 13, 17, 20 (rounded thirds).
        #expect(try delays(frames(count: 6, fps: 30), duration: 0.2) == [3, 4, 3, 3, 4, 3])
    }

    @Test static func identicalFramesMergeIntoOneImage() throws {
        // Distinct pictures A, A, B, B, B, C at 50 fps: 4, 6 and 2 cs.
        let base = frames(count: 3, fps: 50)
        let sequence = [0, 0, 1, 1, 1, 2].enumerated().map { k, picture in
            AnimationFixtures.Frame(canvas: base[picture].canvas, time: Double(k) / 50,
                                    damage: k == 0 ? nil : PixelRect(x: 0, y: 0, width: 16, height: 4), sprite: nil)
        }
        #expect(try delays(sequence, duration: 0.12) == [4, 6, 2])
    }

    @Test(arguments: [60.0, 90.0, 100.0, 144.0])
    static func fastSequencesNeverGoBelowTwoCentiseconds(fps: Double) throws {
        let count = 37
        let sequence = frames(count: count, fps: fps)
        for duration in [Double(count) / fps, Double(count - 1) / fps + 0.005] {
            let (bytes, statistics) = try AnimationFixtures.encode(sequence, duration: duration)
            let gif = try GIFReader(bytes: bytes)
            let written = gif.frames.map(\.delayCentiseconds)
            #expect(written.allSatisfy { $0 >= 2 }, "\(fps) fps: \(written)")
            #expect(written.reduce(0, +) == centiseconds(duration))
            #expect(statistics.totalCentiseconds == centiseconds(duration))
            // Reference: keep a frame's start only when it is 2 cs after the last kept one;
            // a last image shorter than 2 cs gives up its start to the one before.
            var starts = [0]
            for k in 1 ..< count where centiseconds(Double(k) / fps) - starts.last! >= 2 {
                starts.append(centiseconds(Double(k) / fps))
            }
            if centiseconds(duration) - starts.last! < 2 { starts.removeLast() }
            let expected = zip(starts, starts.dropFirst() + [centiseconds(duration)]).map { $1 - $0 }
            #expect(written == expected)
            // The last thing shown is the last frame.
            let last = try #require(gif.compositedFrames().last)
            #expect(ImageQuality.psnr(last, sequence[count - 1].canvas.image) == .infinity)
        }
    }

    @Test static func aShortLastImageMergesWithTheOneBefore() throws {
        // 60 fps, 5 distinct frames at 0, 2, 3, 5, 7 cs. The frame at 3 cs comes 1 cs after
        // the image from 2 cs and takes its place; ending at 8 cs leaves the image from 7 cs
        // one centisecond, so it joins the image from 5 cs: delays 2, 3, 3.
        let sequence = frames(count: 5, fps: 60)
        let (bytes, statistics) = try AnimationFixtures.encode(sequence, duration: 0.08)
        let gif = try GIFReader(bytes: bytes)
        #expect(gif.frames.map(\.delayCentiseconds) == [2, 3, 3])
        #expect(statistics.shortFramesMerged == 2)
        let shown = gif.compositedFrames()
        #expect(ImageQuality.psnr(shown[2], sequence[4].canvas.image) == .infinity)
        #expect(ImageQuality.psnr(shown[1], sequence[2].canvas.image) == .infinity)
    }

    @Test static func aSingleShortFrameStillLastsTwoCentiseconds() throws {
        let sequence = frames(count: 1, fps: 50)
        #expect(try delays(sequence, duration: 0.004) == [2])
    }
}

/// Holds longer than a GIF delay can say (655.35 s) continue in one-pixel frames.
@Suite enum AnimationLongDelayTests {
    @Test(arguments: [655.36, 655.38, 1400.0, 1310.71])
    static func longHoldsSplitWithoutChangingThePicture(seconds: Double) throws {
        let sequence = AnimationTimingTests.frames(count: 2, fps: 50)
        let (bytes, statistics) = try AnimationFixtures.encode(sequence, duration: seconds)
        let gif = try GIFReader(bytes: bytes)
        let delays = gif.frames.map(\.delayCentiseconds)
        let total = Int((seconds * 100).rounded())
        #expect(delays.reduce(0, +) == total)
        #expect(statistics.totalCentiseconds == total)
        #expect(delays.allSatisfy { $0 >= 2 && $0 <= 65535 })
        // 2 cs for the first frame, then the second frame's time in pieces of at most 65535.
        #expect(delays.count == 2 + (total - 2 - 1) / 65535)
        let shown = gif.compositedFrames()
        for image in shown.dropFirst() {
            #expect(ImageQuality.psnr(image, sequence[1].canvas.image) == .infinity)
        }
    }
}
