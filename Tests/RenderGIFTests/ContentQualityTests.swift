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

    static func render(_ extra: [String]) throws -> DecodedRender {
        let folder = NSTemporaryDirectory() + "render-gif-quality-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let arguments = ["--scale", "1", "--taps", "1,3", "--frames", folder + "/frames"] + extra + [folder + "/out.gif"]
        guard case let .render(invocation) = try CommandLineInterface.parse(arguments) else {
            throw CocoaError(.featureUnsupported)
        }
        let report = try RenderJob.run(invocation, progress: SilentProgress())
        let fps = Double(try invocation.resolveSettings().fps)
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
        for pixel in 0 ..< truth.width * truth.height {
            let offset = pixel * 4
            let t = (Int(truth.pixels[offset]), Int(truth.pixels[offset + 1]), Int(truth.pixels[offset + 2]))
            guard t != (255, 255, 255) else { continue }
            let s = (Int(shown.pixels[offset]), Int(shown.pixels[offset + 1]), Int(shown.pixels[offset + 2]))
            squared += (t.0 - s.0) * (t.0 - s.0) + (t.1 - s.1) * (t.1 - s.1) + (t.2 - s.2) * (t.2 - s.2)
            channels += 3
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
        let render = try render([])
        let values = contentPSNRs(render)
        #expect(values.count == render.frames.count)
        let mean = values.reduce(0, +) / Double(values.count)
        #expect(mean >= 40, "content PSNR mean \(mean) dB")
        #expect(values.min()! >= 38, "content PSNR worst sample \(values.min()!) dB")
        // Still tiles were redrawn with tables of their own while nothing moved.
        #expect(render.localTableImages > 10)
    }

    @Test static func interfaceColoursAreShownExactly() throws {
        let render = try render([])
        let flat: Set<[UInt8]> = [[255, 255, 255], [255, 0, 0], [0, 255, 0], [0, 0, 255]]
        var checked = 0
        for (truth, shown) in zip(render.frames, render.shown) {
            for pixel in 0 ..< truth.width * truth.height {
                let offset = pixel * 4
                let colour = Array(truth.pixels[offset ..< offset + 3])
                guard flat.contains(colour) else { continue }
                checked += 1
                if Array(shown.pixels[offset ..< offset + 3]) != colour {
                    Issue.record("pixel \(pixel % truth.width), \(pixel / truth.width) shows \(Array(shown.pixels[offset ..< offset + 3])) for \(colour)")
                    return
                }
            }
        }
        #expect(checked > render.frames.count * 100_000)
    }
}
