import Foundation
@testable import GIFEncoding
import GIFTestSupport
import ImageCodecs
import Palette
@testable import Raster

/// A stand-in for the default render, for the encoder benchmark: a 750x1334 screen (375x667 pt
/// at 2x), the red arc of radius 2W/√3, four bordered 100 px avatars along it and the user's
/// avatar sliding between them with an ease-out curve, 50 fps: five taps (0→1, 1→3, 3→0,
/// 0→2, 2→3; 210 moving frames) separated by 30-frame holds (390 frames in all).
struct AnimationBenchmarkScene {
    static let width = 750, height = 1334, fps = 50.0
    static let holdFrames = 30
    /// (from, to, frames) for each tap.
    static let taps: [(Int, Int, Int)] = [(0, 1, 35), (1, 3, 40), (3, 0, 60), (0, 2, 40), (2, 3, 35)]

    let background: Canvas
    let buttonImages: [RGBAImage]
    let head: RGBAImage
    let arcRadius = 2 * Double(width) / 3.0.squareRoot()

    /// Pictures from `assets` (1.png ... 4.png, myHead.png) when readable, else gradients.
    init(assets: String?) {
        func picture(_ name: String, _ phase: Double) -> RGBAImage {
            if let assets, let image = try? ImageFile.load(path: assets + "/" + name) { return image.premultiplied() }
            return AnimationFixtures.gradient(size: 100, phase: phase)
        }
        buttonImages = (1 ... 4).map { picture("\($0).png", 0.1 * Double($0)) }
        head = picture("myHead.png", 0.55)
        var canvas = Canvas(width: Self.width, height: Self.height, color: .white)
        canvas.fill(ArcStroke(center: Point(x: 0, y: 0), radius: arcRadius, lineWidth: 2,
                              startAngle: Double.pi / 2, endAngle: Double.pi / 6, clockwise: false), with: .red)
        for index in 0 ..< 4 {
            canvas.draw(Self.layer(at: Self.buttonAngle(index), radius: arcRadius, image: buttonImages[index], moving: false))
        }
        background = canvas
    }

    static var frameCount: Int { holdFrames * (taps.count + 1) + taps.reduce(0) { $0 + $1.2 } }
    static var duration: Double { Double(frameCount) / fps }

    /// UIKit angle of button i: 90° − (7.5° + 15°·i).
    static func buttonAngle(_ index: Int) -> Double { (90 - 7.5 - 15 * Double(index)) * Double.pi / 180 }

    static func layer(at angle: Double, radius: Double, image: RGBAImage, moving: Bool) -> CircularLayer {
        CircularLayer(center: Point(x: radius * cos(angle), y: radius * sin(angle)), radius: 50, borderWidth: 4,
                      borderColor: .green, backgroundColor: moving ? .blue : nil, contents: image)
    }

    /// Core Animation's ease-out, cubic-bezier(0, 0, 0.58, 1), at time fraction u (bisection).
    static func easeOut(_ u: Double) -> Double {
        func x(_ s: Double) -> Double { 3 * (1 - s) * s * s * 0.58 + s * s * s }
        func y(_ s: Double) -> Double { 3 * (1 - s) * (1 - s) * s + 3 * (1 - s) * s * s + s * s * s }
        var low = 0.0, high = 1.0
        for _ in 0 ..< 60 {
            let middle = (low + high) / 2
            if x(middle) < u { low = middle } else { high = middle }
        }
        return y((low + high) / 2)
    }

    /// The head layer shown in frame k, and whether it is moving.
    func headLayer(frame k: Int) -> (CircularLayer, Bool) {
        var clock = Self.holdFrames
        var rest = 0
        if k < clock { return (Self.layer(at: Self.buttonAngle(0), radius: arcRadius, image: head, moving: false), false) }
        for (from, to, frames) in Self.taps {
            if k < clock + frames {
                let progress = Self.easeOut(Double(k - clock + 1) / Double(frames))
                let angle = Self.buttonAngle(from) + progress * (Self.buttonAngle(to) - Self.buttonAngle(from))
                return (Self.layer(at: angle, radius: arcRadius, image: head, moving: true), true)
            }
            clock += frames
            rest = to
            if k < clock + Self.holdFrames { break }
            clock += Self.holdFrames
        }
        return (Self.layer(at: Self.buttonAngle(rest), radius: arcRadius, image: head, moving: false), false)
    }

    /// Frame k: canvas, changed rectangle since frame k − 1, moving sprite bounds.
    func frame(_ k: Int) -> AnimationFixtures.Frame {
        let (layer, moving) = headLayer(frame: k)
        var canvas = background
        canvas.draw(layer)
        let bounds = layer.pixelBounds.intersection(canvas.bounds)
        var damage: PixelRect? = nil
        if k > 0 {
            let (previous, _) = headLayer(frame: k - 1)
            damage = previous == layer ? PixelRect(x: 0, y: 0, width: 0, height: 0)
                : previous.pixelBounds.intersection(canvas.bounds).union(bounds)
        }
        return AnimationFixtures.Frame(canvas: canvas, time: Double(k) / Self.fps, damage: damage, sprite: moving ? bounds : nil)
    }
}
