import SharedTestSupport
import Testing
@testable import Raster

@Suite enum ImageDrawingTests {
    /// An opaque image whose red channel holds `values` (row-major); green and blue are zero.
    static func redImage(width: Int, height: Int, _ values: [UInt8]) -> RGBAImage {
        RGBAImage(width: width, height: height, pixels: values.flatMap { [$0, 0, 0, 255] }, isPremultiplied: true)
    }

    static func reds(_ canvas: Canvas) -> [UInt8] {
        stride(from: 0, to: canvas.pixels.count, by: 4).map { canvas.pixels[$0] }
    }

    /// 2×2 → 4×4: sample positions are −0.25 (clamped to 0), 0.25, 0.75, 1.25 (clamped to 1)
    /// on each axis, so the weights of the second pixel are 0, 1/4, 3/4, 1.
    @Test static func twoByTwoStretchedToFourByFour() {
        let image = redImage(width: 2, height: 2, [0, 64, 128, 255])
        var canvas = Canvas(width: 4, height: 4)
        canvas.draw(image, in: SubpixelRect(x: 0, y: 0, width: 4, height: 4),
                    through: CoverageMask(rect: canvas.bounds, coverage: CoverageMask.full))
        let red = reds(canvas)
        #expect(red[0] == 0 && red[1] == 16 && red[2] == 48 && red[3] == 64)
        #expect(red[4] == 32)                   // 0.25 · 128
        #expect(red[5] == 52)                   // 0.1875·64 + 0.1875·128 + 0.0625·255 = 51.94
        #expect(red[9] == 124)                  // 0.0625·64 + 0.5625·128 + 0.1875·255 = 123.81
        #expect(red[10] == 179)                 // 0.1875·64 + 0.1875·128 + 0.5625·255 = 179.44
        #expect(red[15] == 255)
        let weights = [0.0, 0.25, 0.75, 1.0]
        for y in 0 ..< 4 {
            for x in 0 ..< 4 {
                let (fx, fy) = (weights[x], weights[y])
                let exact = (1 - fx) * (1 - fy) * 0 + fx * (1 - fy) * 64 + (1 - fx) * fy * 128 + fx * fy * 255
                #expect(Double(red[y * 4 + x]) == (exact + 0.5).rounded(.down))
                #expect(canvas.pixels[(y * 4 + x) * 4 + 3] == 255)
            }
        }
    }

    @Test static func subPixelDestination() {
        // Centres 0.5, 1.5, 2.5 map to u = −0.5 (clamped), 0.5, 1.5 (clamped).
        let image = redImage(width: 2, height: 1, [0, 200])
        var canvas = Canvas(width: 3, height: 1)
        canvas.draw(image, in: SubpixelRect(x: 0.5, y: 0, width: 2, height: 1),
                    through: CoverageMask(rect: canvas.bounds, coverage: CoverageMask.full))
        #expect(reds(canvas) == [0, 100, 200])
    }

    @Test static func coverageBlendsTheSample() {
        // A sample of (200,0,0,255) at 50% over white: red 100 + 127.5, green 127.5.
        let image = redImage(width: 1, height: 1, [200])
        var canvas = Canvas(width: 1, height: 1, color: .white)
        canvas.draw(image, in: SubpixelRect(x: 0, y: 0, width: 1, height: 1),
                    through: CoverageMask(rect: canvas.bounds, coverage: CoverageMask.full / 2))
        #expect(canvas.pixels == [228, 128, 128, 255])
    }

    @Test static func aspectFillCoversAndCentres() {
        // A 4×2 image into a 2×2 square: scale 1, image rect x = −1, so pixels sample columns 1 and 2.
        let image = redImage(width: 4, height: 2, [10, 20, 30, 40, 10, 20, 30, 40])
        var canvas = Canvas(width: 2, height: 2)
        let square = SubpixelRect(x: 0, y: 0, width: 2, height: 2)
        #expect(ContentsGravity.resizeAspectFill.imageRect(imageWidth: 4, imageHeight: 2, in: square)
                == SubpixelRect(x: -1, y: 0, width: 4, height: 2))
        canvas.draw(image, in: square, gravity: .resizeAspectFill,
                    through: CoverageMask(rect: canvas.bounds, coverage: CoverageMask.full))
        #expect(reds(canvas) == [20, 30, 20, 30])
        // Stretching instead squeezes all four columns into two: u = 0.5 and 2.5.
        canvas.draw(image, in: square, through: CoverageMask(rect: canvas.bounds, coverage: CoverageMask.full))
        #expect(reds(canvas) == [15, 35, 15, 35])
    }

    @Test static func straightImagesArePremultipliedFirst() {
        let image = RGBAImage(width: 1, height: 1, pixels: [255, 0, 0, 128], isPremultiplied: false)
        var canvas = Canvas(width: 1, height: 1)
        canvas.draw(image, in: SubpixelRect(x: 0, y: 0, width: 1, height: 1),
                    through: CoverageMask(rect: canvas.bounds, coverage: CoverageMask.full))
        #expect(canvas.pixels == [128, 0, 0, 128])
    }

    @Test static func nothingIsDrawnForDegenerateInput() {
        let image = redImage(width: 1, height: 1, [200])
        let mask = CoverageMask(rect: PixelRect(x: 0, y: 0, width: 2, height: 2), coverage: CoverageMask.full)
        var canvas = Canvas(width: 2, height: 2, color: .white)
        for rect in [SubpixelRect(x: 0, y: 0, width: 0, height: 2), SubpixelRect(x: .nan, y: 0, width: 2, height: 2),
                     SubpixelRect(x: 0, y: 0, width: 2, height: -.infinity)] {
            canvas.draw(image, in: rect, through: mask)
        }
        canvas.draw(RGBAImage(width: 0, height: 0, pixels: [], isPremultiplied: true),
                    in: SubpixelRect(x: 0, y: 0, width: 2, height: 2), through: mask)
        #expect(canvas == Canvas(width: 2, height: 2, color: .white))
    }

    /// Random translucent images, enlarged and reduced, at sub-pixel places partly off the
    /// canvas, through a disc's mask (edge coverages and full ones) over a random backdrop:
    /// every pixel as the documented arithmetic gives it, computed here pixel by pixel.
    @Test(arguments: [(7, 5, 23.0, 17.5), (256, 256, 100.0, 100.0), (40, 90, 61.3, 38.9), (3, 3, 30.0, 30.0)])
    static func everyPixelIsTheDocumentedSample(imageWidth: Int, imageHeight: Int, width: Double, height: Double) {
        var generator = SeededGenerator(seed: UInt64(imageWidth * 1000 + imageHeight))
        var texels: [UInt8] = []
        for _ in 0 ..< imageWidth * imageHeight {
            let alpha = generator.next() % 3 == 0 ? generator.byte() : 255
            texels += (0 ..< 3).map { _ in UInt8(generator.next() % (UInt64(alpha) + 1)) } + [alpha]
        }
        let image = RGBAImage(width: imageWidth, height: imageHeight, pixels: texels, isPremultiplied: true)
        var canvas = Canvas(width: 64, height: 48)
        canvas.pixels = generator.bytes(count: 64 * 48 * 4).enumerated().map { $0.offset % 4 == 3 ? 255 : $0.element }
        let backdrop = canvas
        let rect = SubpixelRect(x: -3.37, y: 41.6 - height, width: width, height: height)
        let mask = Disc(center: Point(x: rect.x + width / 2, y: rect.y + height / 2), radius: min(width, height) / 2)
            .coverageMask(clippedTo: canvas.bounds)
        canvas.draw(image, in: rect, through: mask)
        func neighbours(_ destination: Int, _ origin: Double, _ size: Double, _ count: Int) -> (Int, Int, Int) {
            let u = min(max((Double(destination) + 0.5 - origin) * Double(count) / size - 0.5, 0), Double(count - 1))
            let low = Int(u.rounded(.down))
            return (low, min(low + 1, count - 1), Int(((u - Double(low)) * 4096).rounded()))
        }
        var wrong = 0
        for y in 0 ..< canvas.height {
            for x in 0 ..< canvas.width {
                let at = (y * canvas.width + x) * 4, coverage = Int(mask.coverage(x: x, y: y))
                var expected = Array(backdrop.pixels[at ..< at + 4])
                if coverage > 0 {
                    let (x0, x1, wx) = neighbours(x, rect.x, width, imageWidth)
                    let (y0, y1, wy) = neighbours(y, rect.y, height, imageHeight)
                    let sample = (0 ..< 4).map { channel -> Int in
                        func texel(_ tx: Int, _ ty: Int) -> Int { Int(texels[(ty * imageWidth + tx) * 4 + channel]) }
                        let sum = texel(x0, y0) * (4096 - wx) * (4096 - wy) + texel(x1, y0) * wx * (4096 - wy)
                            + texel(x0, y1) * (4096 - wx) * wy + texel(x1, y1) * wx * wy
                        return (sum + (1 << 23)) >> 24
                    }
                    let denominator = 255 * 32768
                    for channel in 0 ..< 4 {
                        let value = 255 * sample[channel] * coverage
                            + Int(expected[channel]) * (denominator - sample[3] * coverage) + denominator / 2
                        expected[channel] = UInt8(min(255, value / denominator))
                    }
                }
                if Array(canvas.pixels[at ..< at + 4]) != expected { wrong += 1 }
            }
        }
        #expect(wrong == 0)
    }
}
