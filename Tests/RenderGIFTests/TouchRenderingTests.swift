@testable import ArcScene
@testable import Raster
import Foundation
import Testing
@testable import RenderGIF

/// Touch indicators in rendered frames: drawn incrementally as a full redraw draws them,
/// nothing changed outside their windows or their radius, and their fade as the formula says.
@Suite enum TouchRenderingTests {
    static let style = TouchIndicatorStyle()

    /// Taps with moves, a tap on the resting button and overlapping fades (hold 0.1 s, fade
    /// 0.25 s), with the timeline drawn both ways.
    static func timelines(taps: [Int] = [1, 1, 3, 0, 2], hold: Double = 0.1) throws -> (touches: Timeline, plain: Timeline) {
        (try Timeline(layout: SceneLayout(), taps: taps, hold: hold, touches: TouchTiming()),
         try Timeline(layout: SceneLayout(), taps: taps, hold: hold))
    }

    static func renderer(scale: Int) -> FrameRenderer {
        FrameRenderer(layout: SceneLayout(), scale: scale, images: SceneFixtures.images(), touchStyle: style)
    }

    /// Every frame drawn incrementally equals a full redraw, and every pixel that changed lies
    /// inside the reported damage, which holds the indicators' bounds.
    @Test static func incrementalEqualsFullRedraw() throws {
        let (timeline, _) = try timelines()
        var renderer = renderer(scale: 1)
        var previous: Canvas?
        for k in 0 ..< (try timeline.frameCount(fps: 50)) {
            let state = timeline.state(at: Double(k) / 50)
            let frame = renderer.render(state)
            #expect(renderer.canvas.pixels == renderer.fullRedraw(state).pixels, "frame \(k) differs from a full redraw")
            if let previous {
                let changed = changedPixels(previous, renderer.canvas)
                #expect(changed.allSatisfy { frame.damage.contains(PixelRect(x: $0.x, y: $0.y, width: 1, height: 1)) },
                        "frame \(k) changed pixels outside its damage \(frame.damage)")
            }
            #expect(state.touches.isEmpty == frame.touchBounds.isEmpty)
            previous = renderer.canvas
        }
    }

    /// Outside every touch window a frame is byte for byte the frame without touches; inside,
    /// only pixels within an indicator's radius (their square meets the disc) differ, and
    /// some do.
    @Test static func touchesChangeOnlyTheirWindowsAndDiscs() throws {
        let (timeline, plain) = try timelines()
        var touched = renderer(scale: 1), untouched = renderer(scale: 1)
        let radius = style.diameter / 2
        var framesInWindows = 0
        for k in 0 ..< (try timeline.frameCount(fps: 25)) {
            let t = Double(k) / 25
            _ = touched.render(timeline.state(at: t))
            _ = untouched.render(plain.state(at: t))
            let inWindow = timeline.touchWindows.contains { $0.lowerBound - 1e-9 <= t && t < $0.upperBound - 1e-9 }
            #expect(inWindow == !timeline.state(at: t).touches.isEmpty, "t = \(t)")
            guard inWindow else {
                #expect(touched.canvas.pixels == untouched.canvas.pixels, "frame \(k) outside every window differs")
                continue
            }
            framesInWindows += 1
            let centres = timeline.state(at: t).touches.map(\.center)
            let changed = changedPixels(untouched.canvas, touched.canvas)
            if timeline.state(at: t).touches.contains(where: { style.alpha(presence: $0.presence) > 0 }) {
                #expect(!changed.isEmpty, "frame \(k) shows no touch")
            }
            for pixel in changed {
                let near = centres.contains { centre in
                    let dx = max(Double(pixel.x) - centre.x, 0, centre.x - Double(pixel.x + 1))
                    let dy = max(Double(pixel.y) - centre.y, 0, centre.y - Double(pixel.y + 1))
                    return dx * dx + dy * dy < radius * radius
                }
                #expect(near, "frame \(k): pixel \(pixel) changed outside every indicator")
            }
        }
        #expect(framesInWindows > 25)
    }

    /// At chosen times of the fade, a pixel fully inside the disc (and off the rim) is the
    /// frame without touches with the indicator's colour composited over it at alpha
    /// round(255 · opacity · (1 − (t − lift) / fade)), premultiplied as c·a/255 to nearest.
    @Test(arguments: [0.6, 0.64, 0.7, 0.76, 0.82])
    static func fadeOpacityFollowsTheFormula(time: Double) throws {
        let (timeline, plain) = try timelines(taps: [2], hold: 0.6)
        var touched = renderer(scale: 2), untouched = renderer(scale: 2)
        _ = touched.render(timeline.state(at: time))
        _ = untouched.render(plain.state(at: time))
        let presence = time <= 0.6 ? 1 : 1 - (time - 0.6) / 0.25
        let alpha = Int((255 * 0.6 * presence).rounded())
        let centre = SceneLayout().buttonCenter(2)
        // A pixel 5 px right of and above the centre: well inside the 32 px radius and its rim.
        let x = Int(centre.x * 2) + 5, y = Int(centre.y * 2) - 5
        let under = try #require(untouched.canvas.pixel(x: x, y: y))
        let shown = try #require(touched.canvas.pixel(x: x, y: y))
        func expected(_ color: Int, _ destination: UInt8) -> UInt8 {
            let source = (color * alpha + 127) / 255
            return UInt8((Double(source) + Double(destination) * Double(255 - alpha) / 255).rounded())
        }
        #expect(shown == PremultipliedColor(premultipliedRed: expected(200, under.red), green: expected(200, under.green),
                                            blue: expected(200, under.blue), alpha: 255), "t = \(time), alpha \(alpha)")
    }

    /// A tap on the button the head rests on shows a touch there while the head stays put:
    /// only the indicator's pixels differ from the frame without touches.
    @Test static func noOpTapShowsATouch() throws {
        let (timeline, plain) = try timelines(taps: [0], hold: 0.6)
        var touched = renderer(scale: 1), untouched = renderer(scale: 1)
        let touchFrame = touched.render(timeline.state(at: 0.55))
        _ = untouched.render(plain.state(at: 0.55))
        #expect(timeline.state(at: 0.55).dynamicLayer == plain.state(at: 0.55).dynamicLayer)
        let changed = changedPixels(untouched.canvas, touched.canvas)
        #expect(changed.count > 500)
        #expect(changed.allSatisfy { touchFrame.touchBounds.contains(PixelRect(x: $0.x, y: $0.y, width: 1, height: 1)) })
    }

    /// While the finger is down and nothing moves, frames repeat: no damage, so the still
    /// frames around a touch stay cheap; the damage of the touch-down is the indicator alone.
    @Test static func damageIsTheIndicator() throws {
        let (timeline, _) = try timelines(taps: [3], hold: 0.6)
        var renderer = renderer(scale: 2)
        _ = renderer.render(timeline.state(at: 0.48))
        let down = renderer.render(timeline.state(at: 0.5))
        #expect(down.damage == down.touchBounds && !down.damage.isEmpty)
        #expect(down.damage.width <= 66 && down.damage.height <= 66)
        let held = renderer.render(timeline.state(at: 0.52))
        #expect(held.damage.isEmpty)
    }

    /// The pixels that differ between two canvases of one size, found a row at a time.
    static func changedPixels(_ a: Canvas, _ b: Canvas) -> [(x: Int, y: Int)] {
        var changed: [(x: Int, y: Int)] = []
        let rowBytes = a.width * 4
        a.pixels.withUnsafeBytes { first in
            b.pixels.withUnsafeBytes { second in
                for y in 0 ..< a.height where memcmp(first.baseAddress! + y * rowBytes, second.baseAddress! + y * rowBytes, rowBytes) != 0 {
                    for x in 0 ..< a.width where memcmp(first.baseAddress! + y * rowBytes + x * 4, second.baseAddress! + y * rowBytes + x * 4, 4) != 0 {
                        changed.append((x, y))
                    }
                }
            }
        }
        return changed
    }
}
