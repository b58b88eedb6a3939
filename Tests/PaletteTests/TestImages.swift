@testable import Raster
@testable import Palette

/// Synthetic pictures for palette tests, made from closed-form formulas.
enum TestImages {
    /// A 128x128 opaque avatar-like picture: a linear gradient in two directions plus a radial
    /// term, every channel a smooth function of the position.
    static func gradient(size: Int = 128, phase: Double = 0) -> RGBAImage {
        var bytes = [UInt8](repeating: 255, count: size * size * 4)
        let scale = Double(size - 1)
        for y in 0 ..< size {
            for x in 0 ..< size {
                let u = Double(x) / scale + phase, v = Double(y) / scale
                let du = u - 0.4, dv = v - 0.35
                let d = (du * du + dv * dv).squareRoot()
                let r = 255 * (0.35 + 0.45 * u - 0.25 * d)
                let g = 255 * (0.20 + 0.40 * v * (1 - 0.5 * u) + 0.15 * d)
                let b = 255 * (0.60 - 0.40 * d + 0.25 * u * v)
                let offset = (y * size + x) * 4
                bytes[offset] = clampByte(r)
                bytes[offset + 1] = clampByte(g)
                bytes[offset + 2] = clampByte(b)
            }
        }
        return RGBAImage(width: size, height: size, pixels: bytes, isPremultiplied: true)
    }

    static func clampByte(_ value: Double) -> UInt8 { UInt8(min(255, max(0, value.rounded()))) }

    /// A white canvas with `sprite` copied at (x, y).
    static func canvas(width: Int, height: Int, sprite: RGBAImage, at x: Int, _ y: Int) -> RGBAImage {
        var image = RGBAImage(width: width, height: height, filledWith: (255, 255, 255, 255))
        for row in 0 ..< sprite.height {
            for column in 0 ..< sprite.width {
                let source = (row * sprite.width + column) * 4
                let target = ((y + row) * width + x + column) * 4
                for channel in 0 ..< 4 { image.pixels[target + channel] = sprite.pixels[source + channel] }
            }
        }
        return image
    }

    /// The histogram of a whole image, weight 1 per pixel.
    static func histogram(_ image: RGBAImage) -> ColorHistogram {
        var histogram = ColorHistogram()
        histogram.add(image: image, rect: image.bounds)
        return histogram
    }

    /// PSNR of `image` quantized with `palette` by nearest colour (linear scan, no mapper;
    /// each distinct colour scanned once).
    static func nearestPSNR(_ image: RGBAImage, _ palette: [RGB8]) -> Double {
        var mapped = image
        var nearest: [UInt32: RGB8] = [:]
        for offset in stride(from: 0, to: image.pixels.count, by: 4) {
            let color = RGB8(image.pixels[offset], image.pixels[offset + 1], image.pixels[offset + 2])
            let best = nearest[color.packed] ?? {
                var best = palette[0], bestDistance = Int.max
                for candidate in palette {
                    let dr = Int(candidate.r) - Int(color.r)
                    let dg = Int(candidate.g) - Int(color.g)
                    let db = Int(candidate.b) - Int(color.b)
                    let distance = dr * dr + dg * dg + db * db
                    if distance < bestDistance { best = candidate; bestDistance = distance }
                }
                nearest[color.packed] = best
                return best
            }()
            mapped.pixels[offset] = best.r
            mapped.pixels[offset + 1] = best.g
            mapped.pixels[offset + 2] = best.b
        }
        return ImageQuality.psnr(image, mapped) ?? 0
    }
}
