import Raster

/// Converts 8-bit RGBA pixels described by a matrix-shaper profile to sRGB, relative
/// colorimetric, in integers from tables the project computes itself: the same pixels on
/// every machine, whatever its Little CMS, in 4 to 8 ns a pixel where Little CMS takes 17 to 20.
///
/// Each channel's stored value is decoded by its tone curve to linear light (a 256-entry
/// table, 2^16 = 1); the three are mixed by `M`, sRGB's colorant matrix inverted times the
/// profile's (both at the D50 connection space, sRGB's adapted from D65 by Bradford as ICC
/// engines do), with coefficients in 2^16 steps and a 64-bit sum; the result, clipped to
/// 0 ... 1, is encoded to 8 bits through sRGB's curve, rounded to the nearest value. Alpha is
/// kept. Against the exact conversion in doubles a channel lies within 0.5 of a step (the
/// final rounding) plus what holding linear light in 2^16 steps adds: the decoded values'
/// rounding weighted by the matrix and the mixed value's, about 1.2 steps of 2^-16 for
/// Display P3, 0.06 of an 8-bit step at worst (near black, where sRGB's curve is steepest).
/// Measured: within 0.54 for P3 (`MatrixShaperTransformTests`).
final class MatrixShaperTransform: Sendable {
    /// Linear light of each stored value, channel after channel (red 0 ... 255, green, blue),
    /// in 2^16 steps.
    private let decoded: [Int64]
    /// M row by row, in 2^16 steps.
    private let coefficients: [Int64]

    /// Linear light is held in `one` = 2^16 steps.
    static let one = 65536

    /// The transform for `profile`; nil when its matrix to sRGB is far out of any range a
    /// colour space has (a coefficient beyond ±64, or not finite: the profile is damaged). A
    /// singular profile matrix is no obstacle (only sRGB's is inverted).
    init?(profile: ICCMatrixShaperProfile) {
        guard let shown = Self.sRGBColorants.inverse else { return nil }
        let matrix = shown * profile.colorants
        let flat = matrix.rows.flatMap { $0 }
        guard flat.allSatisfy({ $0.isFinite && abs($0) <= 64 }) else { return nil }
        coefficients = flat.map { Int64(($0 * Double(Self.one)).rounded()) }
        decoded = profile.curves.flatMap { curve in
            (0 ... 255).map { Int64((curve.value(at: Double($0) / 255) * Double(Self.one)).rounded()) }
        }
    }

    /// Converts `count` straight RGBA8 pixels at `pixels` in place.
    func convert(_ pixels: UnsafeMutablePointer<UInt8>, count: Int) {
        guard count > 0 else { return }
        decoded.withUnsafeBufferPointer { decoded in
            coefficients.withUnsafeBufferPointer { m in
                Self.encodeTable.withUnsafeBufferPointer { encode in
                    let m0 = m[0], m1 = m[1], m2 = m[2], m3 = m[3], m4 = m[4], m5 = m[5], m6 = m[6], m7 = m[7], m8 = m[8]
                    let half: Int64 = 1 << 15, top = Int64(Self.one)
                    // Clipped to 0 ... top without branches (out-of-gamut colours are common
                    // in wide-gamut photographs, and a mispredicted branch costs more than this).
                    @inline(__always) func encoded(_ sum: Int64) -> UInt8 {
                        let linear = (sum &+ half) >> 16
                        let positive = linear & ~(linear >> 63)
                        let excess = positive &- top
                        return encode[Int(top &+ (excess & (excess >> 63)))]
                    }
                    var p = pixels
                    for _ in 0 ..< count {
                        let r = decoded[Int(p[0])], g = decoded[256 + Int(p[1])], b = decoded[512 + Int(p[2])]
                        p[0] = encoded(m0 &* r &+ m1 &* g &+ m2 &* b)
                        p[1] = encoded(m3 &* r &+ m4 &* g &+ m5 &* b)
                        p[2] = encoded(m6 &* r &+ m7 &* g &+ m8 &* b)
                        p += 4
                    }
                }
            }
        }
    }

    /// The 8-bit sRGB value of each linear light 0 ... `one` (in 2^16 steps): entry k is the
    /// number of values v in 0 ... 254 whose upper rounding boundary, the linear light of
    /// (v + 0.5) / 255, lies at or below k / 2^16, so it is sRGB's encoding of k rounded to the
    /// nearest step, from 255 evaluations of sRGB's decoding curve.
    static let encodeTable: [UInt8] = {
        var table = [UInt8](repeating: 0, count: one + 1)
        var value = 0
        var boundary = sRGBLinear((0.5) / 255) * Double(one)
        for k in 0 ... one {
            while value < 255, Double(k) >= boundary {
                value += 1
                boundary = value < 255 ? sRGBLinear((Double(value) + 0.5) / 255) * Double(one) : .infinity
            }
            table[k] = UInt8(value)
        }
        return table
    }()

    /// sRGB's decoding curve (IEC 61966-2-1): stored value 0 ... 1 to linear light.
    static func sRGBLinear(_ encoded: Double) -> Double {
        encoded <= 0.04045 ? encoded / 12.92 : PortableMath.pow((encoded + 0.055) / 1.055, 2.4)
    }

    /// sRGB's colorants at the D50 connection space: the Rec. 709 primaries with the D65 white.
    static let sRGBColorants = colorants(red: (0.64, 0.33), green: (0.30, 0.60), blue: (0.15, 0.06), white: (0.3127, 0.3290))!

    /// The colorants (XYZ at D50, as a matrix's columns) of an RGB space with these primaries
    /// and white (chromaticities x, y), adapted from its white to D50 (0.9642, 1, 0.8249) with
    /// the Bradford cone matrix, as ICC profiles hold them; nil when the primaries are
    /// collinear or a chromaticity has y = 0.
    static func colorants(red: (Double, Double), green: (Double, Double), blue: (Double, Double),
                          white: (Double, Double)) -> Matrix3? {
        guard [red, green, blue, white].allSatisfy({ $0.1 != 0 }) else { return nil }
        func xyz(_ point: (Double, Double)) -> [Double] { [point.0 / point.1, 1, (1 - point.0 - point.1) / point.1] }
        let primaries = [xyz(red), xyz(green), xyz(blue)]
        let primaryMatrix = Matrix3(rows: (0 ..< 3).map { row in primaries.map { $0[row] } })
        let whiteXYZ = xyz(white), d50 = [0.9642, 1.0, 0.8249]
        guard let inverse = primaryMatrix.inverse else { return nil }
        // The primaries' weights that sum to the white.
        let weights = inverse.apply(whiteXYZ)
        let rgbToXYZ = Matrix3(rows: primaryMatrix.rows.map { row in (0 ..< 3).map { row[$0] * weights[$0] } })
        let bradford = Matrix3(rows: [[0.8951, 0.2664, -0.1614], [-0.7502, 1.7135, 0.0367], [0.0389, -0.0685, 1.0296]])
        let from = bradford.apply(whiteXYZ), to = bradford.apply(d50)
        let scaling = Matrix3(rows: (0 ..< 3).map { i in (0 ..< 3).map { j in i == j ? to[i] / from[i] : 0 } })
        return bradford.inverse.map { $0 * scaling * bradford * rgbToXYZ }
    }
}
