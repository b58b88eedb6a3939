@testable import Raster
import SharedTestSupport
import Testing
@testable import Palette

@Suite enum ColorHistogramTests {
    @Test static func countsPixelsOfTheRectangleTimesTheWeight() {
        // 4x2 image: row 0 = red red white blue, row 1 = red white white white.
        let colors: [(UInt8, UInt8, UInt8)] = [(255, 0, 0), (255, 0, 0), (255, 255, 255), (0, 0, 255),
                                               (255, 0, 0), (255, 255, 255), (255, 255, 255), (255, 255, 255)]
        let image = RGBAImage(width: 4, height: 2, pixels: colors.flatMap { [$0.0, $0.1, $0.2, 255] }, isPremultiplied: true)
        var histogram = ColorHistogram()
        histogram.add(image: image, rect: PixelRect(x: 1, y: 0, width: 3, height: 2), weight: 2.5)
        #expect(histogram.entries == [
            ColorHistogram.Entry(color: RGB8(0, 0, 255), weight: 2.5),
            ColorHistogram.Entry(color: RGB8(255, 0, 0), weight: 2.5),
            ColorHistogram.Entry(color: RGB8(255, 255, 255), weight: 10),
        ])
        #expect(histogram.totalWeight == 15)
        #expect(histogram.weight(of: RGB8(255, 255, 255)) == 10)
        #expect(histogram.weight(of: RGB8(1, 2, 3)) == 0)
    }

    @Test static func readsPartialAlphaAsCompositedOverWhite() {
        // Premultiplied half-transparent red (128, 0, 0, 128) over white shows (255, 127, 127);
        // fully transparent shows white.
        let image = RGBAImage(width: 2, height: 1, pixels: [128, 0, 0, 128, 0, 0, 0, 0], isPremultiplied: true)
        #expect(TestImages.histogram(image).entries.map(\.color) == [RGB8(255, 127, 127), RGB8(255, 255, 255)])
        // Straight (255, 0, 0, 128): 255·128/255 + 255·127/255 -> (255, 127, 127) too.
        let straight = RGBAImage(width: 1, height: 1, pixels: [255, 0, 0, 128], isPremultiplied: false)
        #expect(TestImages.histogram(straight).entries.map(\.color) == [RGB8(255, 127, 127)])
    }

    @Test static func manyColoursGrowTheTableAndComeOutSorted() {
        var histogram = ColorHistogram()
        var generator = SeededGenerator(seed: 7)
        var expected: [UInt32: Double] = [:]
        for step in 0 ..< 20_000 {
            let color = RGB8(generator.byte(), generator.byte(), generator.byte() & 0x0F)
            let weight = Double(step % 5)
            histogram.add(color, weight: weight)
            if weight > 0 { expected[color.packed, default: 0] += weight }
        }
        let entries = histogram.entries
        #expect(entries.count == expected.count)
        #expect(histogram.distinctColorCount == expected.count)
        #expect(zip(entries, entries.dropFirst()).allSatisfy { $0.color.packed < $1.color.packed })
        #expect(entries.allSatisfy { expected[$0.color.packed] == $0.weight })
    }

    @Test static func ignoresBadWeightsAndClipsTheRectangle() {
        let image = RGBAImage(width: 3, height: 3, filledWith: (0, 255, 0, 255))
        var histogram = ColorHistogram()
        histogram.add(image: image, rect: image.bounds, weight: 0)
        histogram.add(image: image, rect: image.bounds, weight: -.infinity)
        histogram.add(image: image, rect: image.bounds, weight: .nan)
        #expect(histogram.distinctColorCount == 0)
        histogram.add(image: image, rect: PixelRect(x: 2, y: 2, width: 10, height: 10))
        #expect(histogram.entries == [ColorHistogram.Entry(color: RGB8(0, 255, 0), weight: 1)])
    }
}
