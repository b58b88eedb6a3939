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

    /// One axis of a reduction as lengths: a source pixel is `source` long, a target pixel
    /// `target`, and the picture ends at `targets` target pixels (a scaled decode's last source
    /// pixel reaches past it and counts only up to it).
    struct Axis {
        var source: Int
        var target: Int
        var targets: Int

        /// Plain reduction of `sourceCount` pixels to `targetCount`.
        static func plain(_ sourceCount: Int, to targetCount: Int) -> Axis {
            Axis(source: targetCount, target: sourceCount, targets: targetCount)
        }

        func overlap(_ s: Int, _ t: Int) -> Int {
            max(0, min((s + 1) * source, (t + 1) * target, targets * target) - max(s * source, t * target))
        }
    }

    /// The reduction of straight RGBA `pixels` (`sourceWidth` x `sourceHeight`), computed from
    /// the overlaps directly: each source pixel adds its alpha-weighted colour times the area
    /// it shares with a target pixel.
    static func boxFiltered(_ pixels: [UInt8], sourceWidth: Int, sourceHeight: Int, x: Axis, y: Axis) -> [UInt8] {
        var out: [UInt8] = []
        let area = x.target * y.target
        for ty in 0 ..< y.targets {
            for tx in 0 ..< x.targets {
                var sums = [0, 0, 0, 0]
                for sy in 0 ..< sourceHeight {
                    let wy = y.overlap(sy, ty)
                    guard wy > 0 else { continue }
                    // Only the source columns that can overlap target column tx.
                    for sx in tx * x.target / x.source ..< min(sourceWidth, (tx + 1) * x.target / x.source + 1) {
                        let w = wy * x.overlap(sx, tx)
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

    /// Random straight RGBA pixels, the first half of them opaque (as JPEG rows are).
    static func randomPixels(_ count: Int, seed: Int) -> [UInt8] {
        var random = SeededGenerator(seed: UInt64(seed))
        var pixels = (0 ..< count * 4).map { _ in UInt8.random(in: 0 ... 255, using: &random) }
        for at in stride(from: 3, to: pixels.count / 2, by: 4) { pixels[at] = 255 }
        return pixels
    }

    /// Feeds every row of `pixels` to copies of `reducer` three ways: whole rows; each row in
    /// two neighbouring parts (the second starting at a column that is not 0); and in three
    /// interlacing passes. Returns the three pictures.
    static func reduced(_ pixels: [UInt8], width sourceWidth: Int, by reducer: AreaReducer) -> [RGBAImage] {
        var rows = reducer, parts = reducer, passes = reducer
        let split = sourceWidth * 2 / 5
        pixels.withUnsafeBufferPointer { all in
            for y in 0 ..< reducer.sourceHeight {
                let start = all.baseAddress! + y * sourceWidth * 4
                rows.add(start, y: y, firstColumn: 0, step: 1, count: sourceWidth)
                parts.add(start, y: y, firstColumn: 0, step: 1, count: split)
                parts.add(start + 4 * split, y: y, firstColumn: split, step: 1, count: sourceWidth - split)
                for first in 0 ..< 3 {
                    let columns = Array(stride(from: first, to: sourceWidth, by: 3))
                    let part = columns.flatMap { Array(all[(y * sourceWidth + $0) * 4 ..< (y * sourceWidth + $0) * 4 + 4]) }
                    part.withUnsafeBufferPointer { passes.add($0.baseAddress!, y: y, firstColumn: first, step: 3, count: columns.count) }
                }
            }
        }
        return [rows.image(), parts.image(), passes.image()]
    }

    /// Random pictures of sizes that leave most target pixels with a run of whole source
    /// pixels and a cut one at each edge (and some with none whole): by whole rows, by parts
    /// of rows and in interlacing passes, the reduction is the box filter computed from the
    /// overlaps.
    @Test(arguments: [(131, 7, 13, 2), (1000, 3, 130, 1), (97, 5, 96, 3), (64, 4, 16, 4), (10, 10, 7, 3)])
    static func runsOfWholePixelsAddUpAsTheBoxFilter(sourceWidth: Int, sourceHeight: Int, width: Int, height: Int) {
        let pixels = randomPixels(sourceWidth * sourceHeight, seed: sourceWidth * 1000 + width)
        let expected = boxFiltered(pixels, sourceWidth: sourceWidth, sourceHeight: sourceHeight,
                                   x: .plain(sourceWidth, to: width), y: .plain(sourceHeight, to: height))
        let reducer = AreaReducer(sourceWidth: sourceWidth, sourceHeight: sourceHeight, width: width, height: height)
        for image in reduced(pixels, width: sourceWidth, by: reducer) { #expect(image.pixels == expected) }
    }

    /// The same for pictures decoded at a reduced scale, whose last source pixel reaches past
    /// the picture's edge: a 1003 x 21 picture at 1/8, 2/8 and 4/8 to 13 x 2.
    @Test(arguments: [1, 2, 4])
    static func runsOfAScaledDecodeAddUpAsTheBoxFilter(eighths: Int) {
        let reducer = AreaReducer(pictureWidth: 1003, pictureHeight: 21, eighths: eighths, width: 13, height: 2)
        let pixels = randomPixels(reducer.sourceWidth * reducer.sourceHeight, seed: eighths)
        let x = Axis(source: 8 * 13, target: 1003 * eighths, targets: 13)
        let y = Axis(source: 8 * 2, target: 21 * eighths, targets: 2)
        let expected = boxFiltered(pixels, sourceWidth: reducer.sourceWidth, sourceHeight: reducer.sourceHeight, x: x, y: y)
        for image in reduced(pixels, width: reducer.sourceWidth, by: reducer) { #expect(image.pixels == expected) }
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
