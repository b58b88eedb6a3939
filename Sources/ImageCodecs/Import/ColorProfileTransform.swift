import CLCMS

/// Converts straight RGBA pixels described by an embedded ICC profile (or a profile built from
/// a HEIF colour description) to sRGB RGBA8 with Little CMS, relative colorimetric intent,
/// alpha copied unchanged.
///
/// The GIF carries no profile, so viewers take its colours as sRGB; converting at decode makes
/// a Display P3 or Adobe RGB picture look as it does in a photo viewer. Built once per picture
/// and used row by row.
final class ColorProfileTransform {
    private let transform: cmsHTRANSFORM

    /// A transform from `profile` to sRGB, or nil when there is nothing to convert: the
    /// profile is damaged, not for RGB data or refused by Little CMS, or, for 8-bit values,
    /// it is sRGB's own to the last bit (`SRGBEquivalence`). The caller then keeps the values
    /// as they are, which is what a picture without a profile means.
    convenience init?(profile: [UInt8], sixteenBitInput: Bool = false) {
        guard !profile.isEmpty, profile.count <= Int(UInt32.max) else { return nil }
        let opened = profile.withUnsafeBytes { raw in
            cmsOpenProfileFromMem(raw.baseAddress, cmsUInt32Number(raw.count))
        }
        guard let source = opened else { return nil }
        defer { cmsCloseProfile(source) }
        guard sixteenBitInput || !SRGBEquivalence.holds(for: source) else { return nil }
        self.init(source: source, sixteenBitInput: sixteenBitInput)
    }

    /// A transform from the open RGB profile `source` (still the caller's to close) to sRGB,
    /// taking RGBA8 or, with `sixteenBitInput`, RGBA16 in native byte order; nil when Little
    /// CMS refuses it. With `exact`, every pixel goes through the curves and matrices (no
    /// precomputed table, whose interpolation is too coarse for steep curves such as PQ's).
    init?(source: cmsHPROFILE, sixteenBitInput: Bool, exact: Bool = false) {
        guard cmsGetColorSpace(source) == cmsSigRgbData else { return nil }
        guard let sRGB = cmsCreate_sRGBProfile() else { return nil }
        defer { cmsCloseProfile(sRGB) }
        let input = cmsUInt32Number(sixteenBitInput ? render_gif_lcms_rgba16 : render_gif_lcms_rgba8)
        let output = cmsUInt32Number(render_gif_lcms_rgba8)
        guard let made = cmsCreateTransform(source, input, sRGB, output, cmsUInt32Number(INTENT_RELATIVE_COLORIMETRIC),
                                            cmsUInt32Number(cmsFLAGS_COPY_ALPHA | (exact ? cmsFLAGS_NOOPTIMIZE : 0)))
        else { return nil }
        transform = made
    }

    deinit { cmsDeleteTransform(transform) }

    /// Converts `count` RGBA8 pixels at `pixels` in place.
    func convert(_ pixels: UnsafeMutablePointer<UInt8>, count: Int) {
        guard count > 0 else { return }
        cmsDoTransform(transform, pixels, pixels, cmsUInt32Number(count))
    }

    /// Converts `count` RGBA16 pixels at `source` into RGBA8 pixels at `target` (for a
    /// transform made with `sixteenBitInput`).
    func convert(_ source: UnsafePointer<UInt16>, into target: UnsafeMutablePointer<UInt8>, count: Int) {
        guard count > 0 else { return }
        cmsDoTransform(transform, source, target, cmsUInt32Number(count))
    }
}
