import Raster

/// Whether a matrix-shaper profile is sRGB itself as far as 8-bit values can tell: keeping
/// each 8-bit colour it describes is as close to the exact conversion to sRGB as a colour
/// engine's precalculated 8-bit transform comes (Little CMS's, measured). Such a profile (the
/// "sRGB IEC61966-2.1" that cameras, editors and browsers embed is the common one) needs no
/// conversion at all.
///
/// The test covers all 16.7 million colours with 3 x 256 x 2 evaluations. A matrix-shaper
/// profile converts a colour to sRGB as `encode(M · decode(value))`: `decode` is the profile's
/// tone curve per channel, `encode` the inverse of sRGB's, and `M` sRGB's colorant matrix
/// inverted times the profile's. A channel's linear result is its own decoded value times its
/// diagonal entry of M, plus the other two channels' decoded values (each in 0...1) times
/// their entries: it lies between the sum of the negative off-diagonal entries added and the
/// sum of the positive ones added. Where both ends encode to within `tolerance` of the value,
/// for each of a channel's 256 values, no colour's exact conversion lies further than that
/// from the colour itself. Everything is evaluated with the project's own arithmetic (the
/// profile as `ICCMatrixShaperProfile` reads it), so the answer is the same on every machine.
enum SRGBEquivalence {
    /// How far, in 8-bit steps, the exact conversion may lie from the stored value. Little CMS's
    /// precalculated 8-bit transforms lie up to about 0.7 of a step from it (4 million random
    /// colours from the common sRGB profile, Display P3 and Adobe RGB); the common sRGB
    /// profile's own values lie at most 0.52 from it (its green leaks into red at red 0).
    static let tolerance = 0.6

    /// Whether `profile` converts every 8-bit RGB colour to itself in sRGB.
    static func holds(for profile: ICCMatrixShaperProfile) -> Bool {
        guard let shown = MatrixShaperTransform.sRGBColorants.inverse else { return false }
        let toSRGB = shown * profile.colorants
        for channel in 0 ..< 3 {
            let row = toSRGB.row(channel)
            let leaks = row.indices.filter { $0 != channel }.map { row[$0] }
            let lowest = leaks.filter { $0 < 0 }.reduce(0, +), highest = leaks.filter { $0 > 0 }.reduce(0, +)
            for value in 0 ... 255 {
                let linear = row[channel] * profile.curves[channel].value(at: Double(value) / 255)
                for end in [linear + lowest, linear + highest] {
                    let encoded = 255 * sRGBEncoded(min(max(end, 0), 1))
                    guard abs(encoded - Double(value)) <= tolerance else { return false }
                }
            }
        }
        return true
    }

    /// sRGB's encoding curve (IEC 61966-2-1): linear light 0 ... 1 to the stored value 0 ... 1.
    static func sRGBEncoded(_ linear: Double) -> Double {
        linear <= 0.0031308 ? 12.92 * linear : 1.055 * PortableMath.pow(linear, 1 / 2.4) - 0.055
    }
}

/// A 3 x 3 matrix of doubles, row by row: what comparing two profiles' colorants needs.
struct Matrix3: Equatable {
    var rows: [[Double]]

    func row(_ index: Int) -> [Double] { rows[index] }

    /// The matrix times the column vector `v`.
    func apply(_ v: [Double]) -> [Double] {
        rows.map { row in (0 ..< 3).reduce(0) { $0 + row[$1] * v[$1] } }
    }

    static func * (a: Matrix3, b: Matrix3) -> Matrix3 {
        Matrix3(rows: (0 ..< 3).map { i in (0 ..< 3).map { j in (0 ..< 3).reduce(0) { $0 + a.rows[i][$1] * b.rows[$1][j] } } })
    }

    /// The inverse by cofactors, or nil for a singular matrix.
    var inverse: Matrix3? {
        let m = rows
        func cofactor(_ i: Int, _ j: Int) -> Double {
            let r = [(i + 1) % 3, (i + 2) % 3], c = [(j + 1) % 3, (j + 2) % 3]
            return m[r[0]][c[0]] * m[r[1]][c[1]] - m[r[0]][c[1]] * m[r[1]][c[0]]
        }
        let determinant = (0 ..< 3).reduce(0) { $0 + m[0][$1] * cofactor(0, $1) }
        guard determinant.isFinite, abs(determinant) > 1e-12 else { return nil }
        return Matrix3(rows: (0 ..< 3).map { i in (0 ..< 3).map { j in cofactor(j, i) / determinant } })
    }
}
