/// Exact areas of a disc intersected with convex polygons, in closed form.
///
/// The area of disc ∩ polygon is the sum, over the polygon's edges (p, q), of the signed area
/// of disc ∩ triangle(centre, p, q): the parts of the edge inside the circle contribute
/// the straight triangle, the parts outside contribute the circular sector they subtend.
/// All coordinates are relative to the disc's centre.
enum CircleIntersection {
    /// Signed area of disc(0, √radiusSquared) ∩ triangle(0, a, b); positive when a → b turns
    /// in the direction of increasing angle.
    @inline(__always)
    static func triangleArea(_ ax: Double, _ ay: Double, _ bx: Double, _ by: Double,
                             radiusSquared r2: Double) -> Double {
        let dx = bx - ax, dy = by - ay
        let a = dx * dx + dy * dy
        guard a > 0 else { return 0 }
        let halfB = ax * dx + ay * dy
        let c = ax * ax + ay * ay - r2
        let discriminant = halfB * halfB - a * c
        if discriminant <= 0 {
            return sectorArea(ax, ay, bx, by, r2)
        }
        let root = discriminant.squareRoot()
        let t0 = (-halfB - root) / a, t1 = (-halfB + root) / a
        if t1 <= 0 || t0 >= 1 {
            return sectorArea(ax, ay, bx, by, r2)
        }
        let low = Swift.max(t0, 0), high = Swift.min(t1, 1)
        let px = ax + low * dx, py = ay + low * dy
        let qx = ax + high * dx, qy = ay + high * dy
        var area = 0.5 * (px * qy - py * qx)
        if low > 0 { area += sectorArea(ax, ay, px, py, r2) }
        if high < 1 { area += sectorArea(qx, qy, bx, by, r2) }
        return area
    }

    /// Signed area of the circular sector of radius √r2 between the directions of u and v.
    @inline(__always)
    static func sectorArea(_ ux: Double, _ uy: Double, _ vx: Double, _ vy: Double, _ r2: Double) -> Double {
        let cross = ux * vy - uy * vx
        let dot = ux * vx + uy * vy
        return 0.5 * r2 * PortableMath.atan2(cross, dot)
    }

    /// Area of the unit square with top-left corner (x, y) inside disc(0, √r2).
    @inline(__always)
    static func squareArea(x: Double, y: Double, radiusSquared r2: Double) -> Double {
        let x1 = x + 1, y1 = y + 1
        let sum = triangleArea(x, y, x1, y, radiusSquared: r2)
            + triangleArea(x1, y, x1, y1, radiusSquared: r2)
            + triangleArea(x1, y1, x, y1, radiusSquared: r2)
            + triangleArea(x, y1, x, y, radiusSquared: r2)
        return Swift.min(1, Swift.max(0, sum))
    }

    /// Area of a convex polygon inside the disc of radius √r2 centred at (cx, cy).
    static func polygonArea(_ polygon: ConvexPolygon, centerX cx: Double, centerY cy: Double,
                            radiusSquared r2: Double) -> Double {
        let n = polygon.count
        guard n >= 3, r2 > 0 else { return 0 }
        var sum = 0.0
        for i in 0 ..< n {
            let j = i + 1 == n ? 0 : i + 1
            sum += triangleArea(polygon.xs[i] - cx, polygon.ys[i] - cy,
                                polygon.xs[j] - cx, polygon.ys[j] - cy, radiusSquared: r2)
        }
        return Swift.abs(sum)
    }
}

