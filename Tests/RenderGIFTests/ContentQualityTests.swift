import Foundation
import GIFTestSupport
import ImageCodecs
import Raster
@testable import RenderGIF
import Testing

/// What a viewer sees of the pictures, measured on the decoded GIF: giflib reads the file,
/// the frames are composited with their disposal and put on the animation's time grid (sample
/// k shows the image on screen at t = k / fps), and each sample is compared with the RGBA frame
/// render-gif wrote for that instant. "Content" is every pixel whose true colour is not the
/// white background: the avatars, their borders and the arc.
@Suite enum ContentQualityTests {
    /// A render of the built-in scene at scale 1 with two taps, decoded and sampled.
    struct DecodedRender {
        /// The RGBA frames, one a sample.
        var frames: [RGBAImage]
        /// What the GIF shows at each sample.
        var shown: [RGBAImage]
        /// Images in the GIF, and how many carry their own colour table.
        var imageCount: Int
        var localTableImages: Int
    }

    /// The one render both tests look at, made once for the suite.
    static let decoded = Result { try render() }

    static func render() throws -> DecodedRender {
        let folder = try TestSupport.temporaryFolder("quality")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var animation = Animation()
        animation.scale = 1
        animation.taps = [1, 3]
        let report = try animation.render(to: folder + "/out.gif", framesFolder: folder + "/frames")
        let fps = Double(animation.fps)
        let gif = try GIFReader(bytes: Array(try Data(contentsOf: URL(fileURLWithPath: folder + "/out.gif"))))
        let shown = gif.displayed(at: (0 ..< report.frameCount).map { Double($0) / fps })
        let frames = try (0 ..< report.frameCount).map { k throws -> RGBAImage in
            try ImageFile.load(path: folder + "/frames/" + String(format: "frame-%05d.png", k))
        }
        return DecodedRender(frames: frames, shown: shown, imageCount: gif.frames.count,
                             localTableImages: gif.frames.filter { $0.localPalette != nil }.count)
    }

    /// PSNR (dB) over R, G and B of the pixels whose true colour is not white; nil when the
    /// frame has none. Identical pixels give +infinity.
    static func contentPSNR(truth: RGBAImage, shown: RGBAImage) -> Double? {
        var squared = 0, channels = 0
        truth.pixels.withUnsafeBufferPointer { t in
            shown.pixels.withUnsafeBufferPointer { s in
                for offset in stride(from: 0, to: truth.width * truth.height * 4, by: 4)
                where t[offset] != 255 || t[offset + 1] != 255 || t[offset + 2] != 255 {
                    for channel in offset ..< offset + 3 {
                        let difference = Int(t[channel]) - Int(s[channel])
                        squared += difference * difference
                    }
                    channels += 3
                }
            }
        }
        guard channels > 0 else { return nil }
        guard squared > 0 else { return .infinity }
        return 10 * log10(255.0 * 255.0 * Double(channels) / Double(squared))
    }

    /// Per sample content PSNR, capped at 100 dB so exact samples count in a mean.
    static func contentPSNRs(_ render: DecodedRender) -> [Double] {
        zip(render.frames, render.shown).compactMap { contentPSNR(truth: $0, shown: $1) }.map { min($0, 100) }
    }

    @Test static func theAvatarsReachTheContentTargetInEverySample() throws {
        let render = try decoded.get()
        let values = contentPSNRs(render)
        #expect(values.count == render.frames.count)
        let mean = values.reduce(0, +) / Double(values.count)
        #expect(mean >= 40, "content PSNR mean \(mean) dB")
        #expect(values.min()! >= 38, "content PSNR worst sample \(values.min()!) dB")
        // Still tiles were redrawn with tables of their own while nothing moved.
        #expect(render.localTableImages > 10)
    }

    /// Every pixel whose true colour is white, red, green or blue shows exactly that colour.
    @Test static func interfaceColoursAreShownExactly() throws {
        let render = try decoded.get()
        var checked = 0
        for (truth, shown) in zip(render.frames, render.shown) {
            let wrong: (pixel: Int, shown: [UInt8], truth: [UInt8])? = truth.pixels.withUnsafeBufferPointer { t in
                shown.pixels.withUnsafeBufferPointer { s in
                    for offset in stride(from: 0, to: truth.width * truth.height * 4, by: 4) {
                        let r = t[offset], g = t[offset + 1], b = t[offset + 2]
                        switch UInt32(r) << 16 | UInt32(g) << 8 | UInt32(b) {
                        case 0xFF_FFFF, 0xFF_0000, 0x00_FF00, 0x00_00FF: checked += 1
                        default: continue
                        }
                        if s[offset] != r || s[offset + 1] != g || s[offset + 2] != b {
                            return (offset / 4, [s[offset], s[offset + 1], s[offset + 2]], [r, g, b])
                        }
                    }
                    return nil
                }
            }
            if let wrong {
                Issue.record("pixel \(wrong.pixel % truth.width), \(wrong.pixel / truth.width) shows \(wrong.shown) for \(wrong.truth)")
                return
            }
        }
        #expect(checked > render.frames.count * 100_000)
    }
}
