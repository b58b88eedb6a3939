/// Exact areas of a disc intersected with convex polygons, in closed form.
///
/// The area of disc ∩ polygon is the sum, over the polygon's edges (p, q), of the signed area
/// of disc ∩ triangle(centre, p, q): the parts of the edge inside the circle contribute the
/// straight triangle, the parts outside contribute the circular sector they subtend, r²·θ/2.
/// All coordinates are relative to the disc's centre.
///
/// When the centre lies outside the polygon, the angles of all outside parts add up to less
/// than π in magnitude, so they are summed as the argument of a product of complex numbers
/// and one arc tangent serves the whole polygon.
enum CircleIntersection {
    /// Accumulates disc ∩ triangle(0, a, b) for the edges of one polygon: straight triangles
    /// directly, sector angles as a product of complex numbers (or one by one).
    struct Accumulator {
        let r2: Double
        let separateAngles: Bool
        var triangles = 0.0
        var sectors = 0.0
        var real = 1.0
        var imaginary = 0.0

        init(radiusSquared: Double, separateAngles: Bool) {
            r2 = radiusSquared
            self.separateAngles = separateAngles
        }

        /// Adds the angle from direction u to direction v.
        @inline(__always)
        mutating func addAngle(_ ux: Double, _ uy: Double, _ vx: Double, _ vy: Double) {
            let cross = ux * vy - uy * vx
            let dot = ux * vx + uy * vy
            if separateAngles {
                sectors += PortableMath.atan2(cross, dot)
            } else {
                let re = real * dot - imaginary * cross
                imaginary = real * cross + imaginary * dot
                real = re
            }
        }

        /// Adds the signed area of disc ∩ triangle(0, a, b).
        @inline(__always)
        mutating func addEdge(_ ax: Double, _ ay: Double, _ bx: Double, _ by: Double) {
            let dx = bx - ax, dy = by - ay
            let a = dx * dx + dy * dy
            guard a > 0 else { return }
            addEdge(ax, ay, bx, by, dx, dy, lengthSquared: a, unitLength: false)
        }

        /// Adds disc ∩ triangle(0, a, b) for an edge of length exactly 1 (a pixel side), which
        /// spares the divisions.
        @inline(__always)
        mutating func addUnitEdge(_ ax: Double, _ ay: Double, _ bx: Double, _ by: Double) {
            addEdge(ax, ay, bx, by, bx - ax, by - ay, lengthSquared: 1, unitLength: true)
        }

        @inline(__always)
        private mutating func addEdge(_ ax: Double, _ ay: Double, _ bx: Double, _ by: Double,
                                      _ dx: Double, _ dy: Double, lengthSquared a: Double, unitLength: Bool) {
            let halfB = ax * dx + ay * dy
            let c = ax * ax + ay * ay - r2
            let discriminant = halfB * halfB - a * c
            if discriminant <= 0 {
                addAngle(ax, ay, bx, by)
                return
            }
            let root = discriminant.squareRoot()
            let t0 = unitLength ? -halfB - root : (-halfB - root) / a
            let t1 = unitLength ? -halfB + root : (-halfB + root) / a
            if t1 <= 0 || t0 >= 1 {
                addAngle(ax, ay, bx, by)
                return
            }
            let low = Swift.max(t0, 0), high = Swift.min(t1, 1)
            let px = ax + low * dx, py = ay + low * dy
            let qx = ax + high * dx, qy = ay + high * dy
            triangles += 0.5 * (px * qy - py * qx)
            if low > 0 { addAngle(ax, ay, px, py) }
            if high < 1 { addAngle(qx, qy, bx, by) }
        }

        /// The signed area of disc ∩ polygon.
        var area: Double {
            let angle = separateAngles ? sectors : PortableMath.atan2(imaginary, real)
            return triangles + 0.5 * r2 * angle
        }
    }

    /// Area of the unit square with top-left corner (x, y) inside disc(0, √r2).
    @inline(__always)
    static func squareArea(x: Double, y: Double, radiusSquared r2: Double) -> Double {
        let x1 = x + 1, y1 = y + 1
        let centreInside = x <= 0 && x1 >= 0 && y <= 0 && y1 >= 0
        var sum = Accumulator(radiusSquared: r2, separateAngles: centreInside)
        sum.addUnitEdge(x, y, x1, y)
        sum.addUnitEdge(x1, y, x1, y1)
        sum.addUnitEdge(x1, y1, x, y1)
        sum.addUnitEdge(x, y1, x, y)
        return Swift.min(1, Swift.max(0, sum.area))
    }

    /// Area of a convex polygon inside the disc of radius √r2 centred at (cx, cy).
    static func polygonArea(_ polygon: ConvexPolygon, centerX cx: Double, centerY cy: Double,
                            radiusSquared r2: Double) -> Double {
        let n = polygon.count
        guard n >= 3, r2 > 0 else { return 0 }
        var minX = Double.infinity, maxX = -Double.infinity, minY = Double.infinity, maxY = -Double.infinity
        for i in 0 ..< n {
            minX = Swift.min(minX, polygon.xs[i]); maxX = Swift.max(maxX, polygon.xs[i])
            minY = Swift.min(minY, polygon.ys[i]); maxY = Swift.max(maxY, polygon.ys[i])
        }
        let centreInside = cx >= minX && cx <= maxX && cy >= minY && cy <= maxY
        var sum = Accumulator(radiusSquared: r2, separateAngles: centreInside)
        for i in 0 ..< n {
            let j = i + 1 == n ? 0 : i + 1
            sum.addEdge(polygon.xs[i] - cx, polygon.ys[i] - cy, polygon.xs[j] - cx, polygon.ys[j] - cy)
        }
        return Swift.abs(sum.area)
    }
}
