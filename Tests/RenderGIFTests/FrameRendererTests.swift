@testable import ArcScene
import Foundation
@testable import Raster
import Testing
@testable import RenderGIF

@Suite enum FrameRendererTests {
    /// Every frame of a multi-tap animation, rendered incrementally, equals a full redraw, and
    /// every pixel that changed between consecutive frames lies inside the reported damage.
    @Test(arguments: [(scale: 1, fps: 25), (scale: 3, fps: 6)])
    static func incrementalEqualsFullRedraw(scale: Int, fps: Int) throws {
        let timeline = try SceneFixtures.timeline(taps: [1, 3, 0, 2, 2, 1])
        var renderer = FrameRenderer(layout: timeline.layout, scale: scale, images: SceneFixtures.images())
        var previous: Canvas?
        let count = try timeline.frameCount(fps: fps)
        for k in 0..<count {
            let state = timeline.state(at: try timeline.frameTime(k, fps: fps))
            let frame = renderer.render(state)
            #expect(renderer.canvas == renderer.fullRedraw(state), "frame \(k) differs from a full redraw")
            if let previous {
                if let changed = changedBounds(previous, renderer.canvas) {
                    #expect(frame.damage.contains(changed), "frame \(k) changed pixels in \(changed), outside its damage \(frame.damage)")
                }
            } else {
                #expect(frame.damage == renderer.canvas.bounds)
            }
            previous = renderer.canvas
        }
    }

    /// A frame whose state equals the previous one's changes no pixel and reports no damage.
    @Test static func holdFramesAreIdentical() throws {
        let timeline = try SceneFixtures.timeline(taps: [2])
        var renderer = FrameRenderer(layout: timeline.layout, scale: 2, images: SceneFixtures.images())
        _ = renderer.render(timeline.state(at: 0))
        let first = renderer.canvas
        let frame = renderer.render(timeline.state(at: 0.05))
        #expect(renderer.canvas == first)
        #expect(frame.damage.isEmpty && !frame.spriteBounds.isEmpty)
        #expect(!frame.isMoving)
    }

    /// The sprite bounds hold the whole layer: 50 pt at scale 2 is 100 px, plus at most one
    /// pixel of partial coverage on each side.
    @Test static func spriteBoundsHoldTheLayer() throws {
        let timeline = try SceneFixtures.timeline(taps: [3])
        var renderer = FrameRenderer(layout: timeline.layout, scale: 2, images: SceneFixtures.images())
        for t in stride(from: 0.0, through: timeline.totalDuration, by: 0.05) {
            let state = timeline.state(at: t)
            let frame = renderer.render(state)
            let c = state.dynamicLayer.center
            let exact = (minX: (c.x - 25) * 2, minY: (c.y - 25) * 2, maxX: (c.x + 25) * 2, maxY: (c.y + 25) * 2)
            #expect(Double(frame.spriteBounds.x) <= exact.minX && Double(frame.spriteBounds.maxX) >= exact.maxX)
            #expect(Double(frame.spriteBounds.y) <= exact.minY && Double(frame.spriteBounds.maxY) >= exact.maxY)
            #expect(frame.spriteBounds.width <= 102 && frame.spriteBounds.height <= 102)
        }
    }

    /// Two renderers given the same input produce identical bytes.
    @Test static func renderingIsDeterministic() throws {
        let timeline = try SceneFixtures.timeline(taps: [2, 0])
        var a = FrameRenderer(layout: timeline.layout, scale: 2, images: SceneFixtures.images())
        var b = FrameRenderer(layout: timeline.layout, scale: 2, images: SceneFixtures.images())
        for t in [0.0, 0.3, 0.45, 0.9, 1.7] {
            _ = a.render(timeline.state(at: t))
            _ = b.render(timeline.state(at: t))
            #expect(a.canvas.pixels == b.canvas.pixels)
        }
    }

    /// The smallest rectangle holding every pixel that differs between two canvases of one
    /// size, or nil when they are equal: rows are compared whole, and only rows that differ
    /// pixel by pixel.
    static func changedBounds(_ a: Canvas, _ b: Canvas) -> PixelRect? {
        var minX = Int.max, minY = Int.max, maxX = -1, maxY = -1
        let rowBytes = a.width * 4
        a.pixels.withUnsafeBufferPointer { p in
            b.pixels.withUnsafeBufferPointer { q in
                for y in 0..<a.height where memcmp(p.baseAddress! + y * rowBytes, q.baseAddress! + y * rowBytes, rowBytes) != 0 {
                    minY = min(minY, y)
                    maxY = y
                    for x in 0..<a.width {
                        let i = y * rowBytes + x * 4
                        if p[i] != q[i] || p[i + 1] != q[i + 1] || p[i + 2] != q[i + 2] || p[i + 3] != q[i + 3] {
                            minX = min(minX, x)
                            maxX = max(maxX, x)
                        }
                    }
                }
            }
        }
        guard maxY >= 0 else { return nil }
        return PixelRect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
    }
}
