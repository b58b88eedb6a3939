/// Turns one row of libheif's interleaved output (RGB or RGBA; 8 bits, or 10 to 16 bits in
/// little-endian 16-bit words) into straight sRGB RGBA8.
///
/// Deep samples are widened to the full 16-bit range and, with a colour conversion, reduced to
/// 8 bits by the colour conversion (Little CMS, for 16-bit input) after converting; without one they are rounded to the nearest 8-bit
/// value. A premultiplied alpha plane is divided out before any conversion.
final class HEIFRowConverter {
    private let width: Int
    private let hasAlpha: Bool
    private let bitDepth: Int
    private let premultiplied: Bool
    private let transform: ColorProfileTransform?
    /// One row at 16 bits per sample (deep pictures only).
    private var wide: [UInt16]

    init(width: Int, hasAlpha: Bool, bitDepth: Int, premultiplied: Bool, transform: ColorProfileTransform?) {
        self.width = width
        self.hasAlpha = hasAlpha
        self.bitDepth = min(16, max(8, bitDepth))
        self.premultiplied = premultiplied
        self.transform = transform
        wide = bitDepth > 8 ? [UInt16](repeating: 0, count: width * 4) : []
    }

    /// Converts the row at `source` into `width` RGBA8 pixels at `target`.
    func convert(_ source: UnsafePointer<UInt8>, into target: UnsafeMutablePointer<UInt8>) {
        if bitDepth == 8 {
            narrow(source, into: target)
            transform?.convert(target, count: width)
        } else {
            widen(source)
            wide.withUnsafeBufferPointer { row in
                if let transform {
                    transform.convert(row.baseAddress!, into: target, count: width)
                } else {
                    for i in 0 ..< width * 4 { target[i] = UInt8((UInt32(row[i]) * 255 + 32767) / 65535) }
                }
            }
        }
    }

    private func narrow(_ source: UnsafePointer<UInt8>, into target: UnsafeMutablePointer<UInt8>) {
        let channels = hasAlpha ? 4 : 3
        for x in 0 ..< width {
            let from = source + x * channels, to = target + x * 4
            to[0] = from[0]
            to[1] = from[1]
            to[2] = from[2]
            to[3] = hasAlpha ? from[3] : 255
            if premultiplied, hasAlpha {
                let alpha = UInt32(from[3])
                for c in 0 ..< 3 { to[c] = alpha == 0 ? 0 : UInt8(min(255, (UInt32(from[c]) * 255 + alpha / 2) / alpha)) }
            }
        }
    }

    private func widen(_ source: UnsafePointer<UInt8>) {
        let channels = hasAlpha ? 4 : 3
        let maximum = UInt32(1 << bitDepth) - 1
        wide.withUnsafeMutableBufferPointer { row in
            func sample(_ x: Int, _ c: Int) -> UInt32 {
                let at = (x * channels + c) * 2
                return min(maximum, UInt32(source[at]) | UInt32(source[at + 1]) << 8)
            }
            func full(_ value: UInt32) -> UInt16 { UInt16((value * 65535 + maximum / 2) / maximum) }
            for x in 0 ..< width {
                var r = sample(x, 0), g = sample(x, 1), b = sample(x, 2)
                let alpha = hasAlpha ? sample(x, 3) : maximum
                if premultiplied, hasAlpha {
                    func divided(_ value: UInt32) -> UInt32 { alpha == 0 ? 0 : min(maximum, (value * maximum + alpha / 2) / alpha) }
                    (r, g, b) = (divided(r), divided(g), divided(b))
                }
                row[x * 4] = full(r)
                row[x * 4 + 1] = full(g)
                row[x * 4 + 2] = full(b)
                row[x * 4 + 3] = full(alpha)
            }
        }
    }
}
