import CLCMS

/// Converts straight RGBA8 pixels described by an embedded ICC profile to sRGB with Little
/// CMS, relative colorimetric intent, alpha copied unchanged.
///
/// The GIF carries no profile, so viewers take its colours as sRGB; converting at decode makes
/// a Display P3 or Adobe RGB picture look as it does in a photo viewer. Built once per picture
/// and used row by row.
final class ColorProfileTransform {
    private let transform: cmsHTRANSFORM

    /// A transform from `profile` to sRGB, or nil when the profile cannot be used: damaged,
    /// not for RGB data, or refused by Little CMS. The caller then keeps the values as they
    /// are, which is what a picture without a profile means.
    init?(profile: [UInt8]) {
        guard !profile.isEmpty, profile.count <= Int(UInt32.max) else { return nil }
        let opened = profile.withUnsafeBytes { raw in
            cmsOpenProfileFromMem(raw.baseAddress, cmsUInt32Number(raw.count))
        }
        guard let source = opened else { return nil }
        defer { cmsCloseProfile(source) }
        guard cmsGetColorSpace(source) == cmsSigRgbData else { return nil }
        guard let sRGB = cmsCreate_sRGBProfile() else { return nil }
        defer { cmsCloseProfile(sRGB) }
        let format = cmsUInt32Number(render_gif_lcms_rgba8)
        guard let made = cmsCreateTransform(source, format, sRGB, format, cmsUInt32Number(INTENT_RELATIVE_COLORIMETRIC),
                                            cmsUInt32Number(cmsFLAGS_COPY_ALPHA)) else { return nil }
        transform = made
    }

    deinit { cmsDeleteTransform(transform) }

    /// Converts `count` RGBA pixels at `pixels` in place.
    func convert(_ pixels: UnsafeMutablePointer<UInt8>, count: Int) {
        guard count > 0 else { return }
        cmsDoTransform(transform, pixels, pixels, cmsUInt32Number(count))
    }
}
