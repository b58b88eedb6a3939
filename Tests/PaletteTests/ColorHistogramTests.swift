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

    /// Stored pixels that differ but show one colour (opaque (15, 15, 15) and premultiplied
    /// (10, 10, 10, 250) and (9, 9, 9, 249) over white; white and transparent) count as one
    /// colour, in runs that mix them, as counting pixel by pixel does.
    @Test static func differentBytesShowingOneColourCountTogether() {
        let shades: [[UInt8]] = [[15, 15, 15, 255], [10, 10, 10, 250], [255, 255, 255, 255], [0, 0, 0, 0], [9, 9, 9, 249]]
        var generator = SeededGenerator(seed: 77)
        let width = 61, height = 7
        var pixels: [UInt8] = []
        for _ in 0 ..< width * height {
            // Mostly runs of one stored pixel, sometimes another that may show the same colour.
            pixels += generator.next() % 4 == 0 || pixels.isEmpty ? shades[Int(generator.next() % 5)] : Array(pixels.suffix(4))
        }
        let image = RGBAImage(width: width, height: height, pixels: pixels, isPremultiplied: true)
        var histogram = ColorHistogram(), expected = ColorHistogram()
        histogram.add(image: image, rect: image.bounds, weight: 2)
        pixels.withUnsafeBufferPointer { bytes in
            for offset in stride(from: 0, to: bytes.count, by: 4) {
                let color = OpaquePixel.packed(bytes, offset, premultiplied: true)
                expected.add(RGB8(UInt8(color >> 16), UInt8(color >> 8 & 0xFF), UInt8(color & 0xFF)), weight: 2)
            }
        }
        #expect(histogram.entries == expected.entries)
        #expect(histogram.entries.map(\.color) == [RGB8(15, 15, 15), RGB8(255, 255, 255)])
        #expect(histogram.totalWeight == Double(2 * width * height))
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

/// The counting sort behind `ColorHistogram.entries` and the 2x2x2 bucketing of large
/// histograms, against the plain ways of doing the same: a comparison sort and a dictionary.
@Suite enum HistogramOrderTests {
    /// `count` distinct colours (a scrambled walk over the cube) as colour << 32 | slot.
    static func items(_ count: Int) -> [UInt64] {
        (0 ..< count).map { k in
            let color = UInt64(truncatingIfNeeded: k &* 2_654_435_761) & 0xFF_FFFF
            return color << 32 | UInt64(k)
        }
    }

    @Test(arguments: [0, 1, 2, 256, 257, 4097, 70_000])
    static func theCountingSortGivesTheComparisonSortsOrder(count: Int) {
        var seen = Set<UInt64>()
        let distinct = items(count).filter { seen.insert($0 >> 32).inserted }
        #expect(ColorHistogram.sortedByColor(distinct) == distinct.sorted())
    }

    @Test static func bucketsMergeAsADictionaryOfBucketsWould() {
        var histogram = ColorHistogram()
        // Every colour of a 21 x 20 x 13 block of the cube (odd sides, so some buckets are
        // partly filled), added in a scrambled order with uneven weights.
        let count = 21 * 20 * 13
        for step in 0 ..< count {
            let k = step &* 2_654_435_761 % count
            histogram.add(RGB8(UInt8(100 + k % 21), UInt8(7 + k / 21 % 20), UInt8(200 + k / 420)), weight: Double(k % 7 + 1) / 3)
        }
        let entries = histogram.entries
        // The plain way: a dictionary of buckets, in the order they first appear.
        var order: [Int] = []
        var sums: [Int: SIMD3<Double>] = [:]
        var weights: [Int: Double] = [:]
        for entry in entries {
            let c = entry.color
            let bucket = Int(c.r >> 1) << 14 | Int(c.g >> 1) << 7 | Int(c.b >> 1)
            if sums[bucket] == nil { order.append(bucket) }
            sums[bucket, default: .zero] += entry.weight * SIMD3(Double(c.r), Double(c.g), Double(c.b))
            weights[bucket, default: 0] += entry.weight
        }
        let (points, bucketWeights) = PaletteBuilder.bucketed(entries)
        #expect(points.count < entries.count)
        #expect(points == order.map { sums[$0]! / weights[$0]! })
        #expect(bucketWeights == order.map { weights[$0]! })
    }
}
