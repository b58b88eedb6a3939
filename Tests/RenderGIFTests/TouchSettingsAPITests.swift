import Foundation
import ImageCodecs
import Raster
import RenderGIF
import Testing

/// The touch indicator's look and timing set through the library's public API alone (no
/// `@testable`): a still while the finger is down and one halfway through the fade show, at
/// the indicator's centre, the source-over value the formula gives, and values out of range
/// fail naming the property.
@Suite enum TouchSettingsAPITests {
    /// A small animation with one tap on button 1; the move starts (the finger lifts) at the
    /// end of the 0.5 s hold.
    static var tapped: Animation {
        var animation = TestSupport.small
        animation.taps = [1]
        animation.hold = 0.5
        return animation
    }

    static let lift = 0.5

    /// `animation`'s still at `time`, rendered in memory and decoded: width, height and
    /// straight RGBA bytes.
    static func still(of animation: Animation, at time: Double, in folder: String) throws -> RGBAImage {
        var animation = animation
        animation.poster = folder + "/still.png"
        animation.posterTime = time
        let png = try #require(try animation.renderGIF().still)
        return try ImageFile.decode(png, path: "still.png")
    }

    /// The pixel (x, y) of `image`.
    static func pixel(_ image: RGBAImage, _ x: Int, _ y: Int) -> [UInt8] {
        let offset = (y * image.width + x) * 4
        return Array(image.pixels[offset ..< offset + 4])
    }

    /// Source-over of the indicator's colour at alpha `alpha` over the opaque pixel `below`,
    /// as the renderer composites premultiplied RGBA8 at full coverage: the colour is
    /// premultiplied round(c · a / 255), then out = round(s + d · (255 − a) / 255).
    static func expectedOver(_ below: [UInt8], color: RGB8, alpha: Int) -> [UInt8] {
        let source = [color.r, color.g, color.b].map { (Int($0) * alpha + 127) / 255 } + [alpha]
        return (0 ..< 4).map { i in UInt8((255 * source[i] + Int(below[i]) * (255 - alpha) + 127) / 255) }
    }

    /// The bounding box of the pixels that differ between two stills of one size.
    static func differingBox(_ a: RGBAImage, _ b: RGBAImage) -> (minX: Int, minY: Int, maxX: Int, maxY: Int)? {
        var box: (minX: Int, minY: Int, maxX: Int, maxY: Int)?
        for y in 0 ..< a.height {
            for x in 0 ..< a.width where pixel(a, x, y) != pixel(b, x, y) {
                box = (min(box?.minX ?? x, x), min(box?.minY ?? y, y), max(box?.maxX ?? x, x), max(box?.maxY ?? y, y))
            }
        }
        return box
    }

    @Test(arguments: [
        // Pressed (down at 0.5 − 0.3 = 0.2 s): the full opacity, round(255 · 0.8) = 204.
        (0.35, 204),
        // Halfway through the 0.25 s fade: round(255 · 0.8 · 0.5) = 102.
        (lift + 0.125, 102),
    ])
    static func theIndicatorsCentreIsTheColourOverTheScene(time: Double, alpha: Int) throws {
        let folder = try TestSupport.temporaryFolder("touch-api")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var touched = tapped
        touched.touches = true
        touched.touchDiameter = 24
        touched.touchColor = RGB8(40, 120, 220)
        touched.touchOpacity = 0.8
        touched.touchPress = 0.3
        touched.touchFade = 0.25
        let without = try still(of: tapped, at: time, in: folder)
        let with = try still(of: touched, at: time, in: folder)
        let box = try #require(differingBox(without, with))
        // The disc is 24 points wide at one pixel per point: 24 or 25 pixels touched across.
        #expect((24 ... 25).contains(box.maxX - box.minX + 1))
        #expect((24 ... 25).contains(box.maxY - box.minY + 1))
        let (x, y) = ((box.minX + box.maxX) / 2, (box.minY + box.maxY) / 2)
        #expect(pixel(with, x, y) == expectedOver(pixel(without, x, y), color: touched.touchColor, alpha: alpha))
    }

    /// Each setting out of its range fails naming its property.
    @Test(arguments: [
        ("diameter", "invalid value '0' for 'touchDiameter': must be a number of points from 1 to 1000"),
        ("opacity", "invalid value '1.5' for 'touchOpacity': must be an opacity from 0 to 1"),
        ("press", "invalid value '-1' for 'touchPress': must be a number of seconds from 0 to 10"),
        ("fade", "invalid value 'nan' for 'touchFade': must be a number of seconds from 0 to 10"),
    ])
    static func badValuesNameTheProperty(setting: String, message: String) {
        var animation = tapped
        animation.touches = true
        switch setting {
        case "diameter": animation.touchDiameter = 0
        case "opacity": animation.touchOpacity = 1.5
        case "press": animation.touchPress = -1
        default: animation.touchFade = .nan
        }
        let refusal = TestSupport.refusal(animation)
        guard case let .invalidSetting(invalid)? = refusal else {
            Issue.record("rendered with a bad touch \(setting), or failed otherwise: \(String(describing: refusal))")
            return
        }
        #expect(refusal?.description == message)
        #expect(message.contains("'\(invalid.property)'"))
    }
}
