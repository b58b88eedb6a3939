import Foundation
@testable import Raster
import Testing
@testable import Palette

/// A size and speed study on a synthetic animation shaped like the real one: a white 750x1334
/// screen with a red anti-aliased arc and four still avatars, then 150 frames in which a
/// bordered avatar slides and only a 110x110 rectangle changes. Run it with
/// `PALETTE_BENCH=1 swift test -c release -Xswiftc -enable-testing --filter PaletteBenchmark`.
@Suite(.enabled(if: ProcessInfo.processInfo.environment["PALETTE_BENCH"] != nil))
enum PaletteBenchmark {
    static let width = 750, height = 1334, frameCount = 150, crop = 110

    /// Draws a 100 px avatar centred at (cx, cy) onto `image`: photo-like gradient clipped to a
    /// circle of radius 50 over `background`, a 4 px green ring on top, edges anti-aliased.
    static func drawAvatar(_ image: inout RGBAImage, cx: Double, cy: Double, phase: Double, blue: Bool) {
        let minX = max(0, Int(cx - 52)), maxX = min(image.width, Int(cx + 53))
        let minY = max(0, Int(cy - 52)), maxY = min(image.height, Int(cy + 53))
        for y in minY ..< maxY {
            for x in minX ..< maxX {
                let px = Double(x) + 0.5 - cx, py = Double(y) + 0.5 - cy
                let d = (px * px + py * py).squareRoot()
                let clip = min(1, max(0, 50.5 - d)), inner = min(1, max(0, 46.5 - d))
                guard clip > 0 else { continue }
                let u = px / 100 + 0.5 + phase, v = py / 100 + 0.5
                let du = u - 0.4, dv = v - 0.35, r0 = (du * du + dv * dv).squareRoot()
                var photo = (255 * (0.35 + 0.45 * u - 0.25 * r0), 255 * (0.20 + 0.40 * v * (1 - 0.5 * u) + 0.15 * r0),
                             255 * (0.60 - 0.40 * r0 + 0.25 * u * v))
                if blue { photo = (photo.0 * inner, photo.1 * inner, photo.2 * inner + 255 * (1 - inner)) }
                let offset = (y * image.width + x) * 4
                var c = (Double(image.pixels[offset]), Double(image.pixels[offset + 1]), Double(image.pixels[offset + 2]))
                c = (c.0 + (photo.0 - c.0) * clip, c.1 + (photo.1 - c.1) * clip, c.2 + (photo.2 - c.2) * clip)
                let ring = clip - inner
                c = (c.0 * (1 - ring), c.1 + (255 - c.1) * ring, c.2 * (1 - ring))
                image.pixels[offset] = TestImages.clampByte(c.0)
                image.pixels[offset + 1] = TestImages.clampByte(c.1)
                image.pixels[offset + 2] = TestImages.clampByte(c.2)
            }
        }
    }

    static func staticScreen() -> RGBAImage {
        var image = RGBAImage(width: width, height: height, filledWith: (255, 255, 255, 255))
        let radius = 2.0 * Double(width) / 3.0.squareRoot()
        for y in 0 ..< height {
            for x in 0 ..< width {
                let px = Double(x) + 0.5, py = Double(y) + 0.5
                let d = abs((px * px + py * py).squareRoot() - radius)
                let coverage = min(1, max(0, 1.5 - d))  // a 2 px line
                guard coverage > 0 else { continue }
                let offset = (y * width + x) * 4
                let value = TestImages.clampByte(255 * (1 - coverage))
                image.pixels[offset + 1] = value
                image.pixels[offset + 2] = value
            }
        }
        for (cx, cy) in [(113.0, 858.6), (331.4, 800.1), (527.2, 687.1), (687.1, 527.2)] {
            drawAvatar(&image, cx: cx, cy: cy, phase: cx / 2000, blue: false)
        }
        return image
    }

    /// Frame k's changed rectangle as its own 110x110 image, and the sprite's origin in it.
    static func frame(_ screen: RGBAImage, _ k: Int) -> (RGBAImage, PixelRect, (x: Int, y: Int)) {
        let t = Double(k) / Double(frameCount - 1)
        let progress = 1 - (1 - t) * (1 - t)
        let cx = 113.0 + (331.4 - 113.0) * progress, cy = 858.6 + (800.1 - 858.6) * progress
        let rect = PixelRect(x: Int(cx) - crop / 2, y: Int(cy) - crop / 2, width: crop, height: crop)
        var pixels = [UInt8](repeating: 0, count: crop * crop * 4)
        for row in 0 ..< crop {
            let source = ((rect.y + row) * screen.width + rect.x) * 4
            pixels.replaceSubrange(row * crop * 4 ..< (row + 1) * crop * 4, with: screen.pixels[source ..< source + crop * 4])
        }
        var image = RGBAImage(width: crop, height: crop, pixels: pixels, isPremultiplied: true)
        drawAvatar(&image, cx: cx - Double(rect.x), cy: cy - Double(rect.y), phase: 0.05, blue: true)
        return (image, image.bounds, (Int((cx - 50).rounded(.down)) - rect.x, Int((cy - 50).rounded(.down)) - rect.y))
    }

    /// CPU milliseconds this thread spends in `body` (steadier than wall time on a busy machine).
    static func cpuMilliseconds(_ body: () throws -> Void) rethrows -> Double {
        func now() -> Double {
            var spec = timespec()
            clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec)
            return Double(spec.tv_sec) * 1000 + Double(spec.tv_nsec) / 1e6
        }
        let start = now()
        try body()
        return now() - start
    }

    @Test static func quantizeAndMapAnAnimation() throws {
        let screen = staticScreen()
        let frames = (0 ..< frameCount).map { frame(screen, $0) }
        var histogram = ColorHistogram()
        let histogramTime = cpuMilliseconds {
            histogram.add(image: screen, rect: screen.bounds, weight: Double(frameCount))
            for (image, rect, _) in frames { histogram.add(image: image, rect: rect) }
        }
        var palette: IndexedPalette?
        let builder = try PaletteBuilder(fixedColors: PaletteBuilder.arcSceneFixedColors(), reservesTransparentIndex: true)
        let buildTime = cpuMilliseconds { palette = try? builder.build(from: histogram) }
        let built = try #require(palette)
        print("histogram: \(histogram.distinctColorCount) colours in \(histogramTime) ms; palette of \(built.colors.count) in \(buildTime) ms, spacing \(built.typicalSpacing)")
        for mode in DitherMode.allCases {
            for strength in mode == .ordered ? [0.5, 0.75, 1.0, 1.5] : [1.0] {
                var mapper = PaletteMapper(palette: built)
                mapper.orderedStrength = strength
                var outputs: [[UInt8]] = []
                let mapTime = try cpuMilliseconds {
                    for (image, rect, anchor) in frames {
                        outputs.append(try mapper.indices(image: image, rect: rect, dither: mode, anchor: anchor))
                    }
                }
                var psnrSum = 0.0, bytes = 0
                for ((image, rect, _), indices) in zip(frames, outputs) {
                    let shown = ImageQuality.render(indices: indices, rect: rect, palette: built, over: image)
                    psnrSum += min(99, ImageQuality.psnr(image, shown) ?? 0)
                    bytes += LZWSizeEstimate.bytes(indices, tableSize: built.tableSize)
                }
                let meanPSNR = psnrSum / Double(frameCount)
                print("\(mode) strength \(strength): map \(mapTime) ms, mean PSNR \(meanPSNR) dB, LZW \(bytes) bytes")
                #expect(meanPSNR > 30)
            }
        }
    }
}
