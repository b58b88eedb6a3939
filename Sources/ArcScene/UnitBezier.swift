/// A cubic Bézier timing curve from (0, 0) to (1, 1) with control points (x1, y1) and (x2, y2),
/// solved the way WebKit's UnitBezier does.
///
/// Both coordinates are polynomials in the curve parameter s:
/// x(s) = ((aₓ·s + bₓ)·s + cₓ)·s with cₓ = 3·x1, bₓ = 3·(x2 − x1) − cₓ, aₓ = 1 − cₓ − bₓ,
/// and the same for y. For a linear time fraction u the progress is y(s) where x(s) = u;
/// `parameter(forX:)` finds s with a few Newton steps from s = u and falls back to bisection on
/// [0, 1] when Newton stalls (a flat tangent) or leaves the interval.
///
/// The curve is monotonic in x whenever x1 and x2 lie in [0, 1], which `TimingFunction`
/// checks before building one.
struct UnitBezier: Hashable, Sendable {
    /// The residual |x(s) − u| the solver stops at; well below the required 1e-7.
    static let defaultTolerance = 1e-12

    /// Power-basis coefficients of x(s), highest degree first.
    let ax: Double, bx: Double, cx: Double
    /// Power-basis coefficients of y(s), highest degree first.
    let ay: Double, by: Double, cy: Double

    /// Creates the curve with control points (`x1`, `y1`) and (`x2`, `y2`).
    init(x1: Double, y1: Double, x2: Double, y2: Double) {
        cx = 3 * x1
        bx = 3 * (x2 - x1) - cx
        ax = 1 - cx - bx
        cy = 3 * y1
        by = 3 * (y2 - y1) - cy
        ay = 1 - cy - by
    }

    /// x at curve parameter `s`.
    func x(at s: Double) -> Double { ((ax * s + bx) * s + cx) * s }

    /// y at curve parameter `s`.
    func y(at s: Double) -> Double { ((ay * s + by) * s + cy) * s }

    /// dx/ds at curve parameter `s`.
    func xDerivative(at s: Double) -> Double { (3 * ax * s + 2 * bx) * s + cx }

    /// The curve parameter s in [0, 1] with x(s) = `x`, to within `tolerance`.
    ///
    /// `x` outside [0, 1] is clamped. Newton's method runs at most 8 steps from s = x; if it
    /// has not converged inside [0, 1], bisection takes over (at most 200 halvings, which
    /// reach the limit of Double precision long before).
    func parameter(forX x: Double, tolerance: Double = defaultTolerance) -> Double {
        guard x > 0 else { return 0 }
        guard x < 1 else { return 1 }
        var s = x
        for _ in 0..<8 {
            let residual = self.x(at: s) - x
            if abs(residual) < tolerance, s >= 0, s <= 1 { return s }
            let slope = xDerivative(at: s)
            if abs(slope) < 1e-6 { break }
            s -= residual / slope
        }
        var low = 0.0
        var high = 1.0
        s = x
        for _ in 0..<200 {
            let value = self.x(at: s)
            if abs(value - x) < tolerance { return s }
            if value < x { low = s } else { high = s }
            let middle = low + (high - low) / 2
            if middle == s { break }
            s = middle
        }
        return s
    }

    /// The progress y(s) at linear time fraction `x`, where x(s) = `x`.
    func solve(_ x: Double, tolerance: Double = defaultTolerance) -> Double {
        y(at: parameter(forX: x, tolerance: tolerance))
    }
}
