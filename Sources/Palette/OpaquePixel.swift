import Raster

/// How the palette code reads an RGBA pixel: as the opaque colour it shows over white.
///
/// Frames of the animation are opaque, so this matters only for stray input; GIF frames
/// carry no partial transparency, and white is the screen's background. A premultiplied
/// pixel (c, a) shows `c + (255 - a)`; a straight one shows `(c·a + 255·(255 - a)) / 255`,
/// rounded. A fully transparent pixel therefore reads as white.
enum OpaquePixel {
    /// The packed 0xRRGGBB colour of the pixel whose red byte is at `offset`.
    @inline(__always)
    static func packed(_ bytes: UnsafeBufferPointer<UInt8>, _ offset: Int, premultiplied: Bool) -> UInt32 {
        let alpha = UInt32(bytes[offset + 3])
        let r = UInt32(bytes[offset]), g = UInt32(bytes[offset + 1]), b = UInt32(bytes[offset + 2])
        if alpha == 255 { return r << 16 | g << 8 | b }
        let background = 255 - alpha
        if premultiplied {
            return min(255, r + background) << 16 | min(255, g + background) << 8 | min(255, b + background)
        }
        @inline(__always) func blend(_ c: UInt32) -> UInt32 { (c * alpha + 255 * background + 127) / 255 }
        return blend(r) << 16 | blend(g) << 8 | blend(b)
    }

    /// The part of `rect` that lies inside `image`.
    static func clip(_ rect: PixelRect, to image: RGBAImage) -> PixelRect {
        rect.intersection(image.bounds)
    }
}
