import Palette
import Raster

/// A frame's changed rectangle read and mapped to the global table before the encoder needs
/// it, so the drawing thread can take that step off the encoding thread.
public struct PreparedFrame {
    /// The rectangle read and mapped.
    let region: PixelRect
    /// Its pixels' colours, packed 0xRRGGBB, row by row.
    let colors: [UInt32]
    /// Its global-table indices, row by row, exactly as the encoder maps them.
    let indices: [UInt8]

    /// The bytes it holds: a packed colour and an index a pixel.
    public var byteCount: Int { indices.count * 5 }
}

/// Maps frames to an animation's global table on a thread of its own, ahead of
/// `AnimationEncoder.addFrame(_:time:damage:spriteBounds:prepared:)`.
///
/// The mapping of a rectangle depends only on its pixels, the table and the dithering rules
/// (error diffusion on the rectangle too), never on the encoder's state, so a prepared frame
/// holds the very indices the encoder would compute; the encoder takes them when it needs
/// that same rectangle and maps by itself otherwise. A preparer keeps its own nearest-colour
/// memory: one preparer serves one thread.
public final class FramePreparer {
    private var mapper: FrameIndexMapper

    /// A preparer for frames encoded with `palette` and `options`.
    public init(palette: AnimationPalette, options: GIFEncodingOptions) {
        mapper = FrameIndexMapper(palette: palette.palette, interfaceColors: palette.interfaceColors,
                                  dither: options.dither, orderedStrength: options.orderedStrength)
    }

    /// `damage` of `canvas` (clipped to it) read and mapped, with `spriteBounds` the moving
    /// layer's pixels as `addFrame` gets them; nil when nothing changed or the mapping fails
    /// (the encoder then maps, and reports, by itself).
    public func prepare(_ canvas: Canvas, damage: PixelRect, spriteBounds: PixelRect?) -> PreparedFrame? {
        let region = damage.intersection(canvas.bounds)
        guard !region.isEmpty, let indices = try? mapper.indices(canvas, region: region, sprite: spriteBounds) else {
            return nil
        }
        return PreparedFrame(region: region, colors: AnimationPixels.packedColors(canvas, region), indices: indices)
    }
}
