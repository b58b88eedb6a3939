import Foundation
@testable import ArcScene
import Raster

/// Closed-form and brute-force values the tests compare the scene model against, derived
/// here from first principles rather than from the module's own code paths.
enum Reference {
    /// Degrees to radians.
    static func radians(_ degrees: Double) -> Double { degrees * Double.pi / 180 }

    /// One coordinate of a cubic Bézier in Bernstein form.
    static func bernstein(_ a: Double, _ b: Double, _ c: Double, _ d: Double, _ t: Double) -> Double {
        let s = 1 - t
        return s * s * s * a + 3 * s * s * t * b + 3 * s * t * t * c + t * t * t * d
    }

    /// The timing curve's x at parameter s, with (0,0), (x1,y1), (x2,y2), (1,1).
    static func timingX(_ x1: Double, _ x2: Double, _ s: Double) -> Double {
        bernstein(0, x1, x2, 1, s)
    }

    /// The progress of a timing curve at time fraction u, by plain bisection on x.
    static func timingProgress(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double,
                               _ u: Double) -> Double {
        var low = 0.0
        var high = 1.0
        for _ in 0..<200 {
            let middle = (low + high) / 2
            if timingX(x1, x2, middle) < u { low = middle } else { high = middle }
        }
        return bernstein(0, y1, y2, 1, (low + high) / 2)
    }

    /// The standard cubic for the arc of `sweep` radians starting at `start` on the circle of
    /// `radius` around the origin: built on the unit circle from angle 0, then rotated.
    static func arcCubic(radius: Double, start: Double, sweep: Double) -> [Point] {
        let k = 4.0 / 3.0 * tan(sweep / 4)
        let unit: [(Double, Double)] = [
            (1, 0),
            (1, k),
            (cos(sweep) + k * sin(sweep), sin(sweep) - k * cos(sweep)),
            (cos(sweep), sin(sweep)),
        ]
        return unit.map { x, y in
            Point(x: radius * (x * cos(start) - y * sin(start)),
                  y: radius * (x * sin(start) + y * cos(start)))
        }
    }

    /// A point on a cubic given by four control points.
    static func cubicPoint(_ p: [Point], _ t: Double) -> Point {
        Point(x: bernstein(p[0].x, p[1].x, p[2].x, p[3].x, t),
              y: bernstein(p[0].y, p[1].y, p[2].y, p[3].y, t))
    }

    /// The largest distance outside the circle of the standard cubic for a sweep of `sweep`
    /// radians: R · (2/27) · sin⁶(θ/4) / cos²(θ/4).
    static func radialErrorBound(radius: Double, sweep: Double) -> Double {
        let quarter = abs(sweep) / 4
        return radius * 2 / 27 * pow(sin(quarter), 6) / pow(cos(quarter), 2)
    }

    /// The arc length of a cubic by summing `steps` chords.
    static func cubicLength(_ p: [Point], steps: Int) -> Double {
        var total = 0.0
        var previous = p[0]
        for step in 1...steps {
            let next = cubicPoint(p, Double(step) / Double(steps))
            total += previous.distance(to: next)
            previous = next
        }
        return total
    }
}

extension Point {
    /// The Euclidean distance to `other`, for comparing computed positions with expected ones.
    func distance(to other: Point) -> Double {
        ((x - other.x) * (x - other.x) + (y - other.y) * (y - other.y)).squareRoot()
    }
}
