import ArcScene
import GIFEncoding
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
/// settings, images, the palette planned from the distinct pictures the animation shows,
/// then every frame drawn once and encoded, optional PNG frames, and the output moved into place.
///
/// Memory stays bounded by a few frames whatever the animation's length: frames are drawn,
/// encoded and dropped one at a time, and each compressed image goes straight to giflib,
/// which writes it to the output.
public enum RenderJob {
    /// Runs the render `invocation` asks for, reporting progress from the start to the end.
    public static func run(_ invocation: Invocation, progress: any RenderProgress) throws(RenderGIFError) -> RenderReport {
        try run(invocation, progress: progress, threads: 2)
    }

    /// `run(_:progress:)` on `threads` threads (1 or 2): one draws the next frame and
    /// shares the encoding of each frame's variants with the other. The bytes are the same
    /// for any number.
    static func run(_ invocation: Invocation, progress: any RenderProgress,
                    threads: Int) throws(RenderGIFError) -> RenderReport {
        var timings = RenderTimings()
        timings.start()
        let settings = try invocation.resolveSettings()
        let timeline = try SceneSetup.timeline(for: settings)
        let frameCount: Int
        do {
            frameCount = try timeline.frameCount(fps: settings.fps)
        } catch {
            throw .invalidScene(error)
        }
        // The outputs first: a bad output path, or with --check a missing file, fails before
        // progress starts and before --frames creates a folder.
        let output = try OutputTarget(invocation, settings: settings)
        let gif: GIFStreamWriter
        do { gif = try GIFStreamWriter(sink: output.sink) } catch { throw .codec(error) }
        progress.renderDidStart(totalFrames: frameCount)
        timings.lap(.setup)
        let images = try AvatarLoader.images(for: settings)
        timings.lap(.decode)

        let frames: FrameFolder?
        do {
            frames = try invocation.framesFolder.map { path throws(ImageCodecError) in try FrameFolder(path: path, frameCount: frameCount) }
        } catch {
            throw .codec(error)
        }
        let frameWriter = frames.map { _ in PNGFrameWriter() }

        var renderer = FrameRenderer(layout: timeline.layout, scale: settings.scale, images: images,
                                     gravity: settings.contentGravity)
        let states = (0 ..< frameCount).map { timeline.state(at: time(ofFrame: $0, settings)) }
        timings.lap(.render)
        var options = encodingOptions(settings)
        options.isParallel = threads > 1
        let encoder: AnimationEncoder
        do {
            let plan = try PalettePlan.make(renderer: &renderer, states: states, options: options,
                                            interfaceColors: interfaceColors(settings))
            encoder = try AnimationEncoder(palette: plan, options: options)
        } catch {
            throw .encoding(error)
        }
        timings.lap(.palette)

        let pipeline = FramePipeline(renderer: renderer, states: states, drawsAhead: threads > 1)
        timings.lap(.render)
        try pipeline.forEach { (k, frame) throws(RenderGIFError) in
            do throws(GIFEncodingError) {
                try encoder.addFrame(frame.canvas, time: time(ofFrame: k, settings), damage: frame.damage,
                                     spriteBounds: frame.spriteBounds)
            } catch {
                throw .encoding(error)
            }
            try write(encoder.takeParts(), to: gif)
            timings.lap(.encode)
            if let frames, let frameWriter {
                do throws(ImageCodecError) {
                    try frameWriter.write(frame.canvas.image, to: frames.filePath(ofFrame: k))
                } catch {
                    throw .codec(error)
                }
                timings.lap(.frames)
            }
            progress.renderDidFinishFrame(k)
        }
        let statistics: AnimationEncodingStatistics
        do {
            statistics = try encoder.finish(totalDuration: timeline.totalDuration)
        } catch {
            throw .encoding(error)
        }
        try write(encoder.takeParts(), to: gif)
        timings.lap(.encode)
        if let frameWriter {
            do {
                try frameWriter.finish()
                try frames?.removeOtherFrames()
            } catch {
                throw .codec(error)
            }
            timings.lap(.frames)
        }
        try output.complete(posterFrom: renderer, timeline: timeline)
        timings.lap(.write)
        progress.renderDidFinish()
        return RenderReport(frameCount: frameCount, statistics: statistics, timings: timings, outputs: output.paths)
    }

    /// Frame k shows t = k / fps.
    private static func time(ofFrame k: Int, _ settings: RenderSettings) -> Double {
        Double(k) / Double(settings.fps)
    }

    /// Writes the encoder's parts through giflib to the output (a file being written, or a comparison).
    private static func write(_ parts: [GIFStreamPart], to gif: GIFStreamWriter) throws(RenderGIFError) {
        do { try gif.write(parts) } catch { throw .codec(error) }
    }

    /// The interface's flat colours, which the GIF reproduces exactly.
    static func interfaceColors(_ settings: RenderSettings) -> InterfaceColors {
        InterfaceColors(background: settings.backgroundColor,
                        lines: [settings.arcColor, settings.borderColor],
                        others: [settings.movingBackgroundColor])
    }

    /// The encoder's options. `loop` counts plays: 0 forever, 1 once (no loop block), n
    /// plays as a NETSCAPE2.0 repeat count of n − 1.
    static func encodingOptions(_ settings: RenderSettings) -> GIFEncodingOptions {
        let loopCount: Int? = settings.loop == 0 ? 0 : (settings.loop == 1 ? nil : settings.loop - 1)
        return GIFEncodingOptions(colors: settings.colors, dither: settings.dither, loopCount: loopCount)
    }
}
