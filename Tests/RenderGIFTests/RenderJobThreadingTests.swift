import ArcScene
import Foundation
@testable import GIFEncoding
import Raster
@testable import RenderGIF
import Testing

/// The render job on two threads (drawing ahead, variants in parallel) writes exactly the
/// bytes of a one-thread run, whatever the scheduling.
@Suite enum RenderJobThreadingTests {
    /// A short animation: small screen, every kind of frame (rest, move, hold), two taps.
    static let arguments = ["--width", "160", "--height", "200", "--scale", "1", "--diameter", "30",
                            "--taps", "1,3", "--hold", "0.1"]

    static func render(_ extra: [String], threads: Int, folder: String) throws -> [UInt8] {
        let path = folder + "/out-\(threads).gif"
        guard case let .render(invocation) = try CommandLineInterface.parse(arguments + extra + [path]) else {
            Issue.record("the arguments do not ask for a render")
            return []
        }
        _ = try RenderJob.run(invocation, progress: SilentProgress(), threads: threads)
        return Array(try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    @Test(arguments: [[], ["--dither", "diffusion"], ["--dither", "ordered", "--colors", "64"]])
    static func twoThreadsWriteTheOneThreadBytes(extra: [String]) throws {
        let folder = NSTemporaryDirectory() + "render-gif-threads-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let single = try render(extra, threads: 1, folder: folder)
        #expect(single.count > 1000)
        for _ in 0 ..< 2 {
            #expect(try render(extra, threads: 2, folder: folder) == single)
        }
    }
}

/// The drawing thread stops cleanly when the consumer stops early; the frames it hands over
/// are the frames one renderer draws, whatever the queue's budget.
@Suite enum FramePipelineTests {
    /// The states of a short two-tap animation, a renderer that has drawn nothing (a copy
    /// draws any frame from scratch), the renderer after planning the palette (what the
    /// pipeline starts from), and the palette.
    static func scene() throws -> (states: [SceneState], pristine: FrameRenderer, renderer: FrameRenderer,
                                   palette: AnimationPalette) {
        var settings = RenderSettings()
        settings.scale = 1
        settings.width = 160
        settings.height = 200
        settings.taps = [1, 3]
        settings.hold = 0.1
        let timeline = try SceneSetup.timeline(for: settings)
        let states = (0 ..< Int(timeline.totalDuration * 50)).map { timeline.state(at: Double($0) / 50) }
        let pristine = FrameRenderer(layout: timeline.layout, scale: 1, images: try AvatarLoader.images(for: settings))
        var renderer = pristine
        let palette = try PalettePlan.make(renderer: &renderer, states: states, options: GIFEncodingOptions(),
                                           interfaceColors: RenderJob.interfaceColors(settings))
        return (states, pristine, renderer, palette)
    }

    /// Budgets of one byte (the drawing thread waits after every frame), a few frames, and the
    /// default (it runs ahead freely).
    @Test(arguments: [1, 3 * 40 * 40 * 9, FramePipeline.defaultQueueBudget])
    static func framesEqualFreshDrawingsWithPreparedIndicesOfTheEncoder(queueBudget: Int) throws {
        let (states, pristine, renderer, palette) = try scene()
        let options = GIFEncodingOptions()
        let pipeline = FramePipeline(renderer: renderer, states: states, drawsAhead: true,
                                     preparer: try AnimationEncoder(palette: palette, options: options).makePreparer(),
                                     queueBudget: queueBudget)
        var mapper = FrameIndexMapper(palette: palette.palette, interfaceColors: palette.interfaceColors,
                                      dither: options.dither, orderedStrength: options.orderedStrength)
        var previous: Canvas?
        var preparedFrames = 0
        try pipeline.forEach { (k, frame) throws(RenderGIFError) in
            var fresh = pristine
            _ = fresh.render(states[k])
            #expect(frame.canvas == fresh.canvas, "frame \(k) differs from a fresh drawing")
            if let previous {
                // Nothing outside the damage changed.
                var outside = previous
                outside.copy(frame.damage, from: frame.canvas)
                #expect(outside == frame.canvas, "frame \(k) changed outside its damage")
            } else {
                #expect(frame.damage == frame.canvas.bounds)
            }
            previous = frame.canvas
            if let prepared = frame.prepared {
                preparedFrames += 1
                #expect(prepared.region == frame.damage)
                #expect(prepared.colors == AnimationPixels.packedColors(frame.canvas, frame.damage))
                #expect(prepared.indices == (try? mapper.indices(frame.canvas, region: frame.damage, sprite: frame.spriteBounds)))
            }
        }
        // Every moving frame after the first comes prepared.
        let moves = zip(states, states.dropFirst()).filter { $0.dynamicLayer != $1.dynamicLayer }.count
        #expect(moves > 20)
        #expect(preparedFrames == moves)
    }

    @Test(arguments: [0, 1, 2, 5])
    static func anErrorStopsTheDrawingThread(failingFrame: Int) throws {
        var settings = RenderSettings()
        settings.scale = 1
        let timeline = try SceneSetup.timeline(for: settings)
        let states = (0 ..< 12).map { timeline.state(at: Double($0) / 50) }
        let renderer = FrameRenderer(layout: timeline.layout, scale: 1, images: try AvatarLoader.images(for: settings))
        var seen: [Int] = []
        let pipeline = FramePipeline(renderer: renderer, states: states, drawsAhead: true)
        #expect(throws: RenderGIFError.self) {
            try pipeline.forEach { (k, _) throws(RenderGIFError) in
                seen.append(k)
                if k == failingFrame { throw .limitExceeded("stop at frame \(k)") }
            }
        }
        #expect(seen == Array(0 ... failingFrame))
    }
}
