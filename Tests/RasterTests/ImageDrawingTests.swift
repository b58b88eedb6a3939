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
}
