@testable import Raster
import SharedTestSupport
import Testing
@testable import ImageCodecs

/// The area filter and the sizes pictures are reduced to, on values worked out by hand.
@Suite enum AreaReducerTests {
    /// Straight RGBA pixels of one row with the given red values, opaque.
    static func row(_ reds: [UInt8]) -> [UInt8] { reds.flatMap { [$0, 0, 0, 255] } }

    @Test static func everySourcePixelCountsByTheAreaItCovers() {
        // Three pixels into two: the middle one is split half and half.
        var reducer = AreaReducer(sourceWidth: 3, sourceHeight: 1, width: 2, height: 1)
        row([0, 90, 210]).withUnsafeBufferPointer { reducer.add($0.baseAddress!, y: 0, firstColumn: 0, step: 1, count: 3) }
        // (0 + 90/2) / 1.5 = 30; (90/2 + 210) / 1.5 = 170.
        #expect(reducer.image().pixels == [30, 0, 0, 255, 170, 0, 0, 255])
    }

    @Test static func aScaledDecodeCoversThePictureAsAtFullSize() {
        // A 5 x 2 picture decoded at 4/8 is 3 x 1 pixels, each 2 x 2 picture pixels; the last
        // column reaches half past the edge, so it counts for 1 picture pixel, not 2.
        var reducer = AreaReducer(pictureWidth: 5, pictureHeight: 2, eighths: 4, width: 2, height: 1)
        #expect(reducer.sourceWidth == 3 && reducer.sourceHeight == 1)
        row([10, 20, 250]).withUnsafeBufferPointer { reducer.add($0.baseAddress!, y: 0, firstColumn: 0, step: 1, count: 3) }
        // Target 0 covers picture [0, 2.5): (2 * 10 + 0.5 * 20) / 2.5 = 12; target 1 covers
        // [2.5, 5): (1.5 * 20 + 1 * 250) / 2.5 = 112.
        #expect(reducer.image().pixels == [12, 0, 0, 255, 112, 0, 0, 255])
        var whole = AreaReducer(pictureWidth: 5, pictureHeight: 2, eighths: 4, width: 1, height: 1)
        row([10, 20, 250]).withUnsafeBufferPointer { whole.add($0.baseAddress!, y: 0, firstColumn: 0, step: 1, count: 3) }
        // (2 * 10 + 2 * 20 + 1 * 250) / 5 = 62.
        #expect(whole.image().pixels == [62, 0, 0, 255])
    }

    @Test static func rowsArriveInAnyOrderAndInPasses() {
        // A 4 x 2 picture to 2 x 1, once row by row, once as interlace-like column passes.
        let values: [[UInt8]] = [[10, 20, 30, 40], [50, 60, 70, 80]]
        var whole = AreaReducer(sourceWidth: 4, sourceHeight: 2, width: 2, height: 1)
        var passes = whole
        for y in 0 ..< 2 {
            row(values[y]).withUnsafeBufferPointer { whole.add($0.baseAddress!, y: y, firstColumn: 0, step: 1, count: 4) }
        }
        for y in [1, 0] {
            row([values[y][1], values[y][3]]).withUnsafeBufferPointer { passes.add($0.baseAddress!, y: y, firstColumn: 1, step: 2, count: 2) }
            row([values[y][0], values[y][2]]).withUnsafeBufferPointer { passes.add($0.baseAddress!, y: y, firstColumn: 0, step: 2, count: 2) }
        }
        #expect(whole.image() == passes.image())
        #expect(whole.image().pixels == [35, 0, 0, 255, 55, 0, 0, 255])
    }

    /// The reduction of straight RGBA `pixels` (`sourceWidth` x `sourceHeight`) to `width` x
    /// `height`, computed from the overlaps directly: source pixel (i, j) spans [i·width,
    /// (i + 1)·width) by [j·height, ...) in units in which a target pixel is sourceWidth by
    /// sourceHeight, and adds its alpha-weighted colour times the overlap's area.
    static func boxFiltered(_ pixels: [UInt8], sourceWidth: Int, sourceHeight: Int, width: Int, height: Int) -> [UInt8] {
        func overlap(_ source: Int, _ sourceLength: Int, _ target: Int, _ targetLength: Int) -> Int {
            max(0, min((source + 1) * sourceLength, (target + 1) * targetLength) - max(source * sourceLength, target * targetLength))
        }
        var out: [UInt8] = []
        let area = sourceWidth * sourceHeight
        for ty in 0 ..< height {
            for tx in 0 ..< width {
                var sums = [0, 0, 0, 0]
                for sy in 0 ..< sourceHeight {
                    let wy = overlap(sy, height, ty, sourceHeight)
                    guard wy > 0 else { continue }
                    // Only the source columns that can overlap target column tx.
                    for sx in tx * sourceWidth / width ..< min(sourceWidth, (tx + 1) * sourceWidth / width + 1) {
                        let w = wy * overlap(sx, width, tx, sourceWidth)
                        guard w > 0 else { continue }
                        let at = (sy * sourceWidth + sx) * 4, alpha = Int(pixels[at + 3])
                        for c in 0 ..< 3 { sums[c] += Int(pixels[at + c]) * alpha * w }
                        sums[3] += alpha * w
                    }
                }
                out += (0 ..< 3).map { UInt8((sums[$0] + area * 255 / 2) / (area * 255)) } + [UInt8((sums[3] + area / 2) / area)]
            }
        }
        return out
    }

    /// Random pictures of sizes that leave most target pixels with a run of whole source
    /// pixels and a cut one at each edge (and some with none whole): row by row, and in
    /// interlacing passes, the reduction is the box filter computed from the overlaps.
    @Test(arguments: [(131, 7, 13, 2), (1000, 3, 130, 1), (97, 5, 96, 3), (64, 4, 16, 4), (10, 10, 7, 3)])
    static func runsOfWholePixelsAddUpAsTheBoxFilter(sourceWidth: Int, sourceHeight: Int, width: Int, height: Int) {
        var random = SeededGenerator(seed: UInt64(sourceWidth * 1000 + width))
        var pixels = (0 ..< sourceWidth * sourceHeight * 4).map { _ in UInt8.random(in: 0 ... 255, using: &random) }
        // Opaque rows as JPEGs give, and rows with alpha.
        for at in stride(from: 3, to: pixels.count / 2, by: 4) { pixels[at] = 255 }
        var rows = AreaReducer(sourceWidth: sourceWidth, sourceHeight: sourceHeight, width: width, height: height)
        var passes = rows
        pixels.withUnsafeBufferPointer { all in
            for y in 0 ..< sourceHeight {
                let start = all.baseAddress! + y * sourceWidth * 4
                rows.add(start, y: y, firstColumn: 0, step: 1, count: sourceWidth)
                for first in 0 ..< 3 {
                    let columns = Array(stride(from: first, to: sourceWidth, by: 3))
                    let part = columns.flatMap { Array(all[(y * sourceWidth + $0) * 4 ..< (y * sourceWidth + $0) * 4 + 4]) }
                    part.withUnsafeBufferPointer { passes.add($0.baseAddress!, y: y, firstColumn: first, step: 3, count: columns.count) }
                }
            }
        }
        let expected = boxFiltered(pixels, sourceWidth: sourceWidth, sourceHeight: sourceHeight, width: width, height: height)
        #expect(rows.image().pixels == expected)
        #expect(passes.image().pixels == expected)
    }

    @Test static func rowsSplitBetweenReducersJoinIntoTheSamePicture() {
        // A 3 x 3 picture to 2 x 2: the middle row is split between both target rows, and the
        // split between the reducers falls inside a target row, as with two converting threads.
        let values: [[UInt8]] = [[0, 90, 210], [30, 60, 120], [240, 150, 3]]
        var whole = AreaReducer(sourceWidth: 3, sourceHeight: 3, width: 2, height: 2)
        var upper = whole, lower = whole
        for y in 0 ..< 3 {
            row(values[y]).withUnsafeBufferPointer { pixels in
                whole.add(pixels.baseAddress!, y: y, firstColumn: 0, step: 1, count: 3)
                if y < 2 {
                    upper.add(pixels.baseAddress!, y: y, firstColumn: 0, step: 1, count: 3)
                } else {
                    lower.add(pixels.baseAddress!, y: y, firstColumn: 0, step: 1, count: 3)
                }
            }
        }
        upper.absorb(lower)
        #expect(upper.image() == whole.image())
        // Target (0, 0) covers rows [0, 1.5) and columns [0, 1.5): weights 1, 0.5 / 0.5, 0.25
        // over 2.25: (0 + 45 + 15 + 15) / 2.25 = 33.3; (1, 1): (60 * 0.25 + 120 * 0.5 + 150 * 0.5
        // + 3) / 2.25 = 68.
        #expect(whole.image().pixels[0] == 33)
        #expect(whole.image().pixels[12] == 68)
        var sink = PictureRowSink(width: 3, height: 3, target: (2, 2))
        #expect(sink.reduces)
        var other = sink
        row(values[0]).withUnsafeBufferPointer { sink.add($0.baseAddress!, y: 0) }
        for y in 1 ..< 3 { row(values[y]).withUnsafeBufferPointer { other.add($0.baseAddress!, y: y) } }
        sink.absorb(other)
        #expect(sink.image() == whole.image())
        #expect(!PictureRowSink(width: 3, height: 3, target: (3, 3)).reduces)
    }

    @Test static func colourIsWeightedByAlphaAndComesOutPremultiplied() {
        var reducer = AreaReducer(sourceWidth: 2, sourceHeight: 1, width: 1, height: 1)
        let pixels: [UInt8] = [255, 0, 0, 255, 0, 255, 0, 0]  // opaque red, transparent green
        pixels.withUnsafeBufferPointer { reducer.add($0.baseAddress!, y: 0, firstColumn: 0, step: 1, count: 2) }
        let image = reducer.image()
        #expect(image.isPremultiplied)
        #expect(image.pixels == [128, 0, 0, 128])
    }

    @Test static func fitKeepsSmallPicturesAndFillsTheLayerWithLargeOnes() {
        let fill = PictureFit(side: 100, preservesAspectRatio: true)
        #expect(fill.reducedSize(width: 4032, height: 3024) == (133, 100))
        #expect(fill.reducedSize(width: 3024, height: 4032) == (100, 133))
        #expect(fill.reducedSize(width: 256, height: 100) == (256, 100))
        #expect(fill.reducedSize(width: 100, height: 100) == (100, 100))
        let stretch = PictureFit(side: 100, preservesAspectRatio: false)
        #expect(stretch.reducedSize(width: 4032, height: 3024) == (100, 100))
        #expect(stretch.reducedSize(width: 300, height: 80) == (100, 80))
        #expect(PictureFit(side: 37.5, preservesAspectRatio: false).reducedSize(width: 256, height: 256) == (38, 38))
        #expect(PictureFit(side: .nan, preservesAspectRatio: true).reducedSize(width: 500, height: 400) == (500, 400))
    }
}
