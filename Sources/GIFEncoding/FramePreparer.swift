import Palette
import Raster

/// A frame's changed rectangle read and mapped to the global table before the encoder needs
/// it, so `AnimationWriter`'s mapping worker can take that step off the encoding worker.
struct PreparedFrame: Sendable {
    /// The rectangle read and mapped.
    let region: PixelRect
    /// Its pixels' colours, packed 0xRRGGBB, row by row.
    let colors: [UInt32]
    /// Its global-table indices, row by row, exactly as the encoder maps them.
    let indices: [UInt8]
    /// The mark of the encoder whose preparer made it: only that encoder takes it.
    let source: EncoderMark

    /// The bytes it holds: a packed colour and an index a pixel.
    var byteCount: Int { indices.count * 5 }
}

/// Maps frames to an animation's global table on `AnimationWriter`'s mapping worker, ahead of
/// `AnimationEncoder.addFrame(_:time:damage:spriteBounds:prepared:)`; made by the encoder
/// (`AnimationEncoder.makePreparer()`), so it maps with the encoder's table and dithering.
///
/// The mapping of a rectangle depends only on its pixels, the table and the dithering rules
/// (error diffusion on the rectangle too), never on the encoder's state, so a prepared frame
/// holds the very indices the encoder would compute; the encoder takes them when it needs
/// that same rectangle and maps by itself otherwise. A preparer keeps its own nearest-colour
/// memory: one preparer serves one thread.
final class FramePreparer {
    private var mapper: FrameIndexMapper
    private let source: EncoderMark

    /// A preparer mapping as `mapper` does, for the encoder marked `source`.
    init(mapper: FrameIndexMapper, source: EncoderMark) {
        self.mapper = mapper
        self.source = source
    }

    /// `damage` of `canvas` (clipped to it) read and mapped, with `spriteBounds` the moving
    /// layer's pixels as `addFrame` gets them; nil when nothing changed or the mapping fails
    /// (the encoder then maps, and reports, by itself).
    func prepare(_ canvas: Canvas, damage: PixelRect, spriteBounds: PixelRect?) -> PreparedFrame? {
        let region = damage.intersection(canvas.bounds)
        guard !region.isEmpty else { return nil }
        // Read once, for the mapping and for the encoder.
        let colors = AnimationPixels.packedColors(canvas, region)
        guard let indices = try? mapper.indices(canvas, region: region, sprite: spriteBounds, colors: colors) else {
            return nil
        }
        return PreparedFrame(region: region, colors: colors, indices: indices, source: source)
    }
}

/// An encoder's identity for the frames prepared for it: an object of its own, which every
/// preparer and prepared frame holds, so no other encoder can ever carry the same one (an
/// address could be reused once an encoder is gone; a held object's cannot).
final class EncoderMark: Sendable {}
