import ArcScene
import GIFEncoding
import Palette
import Raster
import SafeFiles

/// The animation's frames drawn and encoded into a GIF with one set of encoding options:
/// the palette planned from the distinct pictures, then every frame drawn once, encoded and
/// handed to giflib on its way to a sink. A render makes one pass; with a size budget, one
/// per step of the ladder it tries.
struct EncodingPass {
    /// The renderer, as the last palette plan or pass of frames left it: it draws the frames
    /// itself (a copy would share its canvas up to the first frame and then copy the whole
    /// screen), and copies of it draw the still and the first frame for the opening plan.
    private(set) var renderer: FrameRenderer
    /// The scene at every frame's time.
    let states: [SceneState]
    /// The settings the frames come from (frame times, interface colours).
    let settings: Animation
    /// The animation's length in seconds, the end of the last frame.
    let totalDuration: Double
    /// Asked between frames whether to stop; nil for a render nobody can stop.
    let cancellation: RenderCancellation?

    /// What encoding with one set of options starts from: the global palette, and the first
    /// image and still tables planned beside it from the first frame (see `OpeningPlan`).
    struct Plan {
        /// The global palette.
        let palette: AnimationPalette
        /// The opening planned on a thread of its own while the palette was planned.
        let opening: OpeningPlan?
    }

    /// Plans the palette for `options` (the palette's stage, converted once here), with the
    /// opening planned beside it from the first frame's picture, drawn for it.
    mutating func plan(_ options: GIFEncodingOptions) throws(RenderGIFError) -> Plan {
        let interfaceColors = RenderJob.interfaceColors(settings)
        var opening: OpeningPlan?
        if let first = states.first {
            var drawing = renderer
            _ = drawing.render(first)
            opening = OpeningPlan(canvas: drawing.canvas, options: options, interfaceColors: interfaceColors)
        }
        do {
            let palette = try PalettePlan.make(renderer: &renderer, states: states, options: options,
                                               interfaceColors: interfaceColors, opening: opening)
            return Plan(palette: palette, opening: opening)
        } catch {
            opening?.stop()
            throw RenderGIFError(error)
        }
    }

    /// Encodes every frame with `plan` and `options` into `sink`; with `frames`, also
    /// hands each frame to the PNG writer. Frames are drawn here, one at a time, and handed to
    /// the encoder, which maps and encodes them on workers of its own while the next is drawn
    /// (see `AnimationWriter`). This is the GIF's stage: the encoder's errors (the sink's
    /// included) are converted once, and the first stops it. A frame that `frames` failed to
    /// write stops it too, before the GIF is finished; `OutputTarget.complete` then reports
    /// that failure, before any file is moved into place. A requested cancellation stops it
    /// between frames; the caller then throws `.cancelled`.
    mutating func encode(_ plan: Plan, options: GIFEncodingOptions, to sink: any ByteSink, frames: FramesOutput?,
                         progress: any RenderProgress, timings: inout RenderTimings) throws(RenderGIFError) {
        defer { plan.opening?.stop() }
        let (cancellation, fps, totalDuration) = (self.cancellation, settings.fps, self.totalDuration)
        do throws(GIFEncodingError) {
            let writer = try AnimationWriter(palette: plan.palette, options: options, output: sink, opening: plan.opening)
            let drewEveryFrame = try drawFrames { (k, frame) throws(GIFEncodingError) -> Bool in
                if cancellation?.isCancelled == true { return false }
                timings.lap(.render)
                try writer.addFrame(frame.canvas, time: Self.time(ofFrame: k, fps: fps), damage: frame.damage,
                                    spriteBounds: frame.spriteBounds)
                timings.lap(.encode)
                if let frames {
                    guard frames.write(frame.canvas.image, frame: k) else { return false }
                    timings.lap(.frames)
                }
                progress.renderDidFinishFrame(k)
                return true
            }
            guard drewEveryFrame else { return }
            try writer.finish(totalDuration: totalDuration)
            timings.lap(.encode)
        } catch {
            throw RenderGIFError(error)
        }
    }

    /// Draws every frame again and hands it to `frames` only: the frames of a GIF that had to
    /// fit a size budget, written once the GIF is known to fit (the pictures do not depend on
    /// the encoding, so they are the frames of every attempt). Stops at a frame that failed,
    /// which `OutputTarget.complete` reports.
    mutating func writeFrames(to frames: FramesOutput, timings: inout RenderTimings) {
        let cancellation = self.cancellation
        drawFrames { (k, frame) -> Bool in
            if cancellation?.isCancelled == true { return false }
            timings.lap(.render)
            guard frames.write(frame.canvas.image, frame: k) else { return false }
            timings.lap(.frames)
            return true
        }
    }

    /// Draws frame 0, 1, ... in order with the pass's renderer and calls `body` with each:
    /// what changed since the frame before (the whole canvas for the first frame, whatever
    /// the renderer drew before) and the head's pixels. Stops when `body` returns false, and
    /// returns whether every frame was drawn. `body` must not use the pass, which is being
    /// changed meanwhile.
    @discardableResult
    private mutating func drawFrames<Failure: Error>(_ body: (Int, DrawnFrame) throws(Failure) -> Bool) throws(Failure) -> Bool {
        for k in states.indices {
            let frame = renderer.render(states[k])
            let goesOn = try body(k, DrawnFrame(canvas: renderer.canvas, damage: k == 0 ? renderer.canvas.bounds : frame.damage,
                                                spriteBounds: frame.spriteBounds))
            guard goesOn else { return false }
        }
        return true
    }

    /// Frame k shows t = k / fps.
    static func time(ofFrame k: Int, fps: Int) -> Double {
        Double(k) / Double(fps)
    }
}
