import Raster

/// Shrinks a picture with an area (box) filter as its rows arrive, so a large picture never
/// needs to be held whole: every source pixel adds to the one or two target pixels it
/// overlaps on each axis, in proportion to the area it covers there.
///
/// Values are averaged as stored (sRGB-encoded, as Core Animation filters them), with colour
/// weighted by alpha, and the result is premultiplied, the form the renderer samples. All
/// sums are exact integers, so the result does not depend on the order rows arrive in (an
/// interlaced PNG delivers them pass by pass).
struct AreaReducer {
    /// Where one source pixel lands on one axis: the first target pixel it overlaps, its
    /// overlap with that pixel and with the next, in units in which a source pixel is the
    /// target size long and a target pixel the source size.
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
    private let rows: [Span]
    /// One row of horizontally reduced sums (colour times alpha, and alpha) per target column.
    private var rowSums: [UInt64]
    /// The weighted sums of every target pixel so far, four per pixel.
    private var sums: [UInt64]

    /// A reducer from `sourceWidth` x `sourceHeight` to `width` x `height` pixels (each at
    /// least 1 and no larger than the source side).
    init(sourceWidth: Int, sourceHeight: Int, width: Int, height: Int) {
        precondition(width >= 1 && height >= 1 && width <= sourceWidth && height <= sourceHeight,
                     "AreaReducer: \(sourceWidth)x\(sourceHeight) cannot shrink to \(width)x\(height)")
        self.sourceWidth = sourceWidth
        self.sourceHeight = sourceHeight
        self.width = width
        self.height = height
        columns = Self.spans(source: sourceWidth, target: width)
        rows = Self.spans(source: sourceHeight, target: height)
        rowSums = [UInt64](repeating: 0, count: width * 4)
        sums = [UInt64](repeating: 0, count: width * height * 4)
    }

    private static func spans(source: Int, target: Int) -> [Span] {
        (0 ..< source).map { index in
            let start = index * target, end = start + target
            let first = start / source, boundary = (first + 1) * source
            if end <= boundary { return Span(first: first, firstWeight: UInt64(target), secondWeight: 0) }
            return Span(first: first, firstWeight: UInt64(boundary - start), secondWeight: UInt64(end - boundary))
        }
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
                var x = firstColumn
                for k in 0 ..< count {
                    let pixel = pixels + 4 * k
                    let alpha = UInt64(pixel[3])
                    let r = UInt64(pixel[0]) * alpha, g = UInt64(pixel[1]) * alpha, b = UInt64(pixel[2]) * alpha
                    let span = columns[x]
                    let at = span.first * 4
                    row[at] &+= r &* span.firstWeight
                    row[at + 1] &+= g &* span.firstWeight
                    row[at + 2] &+= b &* span.firstWeight
                    row[at + 3] &+= alpha &* span.firstWeight
                    if span.secondWeight != 0 {
                        row[at + 4] &+= r &* span.secondWeight
                        row[at + 5] &+= g &* span.secondWeight
                        row[at + 6] &+= b &* span.secondWeight
                        row[at + 7] &+= alpha &* span.secondWeight
                    }
                    x += step
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

    /// The reduced picture, premultiplied: each pixel the area-weighted mean of the source
    /// pixels under it, rounded to nearest.
    func image() -> RGBAImage {
        let area = UInt64(sourceWidth) * UInt64(sourceHeight)
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
