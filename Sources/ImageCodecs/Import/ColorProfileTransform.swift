import CLCMS

/// Converts straight RGBA pixels described by an embedded ICC profile (or a profile built from
/// a HEIF colour description) to sRGB RGBA8, relative colorimetric intent, alpha copied
/// unchanged.
///
/// The GIF carries no profile, so viewers take its colours as sRGB; converting at decode makes
/// a Display P3 or Adobe RGB picture look as it does in a photo viewer. Built once per picture
/// and used row by row. 8-bit pixels of a matrix-shaper profile (`ICCMatrixShaperProfile`)
/// are converted by the project's own `MatrixShaperTransform`, the same on every machine;
/// other profiles, and 16-bit input, by Little CMS.
final class ColorProfileTransform {
    /// Who converts.
    private enum Engine {
        case matrixShaper(MatrixShaperTransform)
        case littleCMS(cmsHTRANSFORM)
    }

    private let engine: Engine

    /// A transform from `profile` to sRGB, or nil when there is nothing to convert: the
    /// profile is damaged, not for RGB data or refused by Little CMS, or, for 8-bit values,
    /// it is a matrix-shaper profile that is sRGB's own to the last bit (`SRGBEquivalence`). The caller then keeps the values
    /// as they are, which is what a picture without a profile means.
    convenience init?(profile: [UInt8], sixteenBitInput: Bool = false) {
        guard !profile.isEmpty, profile.count <= Int(UInt32.max) else { return nil }
        let opened = profile.withUnsafeBytes { raw in
            cmsOpenProfileFromMem(raw.baseAddress, cmsUInt32Number(raw.count))
        }
        guard let source = opened else { return nil }
        defer { cmsCloseProfile(source) }
        if !sixteenBitInput, let matrixShaper = ICCMatrixShaperProfile(profile: profile) {
            guard !SRGBEquivalence.holds(for: matrixShaper) else { return nil }
            if let transform = MatrixShaperTransform(profile: matrixShaper) {
                self.init(engine: .matrixShaper(transform))
                return
            }
        }
        self.init(source: source, sixteenBitInput: sixteenBitInput)
    }

    private init(engine: Engine) {
        self.engine = engine
    }

    /// The project's own conversion from `profile` for 8-bit input; nil when its matrix is
    /// unusable (see `MatrixShaperTransform.init(profile:)`).
    convenience init?(matrixShaper profile: ICCMatrixShaperProfile) {
        guard let transform = MatrixShaperTransform(profile: profile) else { return nil }
        self.init(engine: .matrixShaper(transform))
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
        engine = .littleCMS(made)
    }

    deinit {
        if case .littleCMS(let transform) = engine { cmsDeleteTransform(transform) }
    }

    /// True when the project's own matrix-shaper conversion does the work (not Little CMS).
    var isMatrixShaper: Bool {
        if case .matrixShaper = engine { return true }
        return false
    }

    /// Converts `count` RGBA8 pixels at `pixels` in place.
    func convert(_ pixels: UnsafeMutablePointer<UInt8>, count: Int) {
        guard count > 0 else { return }
        switch engine {
        case .matrixShaper(let transform):
            transform.convert(pixels, count: count)
        case .littleCMS(let transform):
            cmsDoTransform(transform, pixels, pixels, cmsUInt32Number(count))
        }
    }

    /// Converts `count` RGBA16 pixels at `source` into RGBA8 pixels at `target` (for a
    /// transform made with `sixteenBitInput`).
    func convert(_ source: UnsafePointer<UInt16>, into target: UnsafeMutablePointer<UInt8>, count: Int) {
        guard count > 0 else { return }
        guard case .littleCMS(let transform) = engine else {
            preconditionFailure("ColorProfileTransform: 16-bit input needs a transform made with sixteenBitInput")
        }
        cmsDoTransform(transform, source, target, cmsUInt32Number(count))
    }
}
