/// Arc tangent, sine, cosine, tangent, decimal logarithm and exponential from IEEE basic operations only (+, −, ×, ÷), so coverage is
/// bit-for-bit the same on every machine; C library versions may differ in the last bit
/// between platforms, which could move a quantized coverage value by one step.
///
/// Accuracy is a few units in the last place over the ranges used here, far below the
/// 1/32768 coverage step.
public enum PortableMath {
    /// π, the Double nearest to it.
    public static let pi = 3.141592653589793
    /// π / 2, the Double nearest to it.
    public static let halfPi = 1.5707963267948966
    private static let sixthPi = 0.5235987755982989
    private static let sqrt3 = 1.7320508075688772
    private static let tanTwelfthPi = 0.2679491924311228

    /// The angle of the vector (x, y) in (−π, π], like C's atan2 (0 for the zero vector).
    public static func atan2(_ y: Double, _ x: Double) -> Double {
        let ax = Swift.abs(x), ay = Swift.abs(y)
        if ax == 0 && ay == 0 { return x.sign == .minus ? (y.sign == .minus ? -pi : pi) : y }
        var angle = ay <= ax ? atanUnit(ay / ax) : halfPi - atanUnit(ax / ay)
        if x < 0 || (x == 0 && x.sign == .minus) { angle = pi - angle }
        return y < 0 || (y == 0 && y.sign == .minus) ? -angle : angle
    }

    /// atan(t) for t in [0, 1].
    private static func atanUnit(_ t: Double) -> Double {
        if t <= tanTwelfthPi { return atanSmall(t) }
        // atan(t) = π/6 + atan((√3·t − 1) / (t + √3)); the new argument lies in (0, tan(π/12)].
        return sixthPi + atanSmall((sqrt3 * t - 1) / (t + sqrt3))
    }

    /// atan(t) for |t| <= tan(π/12) by its Taylor series, summed until the next term is below
    /// 1e-19 of the result: small arguments (the usual case, angles a pixel subtends from a
    /// circle's centre) need only a few terms.
    private static func atanSmall(_ t: Double) -> Double {
        let z = t * t
        var sum: Double
        if z < 1e-4 {
            sum = 1.0 / 9.0
            sum = sum * z - 1.0 / 7.0
        } else if z < 0.0036 {
            sum = -1.0 / 15.0
            sum = sum * z + 1.0 / 13.0
            sum = sum * z - 1.0 / 11.0
            sum = sum * z + 1.0 / 9.0
            sum = sum * z - 1.0 / 7.0
        } else {
            sum = -1.0 / 31.0
            sum = sum * z + 1.0 / 29.0
            sum = sum * z - 1.0 / 27.0
            sum = sum * z + 1.0 / 25.0
            sum = sum * z - 1.0 / 23.0
            sum = sum * z + 1.0 / 21.0
            sum = sum * z - 1.0 / 19.0
            sum = sum * z + 1.0 / 17.0
            sum = sum * z - 1.0 / 15.0
            sum = sum * z + 1.0 / 13.0
            sum = sum * z - 1.0 / 11.0
            sum = sum * z + 1.0 / 9.0
            sum = sum * z - 1.0 / 7.0
        }
        sum = sum * z + 1.0 / 5.0
        sum = sum * z - 1.0 / 3.0
        return t + t * z * sum
    }

    /// Cosine and sine of `angle` (radians; accurate for |angle| up to a few thousand).
    public static func cosSin(_ angle: Double) -> (cos: Double, sin: Double) {
        guard angle.isFinite else { return (.nan, .nan) }
        // Reduce by multiples of π/2, with π/2 split in two parts so the subtraction is exact.
        let quadrant = (angle / halfPi).rounded()
        let halfPiHigh = 1.5707963267341256
        let halfPiLow = 6.077100506506192e-11
        let r = (angle - quadrant * halfPiHigh) - quadrant * halfPiLow
        let (c, s) = (cosSmall(r), sinSmall(r))
        switch Int(quadrant.truncatingRemainder(dividingBy: 4) + 4) % 4 {
        case 0: return (c, s)
        case 1: return (-s, c)
        case 2: return (-c, -s)
        default: return (s, -c)
        }
    }

    /// sin(r) for |r| <= π/4 by its Taylor series.
    private static func sinSmall(_ r: Double) -> Double {
        r + r * (r * r) * sineTail(r * r)
    }

    /// The series of (sin r − r) / r³ in z = r².
    private static func sineTail(_ z: Double) -> Double {
        var sum = -1.0 / 121_645_100_408_832_000.0 // −1/19!
        sum = sum * z + 1.0 / 355_687_428_096_000.0 // 1/17!
        sum = sum * z - 1.0 / 1_307_674_368_000.0 // −1/15!
        sum = sum * z + 1.0 / 6_227_020_800.0 // 1/13!
        sum = sum * z - 1.0 / 39_916_800.0 // −1/11!
        sum = sum * z + 1.0 / 362_880.0 // 1/9!
        sum = sum * z - 1.0 / 5_040.0 // −1/7!
        sum = sum * z + 1.0 / 120.0 // 1/5!
        sum = sum * z - 1.0 / 6.0 // −1/3!
        return sum
    }

    /// cos(r) for |r| <= π/4 by its Taylor series.
    private static func cosSmall(_ r: Double) -> Double {
        let z = r * r
        var sum = 1.0 / 6_402_373_705_728_000.0 // 1/18!
        sum = sum * z - 1.0 / 20_922_789_888_000.0 // −1/16!
        sum = sum * z + 1.0 / 87_178_291_200.0 // 1/14!
        sum = sum * z - 1.0 / 479_001_600.0 // −1/12!
        sum = sum * z + 1.0 / 3_628_800.0 // 1/10!
        sum = sum * z - 1.0 / 40_320.0 // −1/8!
        sum = sum * z + 1.0 / 720.0 // 1/6!
        sum = sum * z - 1.0 / 24.0 // −1/4!
        sum = sum * z + 0.5 // 1/2! (subtracted below)
        return 1 - z * sum
    }

    /// sin(angle), from `cosSin`.
    public static func sin(_ angle: Double) -> Double { cosSin(angle).sin }

    /// cos(angle), from `cosSin`.
    public static func cos(_ angle: Double) -> Double { cosSin(angle).cos }

    /// tan(angle) as sin / cos of one reduction.
    public static func tan(_ angle: Double) -> Double {
        let (c, s) = cosSin(angle)
        return s / c
    }

    /// Decimal logarithm of a positive finite value, `log(x) / ln 10`: PSNR figures and the
    /// decisions taken on them are the same on every machine.
    public static func log10(_ x: Double) -> Double {
        log(x) / ln10
    }

    /// Natural logarithm of a positive finite value, from its binary exponent and an atanh
    /// series for the mantissa (|z| <= 1/3, so 30 terms are far past double precision).
    /// 0 gives −infinity, +infinity itself, a negative value or NaN gives NaN.
    public static func log(_ x: Double) -> Double {
        guard x > 0, x.isFinite else { return x == 0 ? -.infinity : (x.isNaN || x < 0 ? .nan : .infinity) }
        let exponent = Double(x.exponent)
        let mantissa = x.significand  // 1 ..< 2
        let z = (mantissa - 1) / (mantissa + 1)
        let zSquared = z * z
        var term = z, sum = 0.0
        for k in 0 ..< 30 {
            sum += term / Double(2 * k + 1)
            term *= zSquared
        }
        return exponent * ln2 + 2 * sum
    }

    /// x^y for x >= 0, as `exp(y · log(x))`; 0^y is 0 for y > 0 and 1 for y = 0. A negative
    /// or NaN base gives NaN.
    public static func pow(_ x: Double, _ y: Double) -> Double {
        guard !(x.isNaN || y.isNaN || x < 0) else { return .nan }
        if y == 0 { return 1 }
        if x == 0 { return y > 0 ? 0 : .infinity }
        return exp(y * log(x))
    }

    /// e^x for finite x with |x| <= 700: x = k·ln 2 + r with |r| <= ln 2 / 2 (about), e^r by its Taylor
    /// series summed until the next term is below 1e-19 of the sum, then scaled by 2^k
    /// exactly. Outside that range the result is 0 or infinity as the sign says; NaN stays NaN.
    public static func exp(_ x: Double) -> Double {
        guard !x.isNaN else { return .nan }
        guard x.magnitude <= 700 else { return x < 0 ? 0 : .infinity }
        let k = (x / ln2).rounded()
        // Cody and Waite's split: k · ln2High is exact (ln2High has 11 trailing zero bits and
        // |k| < 2^11), so r loses nothing to the reduction.
        let r = (x - k * ln2High) - k * ln2Low
        var term = 1.0, sum = 1.0, n = 1.0
        while term.magnitude > 1e-19 * sum {
            term *= r / n
            sum += term
            n += 1
        }
        return Double(sign: .plus, exponent: Int(k), significand: sum)
    }

    /// 10^x, as `exp(x · ln 10)`.
    public static func pow10(_ x: Double) -> Double { exp(x * ln10) }

    private static let ln2 = 0.693_147_180_559_945_309_417_232_121_458
    /// ln 2 in two parts: the leading 32 bits of its significand, and the rest.
    private static let ln2High = Double(bitPattern: 0x3FE6_2E42_FEE0_0000)
    private static let ln2Low = Double(bitPattern: 0x3DEA_39EF_3579_3C76)
    private static let ln10 = 2.302_585_092_994_045_684_017_991_454_684
}
