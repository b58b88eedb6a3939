import CLCMS

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A HEIF or AVIF picture's nclx colour description (ITU-T H.273 code points) as far as it
/// matters once Y'CbCr has been turned into R'G'B' (`HEIFPlanarRows` applies the matrix and the
/// range): the primaries and the transfer function, turned into the project's own
/// matrix-shaper conversion for 8-bit samples with a formula transfer, else into an ICC
/// profile for Little CMS.
///
/// Transfer functions: sRGB (13), unspecified (2) and the BT.709 family (1, 6, 14, 15) are
/// shown as sRGB, as photo viewers show SDR pictures; gamma 2.2 (4), 2.8 (5) and linear (8) as
/// written; PQ (16) and HLG (18) are mapped so that reference white (203 cd/m², and 75 % of
/// the HLG signal, BT.2408) is the display's white and brighter highlights clip.
/// A description that cannot be used (reserved code points, impossible chromaticities) means
/// "as stored", as a damaged ICC profile does.
struct HEIFColorDescription: Equatable {
    /// A chromaticity.
    struct Chromaticity: Equatable {
        var x: Double
        var y: Double
    }

    var primaries: Int
    var transfer: Int
    var red: Chromaticity
    var green: Chromaticity
    var blue: Chromaticity
    var white: Chromaticity

    /// The transfer code points shown with the sRGB curve.
    private static let sRGBLikeTransfers: Set<Int> = [1, 2, 6, 13, 14, 15]
    /// The primaries code points that mean sRGB's (BT.709) primaries.
    private static let sRGBPrimaries: Set<Int> = [1, 2]
    /// The transfer functions too steep near black for Little CMS's interpolated tables.
    private static let steepTransfers: Set<Int> = [16, 18]
    /// PQ's absolute luminance scale and the reference white it is shown at.
    private static let pqPeak = 10000.0, referenceWhite = 203.0

    /// True when the RGB values are sRGB already and need no conversion.
    var isSRGB: Bool {
        Self.sRGBPrimaries.contains(primaries) && Self.sRGBLikeTransfers.contains(transfer)
    }

    /// A transform to sRGB for these primaries and this transfer, or nil when the description
    /// cannot be used (then the values are shown as stored).
    func transform(sixteenBitInput: Bool) -> ColorProfileTransform? {
        let points = [red, green, blue, white]
        guard points.allSatisfy({ $0.x > 0 && $0.x < 1 && $0.y > 0 && $0.y < 1 && $0.x + $0.y <= 1 }) else { return nil }
        if !sixteenBitInput, let curve = ownToneCurve() {
            // 8-bit values with a curve the project evaluates itself: its own conversion.
            guard let colorants = MatrixShaperTransform.colorants(red: (red.x, red.y), green: (green.x, green.y),
                                                                  blue: (blue.x, blue.y), white: (white.x, white.y))
            else { return nil }
            return ColorProfileTransform(matrixShaper: ICCMatrixShaperProfile(colorants: colorants, curves: [curve, curve, curve]))
        }
        guard let curve = toneCurve() else { return nil }
        defer { cmsFreeToneCurve(curve) }
        var whitePoint = cmsCIExyY(x: white.x, y: white.y, Y: 1)
        var triple = cmsCIExyYTRIPLE(Red: cmsCIExyY(x: red.x, y: red.y, Y: 1),
                                     Green: cmsCIExyY(x: green.x, y: green.y, Y: 1),
                                     Blue: cmsCIExyY(x: blue.x, y: blue.y, Y: 1))
        var curves: [OpaquePointer?] = [curve, curve, curve]
        guard let profile = curves.withUnsafeMutableBufferPointer({ cmsCreateRGBProfile(&whitePoint, &triple, $0.baseAddress) })
        else { return nil }
        defer { cmsCloseProfile(profile) }
        return ColorProfileTransform(source: profile, sixteenBitInput: sixteenBitInput, exact: Self.steepTransfers.contains(transfer))
    }

    /// The curve from encoded values to display-linear light, or nil for a transfer code point
    /// without a meaning here.
    private func toneCurve() -> OpaquePointer? {
        switch transfer {
        case _ where Self.sRGBLikeTransfers.contains(transfer):
            let parameters: [cmsFloat64Number] = [2.4, 1 / 1.055, 0.055 / 1.055, 1 / 12.92, 0.04045]
            return parameters.withUnsafeBufferPointer { cmsBuildParametricToneCurve(nil, 4, $0.baseAddress) }
        case 4: return cmsBuildGamma(nil, 2.2)
        case 5: return cmsBuildGamma(nil, 2.8)
        case 8: return cmsBuildGamma(nil, 1.0)
        case 16: return Self.tabulated { Self.pq($0) * Self.pqPeak / Self.referenceWhite }
        case 18: return Self.tabulated { Self.hlg($0) / Self.hlg(0.75) }
        default: return nil
        }
    }

    /// The curve as the project's own matrix-shaper conversion evaluates it, for the transfers
    /// that are a formula (nil for PQ, HLG and code points without a meaning here).
    private func ownToneCurve() -> ICCToneCurve? {
        switch transfer {
        case _ where Self.sRGBLikeTransfers.contains(transfer):
            return ICCToneCurve(parametric: 3, [2.4, 1 / 1.055, 0.055 / 1.055, 1 / 12.92, 0.04045])
        case 4: return .gamma(2.2)
        case 5: return .gamma(2.8)
        case 8: return .identity
        default: return nil
        }
    }

    private static func tabulated(_ light: (Double) -> Double) -> OpaquePointer? {
        let count = 4096
        let values = (0 ..< count).map { cmsFloat32Number(min(1, max(0, light(Double($0) / Double(count - 1))))) }
        return values.withUnsafeBufferPointer { cmsBuildTabulatedToneCurveFloat(nil, cmsUInt32Number(count), $0.baseAddress) }
    }

    /// SMPTE ST 2084 EOTF: encoded value to luminance as a fraction of 10000 cd/m².
    private static func pq(_ value: Double) -> Double {
        let m1 = 2610.0 / 16384, m2 = 2523.0 / 4096 * 128, c1 = 3424.0 / 4096, c2 = 2413.0 / 4096 * 32, c3 = 2392.0 / 4096 * 32
        let p = pow(value, 1 / m2)
        return pow(max(p - c1, 0) / (c2 - c3 * p), 1 / m1)
    }

    /// BT.2100 HLG inverse OETF: encoded value to scene-linear light (0...1).
    private static func hlg(_ value: Double) -> Double {
        let a = 0.17883277, b = 1 - 4 * a, c = 0.5 - a * log(4 * a)
        return value <= 0.5 ? value * value / 3 : (exp((value - c) / a) + b) / 12
    }
}
