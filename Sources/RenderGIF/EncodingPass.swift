import ArcScene
import GIFEncoding
import ImageCodecs
import Palette
import Raster
import SceneRenderer

/// The animation's frames drawn and encoded into a GIF with one set of encoding options:
/// the palette planned from the distinct pictures, then every frame drawn once, encoded and
/// handed to giflib on its way to a sink. A render makes one pass; with a size budget, one
/// per step of the ladder it tries.
struct EncodingPass {
    /// The renderer, as the last palette plan left it (copies draw the frames and the still).
    private(set) var renderer: FrameRenderer
    /// The scene at every frame's time.
    let states: [SceneState]
    /// The settings the frames come from (frame times, interface colours).
    let settings: RenderSettings
    /// The animation's length in seconds, the end of the last frame.
    let totalDuration: Double
    /// Whether frames are drawn ahead on a second thread (as far as the pipeline's queue
    /// allows) while earlier ones are encoded.
    let drawsAhead: Bool

    /// Plans the palette for `options`.
    mutating func palette(_ options: GIFEncodingOptions) throws(RenderGIFError) -> AnimationPalette {
        do {
            return try PalettePlan.make(renderer: &renderer, states: states, options: options,
                                        interfaceColors: RenderJob.interfaceColors(settings))
        } catch {
            throw .encoding(error)
        }
    }

    /// Encodes every frame with `palette` and `options` into `sink`; with `frames`, also
    /// writes each frame as PNG. Stops at the first error,
    /// the sink's included.
    func encode(palette: AnimationPalette, options: GIFEncodingOptions, to sink: any ByteSink, frames: FrameFolder?,
                progress: any RenderProgress, timings: inout RenderTimings) throws(RenderGIFError) {
        let gif: GIFStreamWriter
        let encoder: AnimationEncoder
        do { gif = try GIFStreamWriter(sink: sink) } catch { throw .codec(error) }
        do { encoder = try AnimationEncoder(palette: palette, options: options) } catch { throw .encoding(error) }
        let frameWriter = frames.map { _ in PNGFrameWriter() }
        let pipeline = FramePipeline(renderer: renderer, states: states, drawsAhead: drawsAhead,
                                     preparer: encoder.makePreparer())
        timings.lap(.render)
        try pipeline.forEach { (k, frame) throws(RenderGIFError) in
            do throws(GIFEncodingError) {
                try encoder.addFrame(frame.canvas, time: time(ofFrame: k), damage: frame.damage,
                                     spriteBounds: frame.spriteBounds, prepared: frame.prepared)
            } catch {
                throw .encoding(error)
            }
            try Self.write(encoder.takeParts(), to: gif)
            timings.lap(.encode)
            if let frames, let frameWriter { try Self.write(frame, k, to: frames, with: frameWriter, &timings) }
            progress.renderDidFinishFrame(k)
        }
        do { _ = try encoder.finish(totalDuration: totalDuration) } catch { throw .encoding(error) }
        try Self.write(encoder.takeParts(), to: gif)
        timings.lap(.encode)
        if let frames, let frameWriter { try Self.finish(frames, frameWriter, &timings) }
    }

    /// Draws every frame again and writes it as PNG only: the frames of a GIF that had to fit
    /// a size budget, written once the GIF is known to fit (the pictures do not depend on
    /// the encoding, so they are the frames of every attempt).
    func writeFrames(to frames: FrameFolder, timings: inout RenderTimings) throws(RenderGIFError) {
        let frameWriter = PNGFrameWriter()
        let pipeline = FramePipeline(renderer: renderer, states: states, drawsAhead: drawsAhead)
        try pipeline.forEach { (k, frame) throws(RenderGIFError) in
            timings.lap(.render)
            try Self.write(frame, k, to: frames, with: frameWriter, &timings)
        }
        try Self.finish(frames, frameWriter, &timings)
    }

    /// Frame k shows t = k / fps.
    func time(ofFrame k: Int) -> Double {
        Double(k) / Double(settings.fps)
    }

    /// Writes the encoder's parts through giflib to the output (a file being written, or a comparison).
    private static func write(_ parts: [GIFStreamPart], to gif: GIFStreamWriter) throws(RenderGIFError) {
        do { try gif.write(parts) } catch { throw .codec(error) }
    }

    private static func write(_ frame: FramePipeline.Frame, _ k: Int, to frames: FrameFolder, with writer: PNGFrameWriter,
                              _ timings: inout RenderTimings) throws(RenderGIFError) {
        do { try writer.write(frame.canvas.image, frame: k, in: frames) } catch { throw .codec(error) }
        timings.lap(.frames)
    }

    /// Waits for the last frame (the frames stay in the folder's staging folder until the
    /// render commits them).
    private static func finish(_ frames: FrameFolder, _ writer: PNGFrameWriter,
                               _ timings: inout RenderTimings) throws(RenderGIFError) {
        do {
            try writer.finish()
        } catch {
            throw .codec(error)
        }
        timings.lap(.frames)
    }
}
