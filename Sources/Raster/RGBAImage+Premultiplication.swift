/// Conversions between straight and premultiplied alpha, with exact rounding.
extension RGBAImage {
    /// The image with R, G and B multiplied by alpha: `round(c · a / 255)`, computed as
    /// `(c·a + 127) / 255` (c·a/255 is never exactly halfway, so this is round-to-nearest).
    /// Returns the image unchanged when it is already premultiplied.
    public func premultiplied() -> RGBAImage {
        guard !isPremultiplied else { return self }
        var bytes = pixels
        bytes.withUnsafeMutableBufferPointer { p in
            var i = 0
            while i < p.count {
                let a = UInt32(p[i + 3])
                if a != 255 {
                    p[i] = UInt8((UInt32(p[i]) * a + 127) / 255)
                    p[i + 1] = UInt8((UInt32(p[i + 1]) * a + 127) / 255)
                    p[i + 2] = UInt8((UInt32(p[i + 2]) * a + 127) / 255)
                }
                i += 4
            }
        }
        return RGBAImage(width: width, height: height, pixels: bytes, isPremultiplied: true)
    }

    /// The image with R, G and B divided by alpha: `round(p · 255 / a)` with halves rounded
    /// up, clamped to 255; fully transparent pixels become (0, 0, 0, 0). Opaque pixels are
    /// unchanged, so a round trip through `premultiplied()` is exact for them. Returns the
    /// image unchanged when it is already straight.
    public func unpremultiplied() -> RGBAImage {
        guard isPremultiplied else { return self }
        var bytes = pixels
        bytes.withUnsafeMutableBufferPointer { p in
            var i = 0
            while i < p.count {
                let a = UInt32(p[i + 3])
                if a == 0 {
                    p[i] = 0; p[i + 1] = 0; p[i + 2] = 0
                } else if a != 255 {
                    p[i] = UInt8(Swift.min(255, (UInt32(p[i]) * 255 + a / 2) / a))
                    p[i + 1] = UInt8(Swift.min(255, (UInt32(p[i + 1]) * 255 + a / 2) / a))
                    p[i + 2] = UInt8(Swift.min(255, (UInt32(p[i + 2]) * 255 + a / 2) / a))
                }
                i += 4
            }
        }
        return RGBAImage(width: width, height: height, pixels: bytes, isPremultiplied: false)
    }

    /// True when every pixel's alpha is 255 (an empty image counts as opaque).
    var isOpaque: Bool {
        pixels.withUnsafeBufferPointer { p in
            var all: UInt8 = 255
            var i = 3
            while i < p.count {
                all &= p[i]
                i += 4
            }
            return all == 255
        }
    }
}
