import Raster

/// One cubic Bézier segment in points: start `p0`, handles `p1` and `p2`, end `p3`.
///
/// Evaluated in Bernstein form, so the point at t = 0 is exactly `p0` and the point at t = 1 is
/// exactly `p3`, bit for bit.
struct CubicSegment: Hashable, Sendable {
    /// The start point.
    var p0: Point
    /// The handle leaving the start point.
    var p1: Point
    /// The handle arriving at the end point.
    var p2: Point
    /// The end point.
    var p3: Point

    /// Creates the segment from its four control points.
    init(p0: Point, p1: Point, p2: Point, p3: Point) {
        self.p0 = p0
        self.p1 = p1
        self.p2 = p2
        self.p3 = p3
    }

    /// The point at parameter `t` (not clamped).
    func point(at t: Double) -> Point {
        let mt = 1 - t
        let w0 = mt * mt * mt
        let w1 = 3 * mt * mt * t
        let w2 = 3 * mt * t * t
        let w3 = t * t * t
        return Point(x: w0 * p0.x + w1 * p1.x + w2 * p2.x + w3 * p3.x,
                     y: w0 * p0.y + w1 * p1.y + w2 * p2.y + w3 * p3.y)
    }

    /// The velocity dB/dt at parameter `t`.
    func derivative(at t: Double) -> Point {
        let mt = 1 - t
        let w0 = 3 * mt * mt
        let w1 = 6 * mt * t
        let w2 = 3 * t * t
        return Point(x: w0 * (p1.x - p0.x) + w1 * (p2.x - p1.x) + w2 * (p3.x - p2.x),
                     y: w0 * (p1.y - p0.y) + w1 * (p2.y - p1.y) + w2 * (p3.y - p2.y))
    }

    /// The speed |dB/dt| at parameter `t`.
    func speed(at t: Double) -> Double {
        let velocity = derivative(at: t)
        return (velocity.x * velocity.x + velocity.y * velocity.y).squareRoot()
    }

    /// The arc length between parameters `a` and `b`, by 5-point Gauss–Legendre quadrature.
    ///
    /// The speed of a cubic is smooth, so on the short intervals the arc-length table uses the
    /// rule is exact to far below a micro-point.
    func length(from a: Double, to b: Double) -> Double {
        let half = (b - a) / 2
        let middle = (a + b) / 2
        var sum = 0.0
        for (node, weight) in Self.gaussLegendre5 {
            sum += weight * speed(at: middle + half * node)
        }
        return sum * half
    }

    /// Nodes and weights of the 5-point Gauss–Legendre rule on [−1, 1].
    static let gaussLegendre5: [(node: Double, weight: Double)] = [
        (0, 0.568_888_888_888_888_9),
        (-0.538_469_310_105_683_1, 0.478_628_670_499_366_5),
        (0.538_469_310_105_683_1, 0.478_628_670_499_366_5),
        (-0.906_179_845_938_664_0, 0.236_926_885_056_189_1),
        (0.906_179_845_938_664_0, 0.236_926_885_056_189_1),
    ]
}
