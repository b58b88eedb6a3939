/// The numbers an arc stroke needs per pixel, worked out once: radii, the wedge of swept
/// angles as half-planes through the centre, and the two caps. All positions are relative
/// to the arc's centre.
struct ArcStrokeGeometry {
    /// A half-plane through the centre: points with `a·x + b·y >= 0`.
    struct HalfPlane {
        var a: Double
        var b: Double
        var reversed: HalfPlane { HalfPlane(a: -a, b: -b) }
    }

    /// A round cap: a disc around an end point, cut by a half-plane through the centre.
    struct Cap {
        var x: Double
        var y: Double
        var side: HalfPlane
    }

    let outerRadius: Double
    let innerRadius: Double
    private let outer2: Double
    private let inner2: Double
    private let cap2: Double
    /// Nil for a full circle (plain annulus, no caps).
    private let wedge: (first: HalfPlane, second: HalfPlane)?
    /// True when the sweep exceeds π, so `wedge` holds the convex complement to subtract.
    private let wedgeIsComplement: Bool
    private let caps: [Cap]

    init(_ arc: ArcStroke) {
        let half = arc.lineWidth / 2
        outerRadius = arc.radius + half
        innerRadius = Swift.max(0, arc.radius - half)
        outer2 = outerRadius * outerRadius
        inner2 = innerRadius * innerRadius
        cap2 = half * half
        guard let interval = arc.sweptInterval else {
            wedge = nil
            wedgeIsComplement = false
            caps = []
            return
        }
        let (cs, ss) = PortableMath.cosSin(interval.start)
        let (ce, se) = PortableMath.cosSin(interval.start + interval.sweep)
        // cross(u_start, p) >= 0: p at or after the start angle (within π).
        let afterStart = HalfPlane(a: -ss, b: cs)
        // cross(p, u_end) >= 0: p at or before the end angle (within π).
        let beforeEnd = HalfPlane(a: se, b: -ce)
        if interval.sweep <= PortableMath.pi {
            wedge = (afterStart, beforeEnd)
            wedgeIsComplement = false
        } else {
            wedge = (beforeEnd.reversed, afterStart.reversed)
            wedgeIsComplement = true
        }
        caps = [
            Cap(x: arc.radius * cs, y: arc.radius * ss, side: afterStart.reversed),
            Cap(x: arc.radius * ce, y: arc.radius * se, side: beforeEnd.reversed),
        ]
    }

    /// Coverage of the unit square with top-left corner (x, y), relative to the centre.
    func coverage(x: Double, y: Double) -> Double {
        var total: Double
        if let wedge {
            let inWedge = wedgeArea(x: x, y: y, wedge.first, wedge.second)
            total = wedgeIsComplement ? annulusArea(x: x, y: y) - inWedge : inWedge
        } else {
            total = annulusArea(x: x, y: y)
        }
        for cap in caps { total += capArea(x: x, y: y, cap) }
        return Swift.min(1, Swift.max(0, total))
    }

    /// Squared distances from (0, 0) to the nearest point and the farthest corner of a square.
    @inline(__always)
    private static func distances(x: Double, y: Double) -> (nearest: Double, farthest: Double) {
        let nx = x > 0 ? x : (x + 1 < 0 ? x + 1 : 0)
        let ny = y > 0 ? y : (y + 1 < 0 ? y + 1 : 0)
        let fx = Swift.max(Swift.abs(x), Swift.abs(x + 1))
        let fy = Swift.max(Swift.abs(y), Swift.abs(y + 1))
        return (nx * nx + ny * ny, fx * fx + fy * fy)
    }

    /// Area of the square inside the annulus (outer disc minus inner disc).
    private func annulusArea(x: Double, y: Double) -> Double {
        let (nearest, farthest) = Self.distances(x: x, y: y)
        if nearest >= outer2 { return 0 }
        let outerArea = farthest <= outer2 ? 1 : CircleIntersection.squareArea(x: x, y: y, radiusSquared: outer2)
        let innerArea: Double
        if nearest >= inner2 { innerArea = 0 }
        else if farthest <= inner2 { innerArea = 1 }
        else { innerArea = CircleIntersection.squareArea(x: x, y: y, radiusSquared: inner2) }
        return outerArea - innerArea
    }

    /// Area of the square inside the annulus and inside both half-planes of a convex wedge.
    private func wedgeArea(x: Double, y: Double, _ first: HalfPlane, _ second: HalfPlane) -> Double {
        let (in1, out1) = Self.classify(x: x, y: y, first)
        let (in2, out2) = Self.classify(x: x, y: y, second)
        if out1 || out2 { return 0 }
        if in1 && in2 { return annulusArea(x: x, y: y) }
        var polygon = ConvexPolygon(squareAtX: x, y: y)
        if !in1 { polygon.clip(a: first.a, b: first.b, c: 0) }
        if !in2 { polygon.clip(a: second.a, b: second.b, c: 0) }
        let (nearest, farthest) = Self.distances(x: x, y: y)
        if nearest >= outer2 { return 0 }
        let outerArea = farthest <= outer2
            ? polygon.area : CircleIntersection.polygonArea(polygon, centerX: 0, centerY: 0, radiusSquared: outer2)
        let innerArea: Double
        if nearest >= inner2 { innerArea = 0 }
        else if farthest <= inner2 { innerArea = polygon.area }
        else { innerArea = CircleIntersection.polygonArea(polygon, centerX: 0, centerY: 0, radiusSquared: inner2) }
        return outerArea - innerArea
    }

    /// Area of the square inside one cap.
    private func capArea(x: Double, y: Double, _ cap: Cap) -> Double {
        let (nearest, farthest) = Self.distances(x: x - cap.x, y: y - cap.y)
        if nearest >= cap2 { return 0 }
        let (inside, outside) = Self.classify(x: x, y: y, cap.side)
        if outside { return 0 }
        var polygon = ConvexPolygon(squareAtX: x, y: y)
        if !inside { polygon.clip(a: cap.side.a, b: cap.side.b, c: 0) }
        if farthest <= cap2 { return polygon.area }
        return CircleIntersection.polygonArea(polygon, centerX: cap.x, centerY: cap.y, radiusSquared: cap2)
    }

    /// Whether all four corners of the square lie in the half-plane, or none strictly does.
    @inline(__always)
    private static func classify(x: Double, y: Double, _ plane: HalfPlane) -> (allInside: Bool, allOutside: Bool) {
        let f00 = plane.a * x + plane.b * y
        let values = (f00, f00 + plane.a, f00 + plane.b, f00 + plane.a + plane.b)
        let low = Swift.min(Swift.min(values.0, values.1), Swift.min(values.2, values.3))
        let high = Swift.max(Swift.max(values.0, values.1), Swift.max(values.2, values.3))
        return (low >= 0, high <= 0)
    }
}
