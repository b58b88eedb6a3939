import ArcScene
import ImageCodecs
import Palette
import Raster
import SceneRenderer

/// What a finished render reports.
public struct RenderReport: Sendable {
    /// Frames sampled from the timeline (before identical frames were merged).
    public var frameCount: Int
    /// What the encoder did: frames written and merged, bytes, duration.
    public var statistics: AnimationEncodingStatistics
    /// Where the time went.
    public var timings: RenderTimings
    /// The files written, or with `--check` compared: the GIF, then the poster if any.
    public var outputs: [String]
}

/// One render from an invocation to a GIF (or a comparison with one, for `--check`):
/// settings, images, two passes over the frames (the first plans the palette, the second
/// encodes), optional PNG frames, then the output moved into place.
///
/// Memory stays bounded by a few frames whatever the animation's length: frames are drawn,
/// encoded and dropped one at a time.
public enum RenderJob {
    /// Runs the render `invocation` asks for, reporting progress as frames are encoded.
    public static func run(_ invocation: Invocation, progress: any RenderProgress) throws(RenderGIFError) -> RenderReport {
        var timings = RenderTimings()
        let settings = try timings.measure(.setup) { () throws(RenderGIFError) in try invocation.resolveSettings() }
        let timeline = try timings.measure(.setup) { () throws(RenderGIFError) in try SceneSetup.timeline(for: settings) }
        let frameCount: Int
        do {
            frameCount = try timeline.frameCount(fps: settings.fps)
        } catch {
            throw .limitExceeded("the animation cannot be sampled: \(error)")
        }
        let images = try timings.measure(.decode) { () throws(RenderGIFError) in try AvatarLoader.images(for: settings) }
        let options = encodingOptions(settings)
        // The output first: a bad output path must fail before --frames creates a folder.
        let output = try OutputTarget(invocation, settings: settings)
        let frames = try codec { () throws(ImageCodecError) in
            try invocation.framesFolder.map { path throws(ImageCodecError) in try FrameFolder(path: path, frameCount: frameCount) }
        }
        let frameWriter = frames.map { _ in PNGFrameWriter() }

        let firstPass = timings.measure(.render) {
            FrameRenderer(layout: timeline.layout, scale: settings.scale, images: images,
                          gravity: settings.contentGravity)
        }
        let palette = try planPalette(renderer: firstPass, timeline: timeline, settings: settings,
                                      frameCount: frameCount, options: options, timings: &timings)

        var renderer = firstPass
        let encoder = try codec { () throws(ImageCodecError) in
            try AnimationEncoder(sink: output.sink, palette: palette, options: options)
        }
        progress.renderDidStart(totalFrames: frameCount)
        for k in 0..<frameCount {
            let time = Double(k) / Double(settings.fps)
            let state = timeline.state(at: time)
            let frame = timings.measure(.render) { renderer.render(state) }
            try timings.measure(.encode) { () throws(RenderGIFError) in
                try codec { () throws(ImageCodecError) in
                    try encoder.addFrame(renderer.canvas, time: time, damage: frame.damage, spriteBounds: frame.spriteBounds)
                }
            }
            if let frames, let frameWriter {
                try timings.measure(.frames) { () throws(RenderGIFError) in
                    try codec { () throws(ImageCodecError) in
                        try frameWriter.write(renderer.canvas.image, to: frames.filePath(ofFrame: k))
                    }
                }
            }
            progress.renderDidFinishFrame(k)
        }
        let statistics = try timings.measure(.encode) { () throws(RenderGIFError) in
            try codec { () throws(ImageCodecError) in try encoder.finish(totalDuration: timeline.totalDuration) }
        }
        if let frameWriter {
            try timings.measure(.frames) { () throws(RenderGIFError) in
                try codec { () throws(ImageCodecError) in try frameWriter.finish(); try frames?.removeOtherFrames() }
            }
        }
        try timings.measure(.write) { () throws(RenderGIFError) in try output.complete(posterFrom: firstPass, timeline: timeline) }
        progress.renderDidFinish()
        return RenderReport(frameCount: frameCount, statistics: statistics, timings: timings, outputs: output.paths)
    }

    /// The first pass: every frame's moving layer, weighted by time on screen, plus the
    /// static scene, into one palette.
    private static func planPalette(renderer: FrameRenderer, timeline: Timeline, settings: RenderSettings,
                                    frameCount: Int, options: GIFEncodingOptions,
                                    timings: inout RenderTimings) throws(RenderGIFError) -> AnimationPalette {
        var renderer = renderer
        let width = renderer.pixelWidth, height = renderer.pixelHeight
        var planner = try codec { () throws(ImageCodecError) in
            try AnimationPalettePlanner(width: width, height: height, interfaceColors: interfaceColors(settings), options: options)
        }
        try timings.measure(.palette) { () throws(RenderGIFError) in
            try codec { () throws(ImageCodecError) in try planner.addStaticFrame(renderer.staticCanvas, frameCount: frameCount) }
        }
        // Frames showing the same state (the holds) are drawn once and weighted by their count.
        var k = 0
        while k < frameCount {
            let state = timeline.state(at: Double(k) / Double(settings.fps))
            var run = 1
            while k + run < frameCount, timeline.state(at: Double(k + run) / Double(settings.fps)) == state { run += 1 }
            let frame = timings.measure(.render) { renderer.render(state) }
            let weight = Double(run)
            try timings.measure(.palette) { () throws(RenderGIFError) in
                try codec { () throws(ImageCodecError) in
                    try planner.addFrame(renderer.canvas, spriteBounds: frame.spriteBounds, weight: weight)
                }
            }
            k += run
        }
        return try timings.measure(.palette) { () throws(RenderGIFError) in
            try codec { () throws(ImageCodecError) in try planner.makePalette() }
        }
    }

    /// The interface's flat colours, which the GIF reproduces exactly.
    static func interfaceColors(_ settings: RenderSettings) -> InterfaceColors {
        func rgb(_ c: SceneColor) -> RGB8 { RGB8(c.r, c.g, c.b) }
        return InterfaceColors(background: rgb(settings.backgroundColor),
                               lines: [rgb(settings.arcColor), rgb(settings.borderColor)],
                               others: [rgb(settings.movingBackgroundColor)])
    }

    /// The encoder's options. `loop` counts plays: 0 forever, 1 once (no loop block), n
    /// plays as a NETSCAPE2.0 repeat count of n − 1.
    static func encodingOptions(_ settings: RenderSettings) -> GIFEncodingOptions {
        let loopCount: Int? = settings.loop == 0 ? 0 : (settings.loop == 1 ? nil : settings.loop - 1)
        return GIFEncodingOptions(colors: settings.colors, dither: settings.dither, loopCount: loopCount)
    }

    /// Runs codec work, wrapping its errors.
    static func codec<T>(_ work: () throws(ImageCodecError) -> T) throws(RenderGIFError) -> T {
        do {
            return try work()
        } catch {
            throw .codec(error)
        }
    }
}
