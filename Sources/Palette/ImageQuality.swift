import Raster

/// Image comparison measures for tests and benchmarks.
enum ImageQuality {
    /// Peak signal-to-noise ratio in dB between two images of the same size, over the R, G
    /// and B channels of the opaque colours the pixels show over white (sRGB code values,
    /// peak 255): 10·log10(255² / MSE). Identical colours give +infinity; images of different
    /// sizes give nil.
    static func psnr(_ a: RGBAImage, _ b: RGBAImage) -> Double? {
        guard a.width == b.width, a.height == b.height else { return nil }
        var squaredSum = 0
        a.pixels.withUnsafeBufferPointer { first in
            b.pixels.withUnsafeBufferPointer { second in
                for offset in stride(from: 0, to: first.count, by: 4) {
                    let p = OpaquePixel.packed(first, offset, premultiplied: a.isPremultiplied)
                    let q = OpaquePixel.packed(second, offset, premultiplied: b.isPremultiplied)
                    for shift: UInt32 in [16, 8, 0] {
                        let d = Int(p >> shift & 0xFF) - Int(q >> shift & 0xFF)
                        squaredSum += d * d
                    }
                }
            }
        }
        let samples = a.width * a.height * 3
        guard squaredSum > 0, samples > 0 else { return .infinity }
        let meanSquaredError = Double(squaredSum) / Double(samples)
        return 10 * PortableMath.log10(255 * 255 / meanSquaredError)
    }

    /// The image a palette and its indices show: `indices` row-major over `rect`, written into
    /// a copy of `background` (straight or premultiplied alike: results are opaque). Indices
    /// past the palette's colours (the transparent index) leave the background pixel.
    static func render(indices: [UInt8], rect: PixelRect, palette: IndexedPalette,
                              over background: RGBAImage) -> RGBAImage {
        var image = background
        let area = rect.intersection(background.bounds)
        for y in area.y ..< area.maxY {
            for x in area.x ..< area.maxX {
                let position = (y - rect.y) * rect.width + (x - rect.x)
                guard position < indices.count, Int(indices[position]) < palette.colors.count else { continue }
                let color = palette.colors[Int(indices[position])]
                let offset = (y * background.width + x) * 4
                image.pixels[offset] = color.r
                image.pixels[offset + 1] = color.g
                image.pixels[offset + 2] = color.b
                image.pixels[offset + 3] = 255
            }
        }
        return image
    }
}
