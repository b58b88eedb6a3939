import Raster

/// How the palette code reads an RGBA pixel: as the opaque colour it shows over white.
///
/// Frames of the animation are opaque, so this matters only for stray input; GIF frames
/// carry no partial transparency, and white is the screen's background. A premultiplied
/// pixel (c, a) shows `c + (255 - a)`; a straight one shows `(c·a + 255·(255 - a)) / 255`,
/// rounded. A fully transparent pixel therefore reads as white.
public enum OpaquePixel {
    /// The packed 0xRRGGBB colour of the pixel whose red byte is at `offset`.
    @inlinable @inline(__always)
    public static func packed(_ bytes: UnsafeBufferPointer<UInt8>, _ offset: Int, premultiplied: Bool) -> UInt32 {
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

    /// The packed colours of `rect` (inside `image`), row by row.
    public static func colors(of image: RGBAImage, in rect: PixelRect) -> [UInt32] {
        var colors = [UInt32](repeating: 0, count: rect.area)
        let premultiplied = image.isPremultiplied
        image.pixels.withUnsafeBufferPointer { bytes in
            colors.withUnsafeMutableBufferPointer { out in
                var position = 0
                for y in rect.y ..< rect.maxY {
                    var offset = (y * image.width + rect.x) * 4
                    for _ in 0 ..< rect.width {
                        out[position] = packed(bytes, offset, premultiplied: premultiplied)
                        position += 1
                        offset += 4
                    }
                }
            }
        }
        return colors
    }

    /// The part of `rect` that lies inside `image`.
    static func clip(_ rect: PixelRect, to image: RGBAImage) -> PixelRect {
        rect.intersection(image.bounds)
    }
}
