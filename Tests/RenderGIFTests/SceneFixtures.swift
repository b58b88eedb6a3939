@testable import ArcScene
@testable import Raster
@testable import RenderGIF

/// Small deterministic images and timelines for renderer tests.
enum SceneFixtures {
    /// A 16x16 opaque image whose colour varies smoothly with position and `seed`.
    static func gradient(seed: Int) -> RGBAImage {
        var pixels: [UInt8] = []
        for y in 0..<16 {
            for x in 0..<16 {
                pixels += [UInt8((x * 16 + seed * 40) % 256), UInt8((y * 16 + seed * 70) % 256), UInt8((x + y) * 8 % 256), 255]
            }
        }
        return RGBAImage(width: 16, height: 16, pixels: pixels, isPremultiplied: false)
    }

    static func images(buttonCount: Int = 4) -> SceneImages {
        SceneImages(head: gradient(seed: 9), buttons: (0..<buttonCount).map(gradient(seed:)))
    }

    static func timeline(taps: [Int], hold: Double = 0.1) throws -> Timeline {
        try Timeline(layout: SceneLayout(), taps: taps, hold: hold)
    }
}
