/// Exact areas of pixel squares inside one disc, with every square root and arc tangent
/// worked out once per pixel row line and column line, so an edge pixel costs only a few
/// multiplications.
///
/// In coordinates relative to the centre, the disc's half-height above x is
/// h(x) = √(r² − x²), with antiderivative F(x) = (x·h(x) + r²·asin(x/r)) / 2. The part of a
/// pixel [x0, x1] × [ya, yb] in the lower half (0 ≤ ya < yb) is: full height yb − ya where
/// |x| ≤ w(yb), height h(x) − ya where w(yb) < |x| < w(ya), nothing beyond, with
/// w(y) = √(r² − y²). Every interval end is a column line or some ±w(y) of a row line, so
/// each integral of h is a difference of precomputed F values. Pixels above the centre use the
/// mirror image; a pixel straddling the centre row is split there.
struct CircleAreaTable {
    /// Where one horizontal line y meets the circle: w = √(r² − y²) (0 beyond the circle)
    /// and F(w).
    struct RowLine {
        var w: Double
        var f: Double
    }

    private let r2: Double
    private let firstColumn: Int
    private let centerX: Double
    private let centerY: Double
    private let firstRow: Int
    /// F at the column lines x = firstColumn + i (relative to the centre, clamped to ±r).
    private var columnF: [Double]
    /// The row lines y = firstRow + j, as distances |y − cy|.
    private var rowLines: [RowLine]
    private let centreLine: RowLine

    /// Tables for the disc of `radius` around `center`, covering pixel columns
    /// `box.x ..< box.maxX` and rows `box.y ..< box.maxY`.
    init(center: Point, radius: Double, box: PixelRect) {
        let r = radius
        r2 = r * r
        firstColumn = box.x
        firstRow = box.y
        centerX = center.x
        centerY = center.y
        let r2 = self.r2
        columnF = (0 ... box.width).map { i in
            let x = Swift.min(Swift.max(Double(box.x + i) - center.x, -r), r)
            let h = Swift.max(0, r2 - x * x).squareRoot()
            return 0.5 * (x * h + r2 * PortableMath.atan2(x, h))
        }
        rowLines = (0 ... box.height).map { j in
            Self.line(distance: Swift.abs(Double(box.y + j) - center.y), r2: r2)
        }
        centreLine = Self.line(distance: 0, r2: r2)
    }

    private static func line(distance y: Double, r2: Double) -> RowLine {
        guard y * y < r2 else { return RowLine(w: 0, f: 0) }
        let w = (r2 - y * y).squareRoot()
        return RowLine(w: w, f: 0.5 * (w * y + r2 * PortableMath.atan2(w, y)))
    }

    /// The area of pixel (x, y) inside the disc, in [0, 1].
    @inline(__always)
    func area(x: Int, y: Int) -> Double {
        let i = x - firstColumn, j = y - firstRow
        let x0 = Double(x) - centerX, x1 = x0 + 1
        let f0 = columnF[i], f1 = columnF[i + 1]
        let y0 = Double(y) - centerY, y1 = y0 + 1
        let top = rowLines[j], bottom = rowLines[j + 1]
        let sum: Double
        if y0 >= 0 {
            sum = Self.halfBand(x0, x1, f0, f1, near: y0, top, far: y1, bottom)
        } else if y1 <= 0 {
            sum = Self.halfBand(x0, x1, f0, f1, near: -y1, bottom, far: -y0, top)
        } else {
            sum = Self.halfBand(x0, x1, f0, f1, near: 0, centreLine, far: y1, bottom)
                + Self.halfBand(x0, x1, f0, f1, near: 0, centreLine, far: -y0, top)
        }
        return Swift.min(1, Swift.max(0, sum))
    }

    /// Area of [x0, x1] × [near, far] (distances from the centre row, near < far) inside the
    /// disc, given F at x0 and x1 and the row lines at `near` and `far`.
    @inline(__always)
    private static func halfBand(_ x0: Double, _ x1: Double, _ f0: Double, _ f1: Double,
                                 near: Double, _ nearLine: RowLine, far: Double, _ farLine: RowLine) -> Double {
        let wa = nearLine.w, wb = farLine.w
        var area = 0.0
        let fullLow = Swift.max(x0, -wb), fullHigh = Swift.min(x1, wb)
        if fullHigh > fullLow { area += (fullHigh - fullLow) * (far - near) }
        // Right of the centre: x in [wb, wa], height h(x) − near.
        var low = x0, fLow = f0, high = x1, fHigh = f1
        if wb > low { low = wb; fLow = farLine.f }
        if wa < high { high = wa; fHigh = nearLine.f }
        if high > low { area += (fHigh - fLow) - near * (high - low) }
        // Left of the centre: x in [−wa, −wb] (F is odd).
        low = x0; fLow = f0; high = x1; fHigh = f1
        if -wa > low { low = -wa; fLow = -nearLine.f }
        if -wb < high { high = -wb; fHigh = -farLine.f }
        if high > low { area += (fHigh - fLow) - near * (high - low) }
        return area
    }
}
