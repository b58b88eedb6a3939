import Raster

/// What can go wrong when asking for a palette or a dithering mode.
public enum PaletteError: Error, Equatable, Sendable, CustomStringConvertible {
    /// `maxColors` outside 2...256 (a GIF colour table holds 2 to 256 entries).
    case invalidMaxColors(Int)
    /// More fixed colours than the palette may hold (`fixed` distinct colours, `limit` slots).
    case tooManyFixedColors(fixed: Int, limit: Int)
    /// A dithering mode name that is not one of none, ordered, diffusion.
    case unknownDitherMode(String)
    /// A colour list that cannot be a GIF colour table: `count` colours (plus the transparent
    /// slot when `transparentSlot`) is empty or more than 256.
    case invalidColorCount(count: Int, transparentSlot: Bool)
    /// The rectangle to map is not inside the image.
    case rectOutsideImage(rect: PixelRect, width: Int, height: Int)
    /// A dither mask whose length is not the rectangle's pixel count.
    case ditherMaskSizeMismatch(expected: Int, actual: Int)

    public var description: String {
        switch self {
        case .invalidMaxColors(let count):
            return "palette: maxColors \(count) is out of range; a GIF colour table holds 2 to 256 colours"
        case .tooManyFixedColors(let fixed, let limit):
            return "palette: \(fixed) fixed colours do not fit in a palette of \(limit) colours"
        case .unknownDitherMode(let name):
            return "palette: unknown dither mode '\(name)'; expected none, ordered or diffusion"
        case .invalidColorCount(let count, let transparentSlot):
            let slot = transparentSlot ? " plus a transparent slot" : ""
            return "palette: \(count) colours\(slot) cannot form a GIF colour table of 1 to 256 entries"
        case .rectOutsideImage(let rect, let width, let height):
            return "palette: rectangle \(rect) is not inside the \(width)x\(height) image"
        case .ditherMaskSizeMismatch(let expected, let actual):
            return "palette: dither mask has \(actual) entries, the rectangle has \(expected) pixels"
        }
    }
}
