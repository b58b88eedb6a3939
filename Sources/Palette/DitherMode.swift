/// How colours that are not in the palette are turned into palette indices.
///
/// Whatever the mode, a pixel whose colour is exactly a palette entry maps to that entry and
/// is never disturbed, so flat interface colours (white background, red arc, green borders)
/// stay flat and cost LZW nothing.
public enum DitherMode: String, CaseIterable, Sendable, CustomStringConvertible {
    /// Each pixel takes its nearest palette colour. Smallest output, and on smooth photo
    /// content with a 256-colour palette built from the frames also the highest PSNR.
    case none
    /// An 8x8 Bayer threshold pattern, anchored where the caller says (the sprite's origin), so
    /// a moving picture carries its pattern along instead of shimmering. Compresses far better
    /// than diffusion because the pattern repeats.
    case ordered
    /// Serpentine Floyd-Steinberg error diffusion confined to the mapped rectangle: smoothest
    /// gradients, noisiest LZW input.
    case diffusion

    /// The mode the encoder uses unless told otherwise: `none`, which gives the fewest LZW
    /// bytes at the highest PSNR on the arc animation; both dithers cost bytes and PSNR.
    public static let defaultMode: DitherMode = .none

    /// Parses "none", "ordered" or "diffusion" (exact, lower case).
    static func parse(_ name: String) -> Result<DitherMode, PaletteError> {
        guard let mode = DitherMode(rawValue: name) else { return .failure(.unknownDitherMode(name)) }
        return .success(mode)
    }

    /// Parses a mode name, throwing `PaletteError.unknownDitherMode` for anything else.
    init(parsing name: String) throws(PaletteError) {
        guard let mode = DitherMode(rawValue: name) else { throw .unknownDitherMode(name) }
        self = mode
    }

    public var description: String { rawValue }
}
