import ArcScene
import Foundation
import GIFEncoding
import Raster

/// Draws an animation's frames for a consumer that encodes them, ahead on a second thread
/// when `drawsAhead` is set.
///
/// The drawing thread draws each frame, maps its changed rectangle to the global table (with
/// a preparer) and queues what changed: the pixels of the frame's damage, the rectangle the
/// renderer reports as changed since the frame before. It runs ahead
/// as far as a byte budget allows, so a hold whose frames are slow to encode (each redraws a
/// still tile) lets it draw the next move, whose frames are slow to draw. The consumer keeps
/// one canvas and pastes each frame's damage onto it: everything outside a frame's damage is
/// the same as in the frame before, so its canvas is the whole frame, exactly as the
/// renderer drew it. The consumer sees the same frames in the same order
/// whatever the scheduling, so the output is the same with or without the thread.
final class FramePipeline: @unchecked Sendable {
    /// One drawn frame, as the encoder wants it.
    struct Frame {
        /// The whole picture.
        var canvas: Canvas
        /// What changed since the previous frame (the whole canvas for the first).
        var damage: PixelRect
        /// The moving or resting head's pixels.
        var spriteBounds: PixelRect
        /// The damage read and mapped on the drawing thread (nil: the encoder maps it).
        var prepared: PreparedFrame?
    }

    /// What the drawing thread hands over for one frame.
    private struct Patch {
        /// The frame's damage pixels (the whole canvas for the first frame).
        var pixels: Canvas
        var damage: PixelRect
        var spriteBounds: PixelRect
        var prepared: PreparedFrame?

        /// Bytes it counts for in the queue: four a pixel, what the mapping holds, and a
        /// kilobyte for the frame itself, so frames that change nothing are bounded too.
        var byteCount: Int { 1024 + pixels.width * pixels.height * 4 + (prepared?.byteCount ?? 0) }
    }

    /// How many bytes of drawn frames may wait for the consumer by default: about 20 frames
    /// of a moving head at the default size.
    static let defaultQueueBudget = 2 << 20

    private let states: [SceneState]
    private var renderer: FrameRenderer
    private let drawsAhead: Bool
    /// Maps each frame's damage on the drawing thread (only when drawing ahead).
    private let preparer: FramePreparer?
    /// How many bytes of drawn frames may wait for the consumer (one frame always may).
    private let queueBudget: Int

    /// Drawn frames waiting for the consumer, oldest first, and their bytes; only under
    /// `condition`, which both threads wait on (the consumer for a frame, the drawing thread
    /// for room).
    private var queue: [Patch] = []
    private var queuedBytes = 0
    /// Set by the consumer when it leaves (done or failed); only under `condition`.
    private var stopped = false
    private let condition = NSCondition()

    /// A pipeline drawing `states` (one per frame) with `renderer`; with `preparer`, the
    /// drawing thread also maps each frame's damage for the encoder.
    init(renderer: FrameRenderer, states: [SceneState], drawsAhead: Bool, preparer: FramePreparer? = nil,
         queueBudget: Int = defaultQueueBudget) {
        self.states = states
        self.renderer = renderer
        self.queueBudget = queueBudget
        self.drawsAhead = drawsAhead && states.count > 1
        self.preparer = self.drawsAhead ? preparer : nil
    }

    /// Calls `body` with every frame in order; stops at the first error `body` throws.
    func forEach(_ body: (Int, Frame) throws(RenderGIFError) -> Void) throws(RenderGIFError) {
        guard drawsAhead else {
            for k in 0 ..< states.count {
                let (damage, spriteBounds) = draw(k)
                try body(k, Frame(canvas: renderer.canvas, damage: damage, spriteBounds: spriteBounds))
            }
            return
        }
        // A thread of its own rather than one of Dispatch's workers, which the encoder's
        // concurrent steps use: a worker waiting for room in the queue still counts as busy.
        let drawingEnded = DispatchSemaphore(value: 0)
        Thread {
            self.drawAll()
            drawingEnded.signal()
        }.start()
        defer {
            condition.withLock {
                stopped = true
                condition.broadcast()
            }
            drawingEnded.wait()
        }
        var screen = Canvas(width: 0, height: 0)
        for k in 0 ..< states.count {
            let patch = condition.withLock {
                while queue.isEmpty { condition.wait() }
                let patch = queue.removeFirst()
                queuedBytes -= patch.byteCount
                condition.broadcast()
                return patch
            }
            if k == 0 {
                screen = patch.pixels
            } else if !patch.damage.isEmpty {
                screen.paste(patch.pixels, atX: patch.damage.x, y: patch.damage.y)
            }
            try body(k, Frame(canvas: screen, damage: patch.damage, spriteBounds: patch.spriteBounds,
                              prepared: patch.prepared))
        }
    }

    /// The drawing thread: each frame drawn, mapped and queued once there is room.
    private func drawAll() {
        for k in 0 ..< states.count {
            let (damage, spriteBounds) = draw(k)
            let canvas = renderer.canvas
            // The first frame is the whole screen, which the encoder plans a table of its own
            // for: mapping it to the global table would be wasted.
            let prepared = k == 0 ? nil : preparer?.prepare(canvas, damage: damage, spriteBounds: spriteBounds)
            let patch = Patch(pixels: k == 0 ? canvas : canvas.cropped(to: damage), damage: damage,
                              spriteBounds: spriteBounds, prepared: prepared)
            let queued = condition.withLock {
                while !stopped, !queue.isEmpty, queuedBytes + patch.byteCount > queueBudget { condition.wait() }
                guard !stopped else { return false }
                queue.append(patch)
                queuedBytes += patch.byteCount
                condition.broadcast()
                return true
            }
            if !queued { return }
        }
    }

    /// Draws frame k with the renderer: what changed since frame k − 1 (the renderer's own
    /// damage, since it draws every frame in order; the whole canvas for the first frame,
    /// whatever the renderer drew before), and the head's pixels.
    private func draw(_ k: Int) -> (damage: PixelRect, spriteBounds: PixelRect) {
        let frame = renderer.render(states[k])
        return (k == 0 ? renderer.canvas.bounds : frame.damage, frame.spriteBounds)
    }
}
