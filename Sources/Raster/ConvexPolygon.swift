/// A small convex polygon on the stack (at most eight vertices): a pixel square clipped by a
/// few half-planes, the input of `CircleIntersection.polygonArea`.
struct ConvexPolygon {
    /// Capacity: a square clipped by four half-planes still fits.
    static let capacity = 8
    var xs = SIMD8<Double>()
    var ys = SIMD8<Double>()
    private(set) var count = 0

    /// The unit pixel square with top-left corner (x, y), in the order that increases the
    /// angle in y-down coordinates.
    init(squareAtX x: Double, y: Double) {
        xs = SIMD8(x, x + 1, x + 1, x, 0, 0, 0, 0)
        ys = SIMD8(y, y, y + 1, y + 1, 0, 0, 0, 0)
        count = 4
    }

    private init() {}

    private mutating func append(_ x: Double, _ y: Double) {
        guard count < Self.capacity else { return }
        xs[count] = x
        ys[count] = y
        count += 1
    }

    /// Keeps the part where `a * x + b * y + c >= 0` (Sutherland–Hodgman, one plane).
    mutating func clip(a: Double, b: Double, c: Double) {
        guard count > 0 else { return }
        var result = ConvexPolygon()
        for i in 0 ..< count {
            let j = i + 1 == count ? 0 : i + 1
            let px = xs[i], py = ys[i], qx = xs[j], qy = ys[j]
            let fp = a * px + b * py + c, fq = a * qx + b * qy + c
            if fp >= 0 { result.append(px, py) }
            if (fp >= 0) != (fq >= 0) {
                let t = fp / (fp - fq)
                result.append(px + t * (qx - px), py + t * (qy - py))
            }
        }
        self = result.count >= 3 ? result : ConvexPolygon()
    }

    /// The polygon's area (a fan of triangles from the first vertex, which keeps the
    /// products small far from the origin).
    var area: Double {
        guard count >= 3 else { return 0 }
        let x0 = xs[0], y0 = ys[0]
        var sum = 0.0
        for i in 1 ..< count - 1 {
            sum += (xs[i] - x0) * (ys[i + 1] - y0) - (xs[i + 1] - x0) * (ys[i] - y0)
        }
        return Swift.abs(sum) * 0.5
    }
}
