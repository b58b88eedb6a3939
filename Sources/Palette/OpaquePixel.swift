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
        guard rect.area > 0 else { return [] }
        precondition(image.bounds.contains(rect), "a rectangle read from an image lies outside it")
        let premultiplied = image.isPremultiplied
        return image.pixels.withUnsafeBufferPointer { bytes in
            // Every element is written below, so the array is not filled with zeros first.
            [UInt32](unsafeUninitializedCapacity: rect.area) { out, written in
                let words = UnsafeRawPointer(bytes.baseAddress!)
                for row in 0 ..< rect.height {
                    let first = ((rect.y + row) * image.width + rect.x) * 4
                    let line = out.baseAddress! + row * rect.width
                    // Opaque pixels, nearly all of a frame, in a loop without branches: bytes R,
                    // G, B, A read as the word 0xRRGGBBAA (big-endian) and shifted. A row with
                    // a pixel that is not opaque is then read again pixel by pixel.
                    var alphas: UInt32 = 0xFF
                    let source = words + first
                    for column in 0 ..< rect.width {
                        // Wrapping arithmetic: an overflow check would keep the loop scalar.
                        let word = UInt32(bigEndian: source.loadUnaligned(fromByteOffset: column &* 4, as: UInt32.self))
                        line[column] = word &>> 8
                        alphas &= word
                    }
                    if alphas & 0xFF != 0xFF {
                        for column in 0 ..< rect.width {
                            line[column] = packed(bytes, first + column * 4, premultiplied: premultiplied)
                        }
                    }
                }
                written = rect.area
            }
        }
    }

    /// The part of `rect` that lies inside `image`.
    static func clip(_ rect: PixelRect, to image: RGBAImage) -> PixelRect {
        rect.intersection(image.bounds)
    }
}
