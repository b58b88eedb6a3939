import Palette
import Raster

/// Pixel-level helpers the animation encoder shares: reading canvas pixels as opaque colours
/// and measuring colour distances.
enum AnimationPixels {
    /// The packed 0xRRGGBB colour a premultiplied pixel shows over white (frames are opaque,
    /// so this is normally just its colour); the red byte is at `offset`.
    @inline(__always)
    static func opaquePacked(_ bytes: UnsafeBufferPointer<UInt8>, _ offset: Int) -> UInt32 {
        let alpha = UInt32(bytes[offset + 3])
        let r = UInt32(bytes[offset]), g = UInt32(bytes[offset + 1]), b = UInt32(bytes[offset + 2])
        if alpha == 255 { return r << 16 | g << 8 | b }
        let background = 255 - alpha
        return min(255, r + background) << 16 | min(255, g + background) << 8 | min(255, b + background)
    }

    /// The packed colours of `rect` of `canvas`, row by row.
    static func packedColors(_ canvas: Canvas, _ rect: PixelRect) -> [UInt32] {
        var colors = [UInt32](repeating: 0, count: rect.area)
        let width = canvas.width
        canvas.pixels.withUnsafeBufferPointer { bytes in
            colors.withUnsafeMutableBufferPointer { out in
                var position = 0
                for y in rect.y ..< rect.maxY {
                    var offset = (y * width + rect.x) * 4
                    for _ in 0 ..< rect.width {
                        out[position] = opaquePacked(bytes, offset)
                        position += 1
                        offset += 4
                    }
                }
            }
        }
        return colors
    }

    /// Squared sRGB Euclidean distance between two packed colours.
    @inline(__always)
    static func squaredDistance(_ a: UInt32, _ b: UInt32) -> Int {
        let dr = Int(a >> 16) - Int(b >> 16)
        let dg = Int(a >> 8 & 0xFF) - Int(b >> 8 & 0xFF)
        let db = Int(a & 0xFF) - Int(b & 0xFF)
        return dr * dr + dg * dg + db * db
    }
}
