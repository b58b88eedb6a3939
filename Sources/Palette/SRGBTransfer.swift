/// The sRGB transfer curve (IEC 61966-2-1) and the few real functions the palette code needs,
/// computed with nothing but IEEE-754 addition, multiplication, division and square root.
///
/// The module does not call the C maths library: `pow`, `cbrt` and `log10` differ in their
/// last bits between platforms, and a palette built from them could then differ between
/// machines. Newton iterations that stop when they stop improving are bit-reproducible.
public enum SRGBTransfer {
    /// Linear-light value of each 8-bit sRGB code, index 0...255.
    static let decodeTable: [Double] = (0 ..< 256).map { decode(Double($0) / 255) }

    /// Linear-light values at the half-way points between neighbouring codes: code `k` covers
    /// linear values in `encodeThresholds[k - 1] ..< encodeThresholds[k]`.
    static let encodeThresholds: [Double] = (0 ..< 255).map { decode((Double($0) + 0.5) / 255) }

    /// Linear-light value of an sRGB-encoded component in 0...1.
    static func decode(_ encoded: Double) -> Double {
        if encoded <= 0.04045 { return encoded / 12.92 }
        let base = (encoded + 0.055) / 1.055
        // base^2.4 = base^2 * (base^2)^(1/5)
        let square = base * base
        return square * fifthRoot(square)
    }

    /// The 8-bit sRGB code whose encoded value is nearest to linear value `linear`
    /// (rounded in the encoded domain; values outside 0...1 clamp).
    static func encodeToByte(_ linear: Double) -> UInt8 {
        var low = 0, high = encodeThresholds.count
        while low < high {
            let middle = (low + high) / 2
            if encodeThresholds[middle] <= linear { low = middle + 1 } else { high = middle }
        }
        return UInt8(low)
    }

    /// Real cube root, by Newton's method from an upper bound (monotone, so it stops exactly).
    static func cubeRoot(_ x: Double) -> Double {
        if x == 0 || !x.isFinite { return x }
        if x < 0 { return -cubeRoot(-x) }
        var z = powerOfTwoAbove(x, rootDegree: 3)
        while true {
            let next = (2 * z + x / (z * z)) / 3
            if next >= z { return z }
            z = next
        }
    }

    /// Real fifth root of a non-negative value, by Newton's method from an upper bound.
    static func fifthRoot(_ x: Double) -> Double {
        if x <= 0 || !x.isFinite { return max(0, x) }
        var z = powerOfTwoAbove(x, rootDegree: 5)
        while true {
            let square = z * z
            let next = (4 * z + x / (square * square)) / 5
            if next >= z { return z }
            z = next
        }
    }

    /// A power of two that is at least the `rootDegree`-th root of positive `x`.
    private static func powerOfTwoAbove(_ x: Double, rootDegree: Int) -> Double {
        let bound = Int(x.exponent) + 1  // x < 2^bound
        // ceil(bound / rootDegree) for either sign of bound
        let exponent = bound >= 0 ? (bound + rootDegree - 1) / rootDegree : -((-bound) / rootDegree)
        return Double(sign: .plus, exponent: exponent, significand: 1)
    }

    /// Decimal logarithm of a positive finite value, from its binary exponent and an
    /// atanh series for the mantissa (|z| <= 1/3, so 30 terms are far past double precision).
    public static func log10(_ x: Double) -> Double {
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
        let naturalLog = exponent * ln2 + 2 * sum
        return naturalLog / ln10
    }

    private static let ln2 = 0.693_147_180_559_945_309_417_232_121_458
    private static let ln10 = 2.302_585_092_994_045_684_017_991_454_684
}
