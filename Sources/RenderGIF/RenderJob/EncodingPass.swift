import ArcScene
import GIFEncoding
import ImageCodecs
import Palette
import Raster

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
    let settings: Animation
    /// The animation's length in seconds, the end of the last frame.
    let totalDuration: Double

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
    /// writes each frame as PNG. Frames are drawn here, one at a time, and handed to the
    /// encoder, which maps and encodes them on workers of its own while the next is drawn
    /// (see `AnimationWriter`). Stops at the first error, the sink's included.
    func encode(palette: AnimationPalette, options: GIFEncodingOptions, to sink: any ByteSink, frames: FrameFolder?,
                progress: any RenderProgress, timings: inout RenderTimings) throws(RenderGIFError) {
        let frameWriter = frames.map { _ in PNGFrameWriter() }
        let writer: AnimationWriter
        do { writer = try AnimationWriter(palette: palette, options: options, output: sink) } catch { throw .encoding(error) }
        try drawFrames { (k, frame) throws(RenderGIFError) in
            timings.lap(.render)
            do throws(GIFEncodingError) {
                try writer.addFrame(frame.canvas, time: time(ofFrame: k), damage: frame.damage,
                                    spriteBounds: frame.spriteBounds)
            } catch {
                throw .encoding(error)
            }
            timings.lap(.encode)
            if let frames, let frameWriter { try Self.write(frame.canvas, k, to: frames, with: frameWriter, &timings) }
            progress.renderDidFinishFrame(k)
        }
        do { try writer.finish(totalDuration: totalDuration) } catch { throw .encoding(error) }
        timings.lap(.encode)
        if let frames, let frameWriter { try Self.finish(frames, frameWriter, &timings) }
    }

    /// Draws every frame again and writes it as PNG only: the frames of a GIF that had to fit
    /// a size budget, written once the GIF is known to fit (the pictures do not depend on
    /// the encoding, so they are the frames of every attempt).
    func writeFrames(to frames: FrameFolder, timings: inout RenderTimings) throws(RenderGIFError) {
        let frameWriter = PNGFrameWriter()
        try drawFrames { (k, frame) throws(RenderGIFError) in
            timings.lap(.render)
            try Self.write(frame.canvas, k, to: frames, with: frameWriter, &timings)
        }
        try Self.finish(frames, frameWriter, &timings)
    }

    /// Draws frame 0, 1, ... in order with a copy of the renderer and calls `body` with each:
    /// what changed since the frame before (the whole canvas for the first frame, whatever
    /// the renderer drew before) and the head's pixels.
    private func drawFrames(_ body: (Int, DrawnFrame) throws(RenderGIFError) -> Void) throws(RenderGIFError) {
        var renderer = self.renderer
        for k in states.indices {
            let frame = renderer.render(states[k])
            try body(k, DrawnFrame(canvas: renderer.canvas, damage: k == 0 ? renderer.canvas.bounds : frame.damage,
                                   spriteBounds: frame.spriteBounds))
        }
    }

    /// Frame k shows t = k / fps.
    func time(ofFrame k: Int) -> Double {
        Double(k) / Double(settings.fps)
    }

    private static func write(_ canvas: Canvas, _ k: Int, to frames: FrameFolder, with writer: PNGFrameWriter,
                              _ timings: inout RenderTimings) throws(RenderGIFError) {
        do { try writer.write(canvas.image, frame: k, in: frames) } catch { throw .codec(error) }
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
