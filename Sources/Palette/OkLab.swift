import Raster

/// A colour in Björn Ottosson's OkLab space: `l` lightness (0 black ... 1 white), `a` green-red,
/// `b` blue-yellow. Euclidean distance here tracks perceived difference far better than in
/// sRGB, so the quantizer clusters in OkLab.
struct OkLab: Hashable, Sendable, CustomStringConvertible {
    /// Perceived lightness, 0 for black and 1 for white.
    var l: Double
    /// Green (negative) to red (positive).
    var a: Double
    /// Blue (negative) to yellow (positive).
    var b: Double

    /// Wraps the three coordinates.
    init(l: Double, a: Double, b: Double) {
        self.l = l
        self.a = a
        self.b = b
    }

    /// The OkLab coordinates of an 8-bit sRGB colour.
    init(_ color: RGB8) {
        let table = SRGBTransfer.decodeTable
        self.init(linearRed: table[Int(color.r)], green: table[Int(color.g)], blue: table[Int(color.b)])
    }

    /// The OkLab coordinates of a linear-light sRGB colour.
    init(linearRed r: Double, green g: Double, blue b: Double) {
        let lms0 = 0.412_221_470_8 * r + 0.536_332_536_3 * g + 0.051_445_992_9 * b
        let lms1 = 0.211_903_498_2 * r + 0.680_699_545_1 * g + 0.107_396_956_6 * b
        let lms2 = 0.088_302_461_9 * r + 0.281_718_837_6 * g + 0.629_978_700_5 * b
        let l_ = SRGBTransfer.cubeRoot(lms0)
        let m_ = SRGBTransfer.cubeRoot(lms1)
        let s_ = SRGBTransfer.cubeRoot(lms2)
        self.init(l: 0.210_454_255_3 * l_ + 0.793_617_785_0 * m_ - 0.004_072_046_8 * s_,
                  a: 1.977_998_495_1 * l_ - 2.428_592_205_0 * m_ + 0.450_593_709_9 * s_,
                  b: 0.025_904_037_1 * l_ + 0.782_771_766_2 * m_ - 0.808_675_766_0 * s_)
    }

    /// The linear-light sRGB components (may fall outside 0...1 for colours outside the gamut).
    var linearRGB: (red: Double, green: Double, blue: Double) {
        let l_ = l + 0.396_337_777_4 * a + 0.215_803_757_3 * b
        let m_ = l - 0.105_561_345_8 * a - 0.063_854_172_8 * b
        let s_ = l - 0.089_484_177_5 * a - 1.291_485_548_0 * b
        let lms0 = l_ * l_ * l_, lms1 = m_ * m_ * m_, lms2 = s_ * s_ * s_
        return (red: 4.076_741_662_1 * lms0 - 3.307_711_591_3 * lms1 + 0.230_969_929_2 * lms2,
                green: -1.268_438_004_6 * lms0 + 2.609_757_401_1 * lms1 - 0.341_319_396_5 * lms2,
                blue: -0.004_196_086_3 * lms0 - 0.703_418_614_7 * lms1 + 1.707_614_701_0 * lms2)
    }

    /// The nearest 8-bit sRGB colour (out-of-gamut components clamp to 0 or 255).
    var rgb8: RGB8 {
        let linear = linearRGB
        return RGB8(SRGBTransfer.encodeToByte(linear.red),
                    SRGBTransfer.encodeToByte(linear.green),
                    SRGBTransfer.encodeToByte(linear.blue))
    }

    /// Squared Euclidean distance to another OkLab colour.
    func squaredDistance(to other: OkLab) -> Double {
        let dl = l - other.l, da = a - other.a, db = b - other.b
        return dl * dl + da * da + db * db
    }

    var description: String { "OkLab(\(l), \(a), \(b))" }
}
