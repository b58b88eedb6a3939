import ArcScene
import Dispatch
import Foundation
import Raster
import SceneRenderer

/// Draws an animation's frames for a consumer that encodes them, one frame ahead on a
/// second thread when `drawsAhead` is set: frame k + 1 is drawn while frame k is encoded.
///
/// Two renderers take turns (even and odd frames), each drawing into its own canvas, so the
/// frame being encoded is never touched while the next one is drawn. A frame's damage is
/// what changed since the frame before it, found from the two frames' sprite bounds, exactly
/// as one renderer drawing every frame reports it. The consumer sees the same frames in the
/// same order whatever the scheduling, so the output is the same with or without the thread.
final class FramePipeline: @unchecked Sendable {
    /// One drawn frame, as the encoder wants it.
    struct Frame {
        /// The whole picture.
        var canvas: Canvas
        /// What changed since the previous frame (the whole canvas for the first).
        var damage: PixelRect
        /// The moving or resting head's pixels.
        var spriteBounds: PixelRect
    }

    private let states: [SceneState]
    private var renderers: [FrameRenderer]
    private let drawsAhead: Bool
    /// The frame each of the two slots holds: filled by the drawing thread, emptied by the
    /// consumer, each in turn as the semaphores allow (a box each, so the two threads never
    /// touch the same value at once).
    private let slots = [Slot(), Slot()]
    private let filled = [DispatchSemaphore(value: 0), DispatchSemaphore(value: 0)]
    /// Signalled once each at the start: both slots are free. (Made at 0 and signalled, since
    /// libdispatch refuses to free a semaphore left below the value it was made with, which
    /// happens when the consumer stops early.)
    private let emptied = [DispatchSemaphore(value: 0), DispatchSemaphore(value: 0)]
    /// Set by the consumer when it leaves (done or failed), read by the drawing thread; only
    /// under `stopLock`.
    private var stopped = false
    private let stopLock = NSLock()
    private var previousSprite: PixelRect?

    /// A pipeline drawing `states` (one per frame) with copies of `renderer`.
    init(renderer: FrameRenderer, states: [SceneState], drawsAhead: Bool) {
        self.states = states
        renderers = [renderer, renderer]
        self.drawsAhead = drawsAhead && states.count > 1
        for semaphore in emptied { semaphore.signal() }
    }

    /// Calls `body` with every frame in order; stops at the first error `body` throws.
    func forEach(_ body: (Int, Frame) throws(RenderGIFError) -> Void) throws(RenderGIFError) {
        guard drawsAhead else {
            for k in 0 ..< states.count { try body(k, draw(k)) }
            return
        }
        let drawing = DispatchGroup()
        DispatchQueue.global().async(group: drawing) { self.drawAll() }
        defer {
            stopLock.withLock { stopped = true }
            for semaphore in emptied { semaphore.signal() }
            drawing.wait()
        }
        for k in 0 ..< states.count {
            let slot = k % 2
            filled[slot].wait()
            guard let frame = slots[slot].frame else { preconditionFailure("frame \(k) was signalled but not drawn") }
            slots[slot].frame = nil
            try body(k, frame)
            emptied[slot].signal()
        }
    }

    /// The drawing thread: each frame into its slot once the slot is free.
    private func drawAll() {
        for k in 0 ..< states.count {
            let slot = k % 2
            emptied[slot].wait()
            if stopLock.withLock({ stopped }) { return }
            slots[slot].frame = draw(k)
            filled[slot].signal()
        }
    }

    /// One frame's place between the two threads.
    private final class Slot {
        var frame: Frame?
    }

    /// Draws frame k with its renderer and works out what changed since frame k − 1.
    private func draw(_ k: Int) -> Frame {
        let slot = drawsAhead ? k % 2 : 0
        let spriteBounds = renderers[slot].render(states[k]).spriteBounds
        let canvas = renderers[slot].canvas
        let damage: PixelRect
        if let previousSprite {
            if states[k].dynamicLayer == states[k - 1].dynamicLayer {
                damage = PixelRect(x: previousSprite.x, y: previousSprite.y, width: 0, height: 0)
            } else {
                damage = previousSprite.union(spriteBounds)
            }
        } else {
            damage = canvas.bounds
        }
        previousSprite = spriteBounds
        return Frame(canvas: canvas, damage: damage, spriteBounds: spriteBounds)
    }
}
