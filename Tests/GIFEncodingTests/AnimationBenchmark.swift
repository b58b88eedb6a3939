import Foundation
@testable import GIFEncoding
import GIFTestSupport
@testable import ImageCodecs
@testable import Palette
@testable import Raster
import Testing

/// Size, speed and quality of the animation encoder on `AnimationBenchmarkScene`. Run it with
/// `ANIMATION_BENCH=1 swift test -c release --filter AnimationBenchmark`. Settings come from
/// the environment: ANIMATION_BENCH_DITHER (none/ordered/diffusion), _TOLERANCE (code values),
/// _TARGET (dB, or "none"), _LZW (tolerance), _COLORS, _LOCAL (1: local tables), _OPAQUE (1: no transparent slot), _RAMPS, _ASSETS (folder with 1.png ...
/// myHead.png; default /work/main/Assets), _OUT (GIF path), _FRAMES (folder for PNG frames),
/// _COMPARE (a GIF to measure instead of encoding, e.g. a peer's output), _REFERENCE (a folder
/// of PNG frames at 50 fps, in name order, to use instead of the scene).
@Suite(.enabled(if: ProcessInfo.processInfo.environment["ANIMATION_BENCH"] != nil))
enum AnimationBenchmark {
    static var environment: [String: String] { ProcessInfo.processInfo.environment }

    static func options() throws -> GIFEncodingOptions {
        var options = GIFEncodingOptions()
        if let name = environment["ANIMATION_BENCH_DITHER"] { options.dither = try DitherMode(parsing: name) }
        if let value = environment["ANIMATION_BENCH_TOLERANCE"].flatMap(Double.init) { options.unchangedTolerance = value }
        if let value = environment["ANIMATION_BENCH_TARGET"] { options.qualityTarget = Double(value) }
        if let value = environment["ANIMATION_BENCH_LZW"].flatMap(Double.init) { options.lzwTolerance = value }
        if let value = environment["ANIMATION_BENCH_COLORS"].flatMap(Int.init) { options.colors = value }
        if let value = environment["ANIMATION_BENCH_RAMPS"].flatMap(Int.init) { options.rampLevels = value }
        if environment["ANIMATION_BENCH_LOCAL"] == "1" { options.localColorTables = true }
        if environment["ANIMATION_BENCH_OPAQUE"] == "1" { options.usesTransparency = false }
        return options
    }

    /// The frames to encode: the stand-in scene, or PNG frames from _REFERENCE with the changed
    /// rectangle found by comparing each frame with the one before.
    static func source() throws -> (count: Int, frame: (Int) throws -> AnimationFixtures.Frame) {
        if let folder = environment["ANIMATION_BENCH_REFERENCE"] {
            let names = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".png") }.sorted()
            func canvas(_ k: Int) throws -> Canvas { Canvas(image: try ImageFile.load(path: folder + "/" + names[k])) }
            return (names.count, { k in
                let current = try canvas(k)
                let damage = k == 0 ? nil : changedBounds(try canvas(k - 1), current)
                return AnimationFixtures.Frame(canvas: current, time: Double(k) / AnimationBenchmarkScene.fps,
                                               damage: damage, sprite: nil)
            })
        }
        let scene = AnimationBenchmarkScene(assets: environment["ANIMATION_BENCH_ASSETS"] ?? "/work/main/Assets")
        return (AnimationBenchmarkScene.frameCount, { scene.frame($0) })
    }

    /// The bounding box of the pixels that differ between two canvases of one size.
    static func changedBounds(_ a: Canvas, _ b: Canvas) -> PixelRect {
        var minX = Int.max, minY = Int.max, maxX = -1, maxY = -1
        for y in 0 ..< a.height {
            for x in 0 ..< a.width where a.pixel(x: x, y: y) != b.pixel(x: x, y: y) {
                minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
            }
        }
        guard maxX >= 0 else { return PixelRect(x: 0, y: 0, width: 0, height: 0) }
        return PixelRect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
    }

    @Test static func measure() throws {
        let (count, frame) = try source()
        let clock = ContinuousClock()
        var bytes: [UInt8]
        if let compare = environment["ANIMATION_BENCH_COMPARE"] {
            bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: compare)))
        } else {
            let options = try options()
            let first = try frame(0)
            var planner = try AnimationPalettePlanner(width: first.canvas.width, height: first.canvas.height, options: options)
            var planning = Duration.zero, encoding = Duration.zero
            var start = clock.now
            for k in 0 ..< count {
                let frame = try frame(k)
                start = clock.now
                try planner.addFrame(frame.canvas, damage: frame.damage)
                planning += clock.now - start
            }
            start = clock.now
            let plan = try planner.makePalette()
            planning += clock.now - start
                let encoder = try AnimationEncoder(palette: plan, options: options)
            for k in 0 ..< count {
                let frame = try frame(k)
                if let folder = environment["ANIMATION_BENCH_FRAMES"] {
                    try PNGEncoder.write(frame.canvas.image, to: folder + String(format: "/frame%04d.png", k))
                }
                start = clock.now
                try encoder.addFrame(frame.canvas, time: frame.time, damage: frame.damage, spriteBounds: frame.sprite)
                encoding += clock.now - start
            }
            start = clock.now
            let statistics = try encoder.finish(totalDuration: Double(count) / AnimationBenchmarkScene.fps)
            encoding += clock.now - start
            bytes = try GIFStreamWriter.bytes(of: encoder.takeParts())
            print("options: \(options)")
            print("palette: \(plan.palette.colors.count) colours, table \(plan.palette.tableSize), estimated \(plan.estimatedPSNR) dB")
            print("statistics: \(statistics)")
            print("planning \(planning), encoding \(encoding)")
            if let out = environment["ANIMATION_BENCH_OUT"] { try Data(bytes).write(to: URL(fileURLWithPath: out)) }
        }
        let (mean, minimum) = try quality(bytes, frameCount: count) { try frame($0).canvas.image }
        print(String(format: "RESULT bytes %d  mean PSNR %.2f dB  min PSNR %.2f dB", bytes.count, mean, minimum))
        #expect(bytes.count > 0)
    }

    /// Mean and minimum PSNR of what the GIF shows at each frame's time (50 fps) against the
    /// frame.
    static func quality(_ bytes: [UInt8], frameCount count: Int, frame: (Int) throws -> RGBAImage) throws -> (Double, Double) {
        let gif = try GIFReader(bytes: bytes)
        let shown = AnimationFixtures.displayed(gif, at: (0 ..< count).map { Double($0) / AnimationBenchmarkScene.fps })
        var total = 0.0, minimum = Double.infinity
        for k in 0 ..< count {
            let psnr = ImageQuality.psnr(shown[k], try frame(k)) ?? 0
            total += min(psnr, 99)
            minimum = min(minimum, psnr)
        }
        return (total / Double(count), minimum)
    }
}
