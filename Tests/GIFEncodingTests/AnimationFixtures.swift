import Foundation
@testable import GIFEncoding
import GIFTestSupport
import Palette
@testable import Raster

/// Small synthetic animations shaped like the arc scene, drawn with the Raster module: a
/// white screen, a thin anti-aliased red arc, still avatars (gradient pictures in green
/// rings) and one avatar with a blue background sliding along a line at sub-pixel steps.
enum AnimationFixtures {
    /// One rendered frame as the render job hands it to the encoder.
    struct Frame {
        var canvas: Canvas
        var time: Double
        var damage: PixelRect?
        var sprite: PixelRect?
    }

    /// A smooth photo-like picture: every channel a closed-form function of the position.
    static func gradient(size: Int, phase: Double) -> RGBAImage {
        var bytes = [UInt8](repeating: 255, count: size * size * 4)
        let scale = Double(size - 1)
        for y in 0 ..< size {
            for x in 0 ..< size {
                let u = Double(x) / scale, v = Double(y) / scale
                let du = u - 0.4 - phase, dv = v - 0.35
                let d = (du * du + dv * dv).squareRoot()
                let channels = [255 * (0.30 + 0.50 * u - 0.25 * d + 0.2 * phase),
                                255 * (0.20 + 0.45 * v * (1 - 0.5 * u) + 0.15 * d),
                                255 * (0.65 - 0.40 * d + 0.25 * u * v - 0.3 * phase)]
                for (channel, value) in channels.enumerated() {
                    bytes[(y * size + x) * 4 + channel] = UInt8(min(255, max(0, value.rounded())))
                }
            }
        }
        return RGBAImage(width: size, height: size, pixels: bytes, isPremultiplied: true)
    }

    static func avatar(center: Point, radius: Double, phase: Double, moving: Bool) -> CircularLayer {
        CircularLayer(center: center, radius: radius, borderWidth: max(1, radius / 12), borderColor: .green,
                      backgroundColor: moving ? .blue : nil, contents: gradient(size: 48, phase: phase))
    }

    /// The screen without the moving avatar.
    static func background(width: Int, height: Int, avatarRadius: Double) -> Canvas {
        var canvas = Canvas(width: width, height: height, color: .white)
        let radius = 2 * Double(width) / 3.0.squareRoot()
        canvas.fill(ArcStroke(center: Point(x: 0, y: 0), radius: radius, lineWidth: 2,
                              startAngle: Double.pi / 2, endAngle: Double.pi / 6, clockwise: false), with: .red)
        for (index, angle) in [0.55, 0.85].enumerated() {
            let center = Point(x: radius * cos(angle), y: radius * sin(angle))
            canvas.draw(avatar(center: center, radius: avatarRadius, phase: 0.1 * Double(index + 1), moving: false))
        }
        return canvas
    }

    /// A slide: `holdFrames` still frames, `moveFrames` frames easing out from `from` to `to`
    /// (progress 1 − (1 − u)², so steps shrink to sub-pixel ones), then `holdFrames` still
    /// frames, all at `fps`. The total duration is (frame count) / fps.
    static func slide(width: Int = 120, height: Int = 90, avatarRadius: Double = 12, fps: Double = 50,
                      holdFrames: Int = 3, moveFrames: Int = 16,
                      from: Point = Point(x: 20.3, y: 62.1), to: Point = Point(x: 88.7, y: 30.4)) -> [Frame] {
        let still = background(width: width, height: height, avatarRadius: avatarRadius)
        var frames: [Frame] = []
        var previousBounds: PixelRect?
        let total = 2 * holdFrames + moveFrames
        for k in 0 ..< total {
            let u = min(1, max(0, Double(k - holdFrames + 1) / Double(moveFrames)))
            let progress = 1 - (1 - u) * (1 - u)
            let center = Point(x: from.x + (to.x - from.x) * progress, y: from.y + (to.y - from.y) * progress)
            let layer = avatar(center: center, radius: avatarRadius, phase: 0.3, moving: true)
            var canvas = still
            canvas.draw(layer)
            let bounds = layer.pixelBounds.intersection(canvas.bounds)
            let moving = k >= holdFrames && k < holdFrames + moveFrames
            let damage = previousBounds.map { $0.union(bounds) } ?? canvas.bounds
            frames.append(Frame(canvas: canvas, time: Double(k) / fps, damage: moving ? damage : PixelRect(x: 0, y: 0, width: 0, height: 0),
                                sprite: moving ? bounds : nil))
            previousBounds = bounds
        }
        return frames
    }

    /// The default slide, rendered once for every test that uses it.
    static let standardSlide = slide(avatarRadius: 10, holdFrames: 3, moveFrames: 12)

    /// The palette of `standardSlide` for the full 256-colour table (planning once keeps the
    /// debug test run fast; dithering, tolerance and local tables do not affect it).
    static let standardPlan: AnimationPalette = {
        var options = GIFEncodingOptions()
        options.qualityTarget = nil
        do {
            return try palette(for: standardSlide, options: options)
        } catch {
            preconditionFailure("the standard slide's palette cannot be planned: \(error)")
        }
    }()

    /// Plans a palette from `frames` the way the render job does.
    static func palette(for frames: [Frame], options: GIFEncodingOptions = GIFEncodingOptions()) throws -> AnimationPalette {
        let first = frames[0].canvas
        var planner = try AnimationPalettePlanner(width: first.width, height: first.height, options: options)
        for frame in frames { try planner.addFrame(frame.canvas, damage: frame.damage) }
        return try planner.makePalette()
    }

    /// Encodes `frames` with a planned palette; the total duration is `duration` or
    /// frame count / fps inferred from the second frame's time.
    static func encode(_ frames: [Frame], options: GIFEncodingOptions = GIFEncodingOptions(),
                       palette: AnimationPalette? = nil, duration: Double? = nil) throws -> (bytes: [UInt8], statistics: AnimationEncodingStatistics) {
        let plan = try palette ?? self.palette(for: frames, options: options)
        let encoder = try AnimationEncoder(palette: plan, options: options)
        for frame in frames {
            try encoder.addFrame(frame.canvas, time: frame.time, damage: frame.damage, spriteBounds: frame.sprite)
        }
        let step = frames.count > 1 ? frames[1].time - frames[0].time : 1
        let statistics = try encoder.finish(totalDuration: duration ?? Double(frames.count) * step)
        return (try GIFStreamWriter.bytes(of: encoder.takeParts()), statistics)
    }

    /// For each rendered frame, the decoded screen shown at its time (delays accumulated).
    static func displayed(_ gif: GIFReader, at times: [Double]) -> [RGBAImage] {
        gif.displayed(at: times)
    }
}
