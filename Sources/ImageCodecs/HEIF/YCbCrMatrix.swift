/// The conversion of coded Y'CbCr samples (ITU-T H.273, 8.3) to non-linear R'G'B' in integer
/// arithmetic, identical on every machine: the coefficients are worked out once in Double
/// (IEEE operations, exact-rounded, the same everywhere) and turned into fixed-point integers;
/// every sample then goes through integer multiplications, one rounding and one clamp.
///
/// Matrix coefficients (H.273 table 4):
/// - 1 (BT.709), 5 and 6 (BT.601), 9 (BT.2020 non-constant luminance), 4 (FCC), 7 (SMPTE 240M):
///   their Kr and Kb;
/// - 0 (identity, GBR): G = Y, B = Cb, R = Cr, each quantised as luma is;
/// - 8 (YCgCo): G = Y + Cg, R = Y - Cg + Co, B = Y - Cg - Co;
/// - 2 (unspecified) and every other code point (10 and 14 constant luminance, 11 Y'D'zD'x,
///   12 and 13 chromaticity-derived, reserved ones): BT.601's Kr and Kb, which is what libheif
///   uses for 2 and for what it does not know.
///
/// Range: full range takes the samples over 0 ... 2ⁿ − 1; limited range takes luma over
/// 16 ... 235 and chroma over 16 ... 240 (scaled by 2ⁿ⁻⁸) and clamps what lies beyond.
///
/// Chroma samples come in `chromaScale` times their coded value (an upsampling filter's
/// weighted sum that has not been divided yet), so that no rounding happens before the matrix.
struct YCbCrMatrix: Equatable {
    /// What the three outputs are made of.
    enum Kind: Equatable {
        /// R = Y + rCr·Cr, G = Y + gCb·Cb + gCr·Cr, B = Y + bCb·Cb (with the range's scales).
        case colourDifference
        /// G = Y, B = Cb, R = Cr.
        case identity
        /// YCgCo: G = Y + Cg, R = Y − Cg + Co, B = Y − Cg − Co.
        case yCgCo
    }

    let kind: Kind
    let bitDepth: Int
    let fullRange: Bool
    /// The largest output value: 255 for 8-bit RGB, 65535 for 16-bit.
    let outputMaximum: Int
    /// How many times its coded value each chroma sample comes in.
    let chromaScale: Int

    /// Fixed-point coefficients, `fractionBits` below the binary point.
    private let luma: Int, redFromCr: Int, greenFromCb: Int, greenFromCr: Int, blueFromCb: Int
    /// For the identity and YCgCo matrices, the scale of the Cb and Cr samples.
    private let chromaAsLuma: Int
    private let lumaOffset: Int, chromaOffset: Int
    private static let fractionBits = 24

    /// The conversion for `matrixCoefficients` (an H.273 code point) of `bitDepth`-bit samples
    /// (8 to 16) in full or limited range, to outputs of 0 ... `outputMaximum`, chroma coming
    /// in `chromaScale` times its value.
    init(matrixCoefficients: Int, bitDepth: Int, fullRange: Bool, outputMaximum: Int, chromaScale: Int = 1) {
        self.bitDepth = bitDepth
        self.fullRange = fullRange
        self.outputMaximum = outputMaximum
        self.chromaScale = chromaScale
        let (kr, kb) = Self.lumaWeights(matrixCoefficients)
        kind = switch matrixCoefficients {
        case 0: .identity
        case 8: .yCgCo
        default: .colourDifference
        }
        let step = Double(1 << (bitDepth - 8))
        let maximum = Double((1 << bitDepth) - 1)
        // What one coded step of luma and of chroma is as a fraction of the signal's range.
        let lumaStep = fullRange ? 1 / maximum : 1 / (219 * step)
        let chromaStep = (fullRange ? 1 / maximum : 1 / (224 * step)) / Double(chromaScale)
        let one = Double(1 << Self.fractionBits) * Double(outputMaximum)
        func fixed(_ value: Double) -> Int { Int((value * one).rounded()) }
        lumaOffset = fullRange ? 0 : 16 << (bitDepth - 8)
        chromaOffset = (1 << (bitDepth - 1)) * chromaScale
        luma = fixed(lumaStep)
        let kg = 1 - kr - kb
        redFromCr = fixed(2 * (1 - kr) * chromaStep)
        blueFromCb = fixed(2 * (1 - kb) * chromaStep)
        greenFromCb = fixed(-2 * kb * (1 - kb) / kg * chromaStep)
        greenFromCr = fixed(-2 * kr * (1 - kr) / kg * chromaStep)
        // GBR's B and R are quantised as luma (H.273 8.3, MatrixCoefficients 0); YCgCo's Cg and
        // Co as chroma.
        chromaAsLuma = kind == .identity ? fixed(lumaStep / Double(chromaScale)) : fixed(chromaStep)
    }

    /// BT.601's weights, libheif's for unspecified and unknown code points.
    static let bt601 = (kr: 0.299, kb: 0.114)

    /// Kr and Kb of H.273 table 4 for `code`.
    static func lumaWeights(_ code: Int) -> (kr: Double, kb: Double) {
        switch code {
        case 1: (0.2126, 0.0722)
        case 4: (0.30, 0.11)
        case 5, 6: bt601
        case 7: (0.212, 0.087)
        case 9: (0.2627, 0.0593)
        default: bt601
        }
    }

    /// Converts one pixel: `y` as coded, `cb` and `cr` `chromaScale` times as coded; returns
    /// R, G and B in 0 ... `outputMaximum`.
    @inline(__always)
    func rgb(y: Int, cb: Int, cr: Int) -> (r: Int, g: Int, b: Int) {
        let half = 1 << (Self.fractionBits - 1)
        let yv = (y - lumaOffset) * luma
        switch kind {
        case .colourDifference:
            let u = cb - chromaOffset, v = cr - chromaOffset
            return (clamp(yv + redFromCr * v + half), clamp(yv + greenFromCb * u + greenFromCr * v + half),
                    clamp(yv + blueFromCb * u + half))
        case .identity:
            // B and R carry luma's offset too in limited range.
            let offset = lumaOffset * chromaScale
            return (clamp((cr - offset) * chromaAsLuma + half), clamp(yv + half), clamp((cb - offset) * chromaAsLuma + half))
        case .yCgCo:
            let cg = (cb - chromaOffset) * chromaAsLuma, co = (cr - chromaOffset) * chromaAsLuma
            return (clamp(yv - cg + co + half), clamp(yv + cg + half), clamp(yv - cg - co + half))
        }
    }

    @inline(__always)
    private func clamp(_ value: Int) -> Int {
        min(outputMaximum, max(0, value >> Self.fractionBits))
    }
}
