import Raster

/// Shrinks a picture with an area (box) filter as its rows arrive, so a large picture never
/// needs to be held whole: every source pixel adds to the one or two target pixels it
/// overlaps on each axis, in proportion to the area it covers there.
///
/// Values are averaged as stored (sRGB-encoded, as Core Animation filters them), with colour
/// weighted by alpha, and the result is premultiplied, the form the renderer samples. All
/// sums are exact integers, so the result does not depend on the order rows arrive in (an
/// interlaced PNG delivers them pass by pass).
///
/// The source may also be a picture decoded at a reduced scale (a JPEG decoded at M/8), whose
/// last column and row reach past the picture's edge when its size times M/8 is not whole:
/// then each target pixel covers the same part of the picture as it would at full size, and
/// the part of a source pixel past the edge counts for nothing.
struct AreaReducer {
    /// Where one source pixel lands on one axis: the first target pixel it overlaps, its
    /// overlap with that pixel and with the next, in units in which a target pixel is
    /// `targetPixelLength` long.
    private struct Span {
        var first: Int
        var firstWeight: UInt64
        var secondWeight: UInt64
    }

    let sourceWidth: Int
    let sourceHeight: Int
    let width: Int
    let height: Int
    private let columns: [Span]
    /// For each source column lying wholly inside one target column, the column just past
    /// the run of such columns inside the same target column; for any other, itself.
    private let wholeRunEnds: [Int]
    /// The weight of a source column lying wholly inside one target column (its length).
    private let wholeColumnWeight: UInt64
    private let rows: [Span]
    /// One row of horizontally reduced sums (colour times alpha, and alpha) per target column.
    private var rowSums: [UInt64]
    /// The weighted sums of every target pixel so far, four per pixel.
    private var sums: [UInt64]
    /// The sum of the weights one target pixel gathers: its length on each axis multiplied.
    private let targetPixelArea: UInt64

    /// A reducer from `sourceWidth` x `sourceHeight` to `width` x `height` pixels (each at
    /// least 1 and no larger than the source side).
    init(sourceWidth: Int, sourceHeight: Int, width: Int, height: Int) {
        precondition(width >= 1 && height >= 1 && width <= sourceWidth && height <= sourceHeight,
                     "AreaReducer: \(sourceWidth)x\(sourceHeight) cannot shrink to \(width)x\(height)")
        self.sourceWidth = sourceWidth
        self.sourceHeight = sourceHeight
        self.width = width
        self.height = height
        // A source pixel is `width` long and a target pixel `sourceWidth`: both span the picture.
        columns = Self.spans(count: sourceWidth, sourcePixelLength: width, targetPixelLength: sourceWidth, targets: width)
        wholeColumnWeight = UInt64(width)
        wholeRunEnds = Self.wholeRunEnds(columns, wholeWeight: wholeColumnWeight)
        rows = Self.spans(count: sourceHeight, sourcePixelLength: height, targetPixelLength: sourceHeight, targets: height)
        rowSums = [UInt64](repeating: 0, count: width * 4)
        sums = [UInt64](repeating: 0, count: width * height * 4)
        targetPixelArea = UInt64(sourceWidth) * UInt64(sourceHeight)
    }

    /// A reducer to `width` x `height` pixels from a picture of `pictureWidth` x `pictureHeight`
    /// pixels decoded at `eighths` / 8 of its size (1 to 7): the source is then
    /// `pictureWidth * eighths / 8` pixels wide rounded up (likewise high), each of its pixels
    /// 8 / `eighths` picture pixels across. Each target pixel averages exactly the picture area it
    /// would cover at full size. The target must be no larger than the scaled picture.
    init(pictureWidth: Int, pictureHeight: Int, eighths: Int, width: Int, height: Int) {
        precondition((1 ... 7).contains(eighths), "AreaReducer: a scale of \(eighths)/8 is not a reduced scale")
        let sourceWidth = (pictureWidth * eighths + 7) / 8, sourceHeight = (pictureHeight * eighths + 7) / 8
        precondition(width >= 1 && height >= 1 && width * 8 <= pictureWidth * eighths && height * 8 <= pictureHeight * eighths,
                     "AreaReducer: \(pictureWidth)x\(pictureHeight) at \(eighths)/8 cannot shrink to \(width)x\(height)")
        self.sourceWidth = sourceWidth
        self.sourceHeight = sourceHeight
        self.width = width
        self.height = height
        // A source pixel is 8 * width long and a target pixel pictureWidth * eighths: the
        // picture spans the target exactly, and the source's last pixel may reach past it.
        columns = Self.spans(count: sourceWidth, sourcePixelLength: 8 * width, targetPixelLength: pictureWidth * eighths,
                             targets: width)
        wholeColumnWeight = UInt64(8 * width)
        wholeRunEnds = Self.wholeRunEnds(columns, wholeWeight: wholeColumnWeight)
        rows = Self.spans(count: sourceHeight, sourcePixelLength: 8 * height, targetPixelLength: pictureHeight * eighths,
                          targets: height)
        rowSums = [UInt64](repeating: 0, count: width * 4)
        sums = [UInt64](repeating: 0, count: width * height * 4)
        targetPixelArea = UInt64(pictureWidth * eighths) * UInt64(pictureHeight * eighths)
    }

    /// The spans of `count` source pixels, each `sourcePixelLength` long, laid from 0 over
    /// `targets` target pixels of `targetPixelLength` (no shorter than a source pixel). A source
    /// pixel reaching past the last target pixel's end is cut there.
    private static func spans(count: Int, sourcePixelLength: Int, targetPixelLength: Int, targets: Int) -> [Span] {
        let end = targetPixelLength * targets
        return (0 ..< count).map { index in
            let start = index * sourcePixelLength, stop = min(start + sourcePixelLength, end)
            let first = start / targetPixelLength, boundary = (first + 1) * targetPixelLength
            if stop <= boundary { return Span(first: first, firstWeight: UInt64(stop - start), secondWeight: 0) }
            return Span(first: first, firstWeight: UInt64(boundary - start), secondWeight: UInt64(stop - boundary))
        }
    }

    /// See `wholeRunEnds`.
    private static func wholeRunEnds(_ columns: [Span], wholeWeight: UInt64) -> [Int] {
        var ends = Array(columns.indices)
        for x in columns.indices.reversed() where columns[x].secondWeight == 0 && columns[x].firstWeight == wholeWeight {
            let continues = x + 1 < columns.count && ends[x + 1] > x + 1 && columns[x + 1].first == columns[x].first
            ends[x] = continues ? ends[x + 1] : x + 1
        }
        return ends
    }

    /// Adds `count` straight RGBA pixels at `pixels`, which sit in source row `y` at columns
    /// `firstColumn`, `firstColumn + step`, ... (step 1 for a whole row).
    mutating func add(_ pixels: UnsafePointer<UInt8>, y: Int, firstColumn: Int, step: Int, count: Int) {
        guard y >= 0, y < sourceHeight, count > 0, firstColumn >= 0, step >= 1,
              firstColumn + (count - 1) * step < sourceWidth else { return }
        let width = self.width
        columns.withUnsafeBufferPointer { columns in
            rowSums.withUnsafeMutableBufferPointer { row in
                row.update(repeating: 0)
                if step == 1 {
                    wholeRunEnds.withUnsafeBufferPointer { runEnds in
                        Self.addRow(pixels, firstColumn: firstColumn, count: count, columns: columns, runEnds: runEnds,
                                    wholeWeight: wholeColumnWeight, into: row)
                    }
                    return
                }
                // An interlacing pass's pixels, `step` columns apart, each added by its weights.
                for k in 0 ..< count {
                    Self.addWeighted(pixels + 4 * k, columns[firstColumn + k * step], into: row)
                }
            }
        }
        let span = rows[y]
        rowSums.withUnsafeBufferPointer { row in
            sums.withUnsafeMutableBufferPointer { sums in
                let first = span.first * width * 4
                for i in 0 ..< width * 4 { sums[first + i] &+= row[i] &* span.firstWeight }
                if span.secondWeight != 0 {
                    let second = first + width * 4
                    for i in 0 ..< width * 4 { sums[second + i] &+= row[i] &* span.secondWeight }
                }
            }
        }
    }

    /// Adds `count` neighbouring pixels, from source column `firstColumn` on, to `row`. The
    /// columns lying wholly inside one target column share one weight, so each run of them
    /// is summed unweighted in a tight loop and multiplied once; a column cut by a target
    /// column's edge adds its two weighted parts. Integer sums: the totals are exact.
    private static func addRow(_ pixels: UnsafePointer<UInt8>, firstColumn: Int, count: Int,
                               columns: UnsafeBufferPointer<Span>, runEnds: UnsafeBufferPointer<Int>,
                               wholeWeight: UInt64, into row: UnsafeMutableBufferPointer<UInt64>) {
        let end = firstColumn + count
        var x = firstColumn
        while x < end {
            let span = columns[x]
            let at = span.first * 4
            let runEnd = Swift.min(runEnds[x], end)
            if runEnd > x {
                var red: UInt64 = 0, green: UInt64 = 0, blue: UInt64 = 0, alpha: UInt64 = 0
                var pixel = pixels + 4 * (x - firstColumn)
                for _ in x ..< runEnd {
                    let a = UInt64(pixel[3])
                    red &+= UInt64(pixel[0]) &* a
                    green &+= UInt64(pixel[1]) &* a
                    blue &+= UInt64(pixel[2]) &* a
                    alpha &+= a
                    pixel += 4
                }
                row[at] &+= red &* wholeWeight
                row[at + 1] &+= green &* wholeWeight
                row[at + 2] &+= blue &* wholeWeight
                row[at + 3] &+= alpha &* wholeWeight
                x = runEnd
            } else {
                addWeighted(pixels + 4 * (x - firstColumn), span, into: row)
                x += 1
            }
        }
    }

    /// Adds one straight RGBA pixel landing at `span` to `row`: its colour times alpha, and
    /// alpha, times its overlap with each of the target pixels it touches.
    @inline(__always)
    private static func addWeighted(_ pixel: UnsafePointer<UInt8>, _ span: Span, into row: UnsafeMutableBufferPointer<UInt64>) {
        let at = span.first * 4
        let a = UInt64(pixel[3])
        let r = UInt64(pixel[0]) &* a, g = UInt64(pixel[1]) &* a, b = UInt64(pixel[2]) &* a
        row[at] &+= r &* span.firstWeight
        row[at + 1] &+= g &* span.firstWeight
        row[at + 2] &+= b &* span.firstWeight
        row[at + 3] &+= a &* span.firstWeight
        if span.secondWeight != 0 {
            row[at + 4] &+= r &* span.secondWeight
            row[at + 5] &+= g &* span.secondWeight
            row[at + 6] &+= b &* span.secondWeight
            row[at + 7] &+= a &* span.secondWeight
        }
    }

    /// Adds what `other`, a reducer of the same sizes, has gathered from rows this one has
    /// not taken: the sums are exact, so rows split between reducers and joined here give the
    /// picture one reducer taking them all gives.
    mutating func absorb(_ other: AreaReducer) {
        precondition(other.sourceWidth == sourceWidth && other.sourceHeight == sourceHeight && other.width == width
                     && other.height == height && other.targetPixelArea == targetPixelArea,
                     "AreaReducer: cannot join a reduction of other sizes")
        other.sums.withUnsafeBufferPointer { gathered in
            sums.withUnsafeMutableBufferPointer { sums in
                for i in 0 ..< sums.count { sums[i] &+= gathered[i] }
            }
        }
    }

    /// The reduced picture, premultiplied: each pixel the area-weighted mean of the source
    /// pixels under it, rounded to nearest.
    func image() -> RGBAImage {
        let area = targetPixelArea
        let colourDivisor = area * 255
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        for i in stride(from: 0, to: pixels.count, by: 4) {
            pixels[i] = UInt8((sums[i] + colourDivisor / 2) / colourDivisor)
            pixels[i + 1] = UInt8((sums[i + 1] + colourDivisor / 2) / colourDivisor)
            pixels[i + 2] = UInt8((sums[i + 2] + colourDivisor / 2) / colourDivisor)
            pixels[i + 3] = UInt8((sums[i + 3] + area / 2) / area)
        }
        return RGBAImage(width: width, height: height, pixels: pixels, isPremultiplied: true)
    }
}
