import CHEIF

/// Turns the coded samples of a HEIF picture, as libheif hands them out for a file rewritten
/// by `HEIFIdentityColour` (RGB 4:4:4 planes holding G = Y', B = Cb, R = Cr, each chroma
/// sample repeated over its block), into rows of libheif's interleaved layout for
/// `HEIFRowConverter` (RGB or RGBA; 8 bits, or 16-bit words for deeper pictures):
/// - chroma is taken back at one sample per block (the top-left luma position of each 2 x 2
///   block at 4:2:0, each 2 x 1 pair at 4:2:2; for a grid, of the joined tiles, whose blocks
///   line up with the tiles' as long as tiles have even sizes, as encoders make them), brought
///   to the luma grid, across tile edges too, by
///   `ChromaUpsampler` and converted with the picture's own matrix and range by
///   `YCbCrMatrix` to R'G'B' of the coded depth (rounded once, as libheif's own conversion
///   rounds; `HEIFRowConverter` widens deep samples to 16 bits for Little CMS);
/// - a monochrome picture's luma is converted with chroma at its midpoint (grey);
/// - alpha is copied, scaled to the output's depth with rounding when its depth differs.
final class HEIFPlanarRows {
    /// The decoded picture's size (the stored one, before any transformation).
    let width: Int
    let height: Int
    /// The bits of the coded samples.
    let bitDepth: Int
    let hasAlpha: Bool
    /// True when rows come out as 16-bit words.
    var deep: Bool { bitDepth > 8 }

    private let luma: Plane, blue: Plane?, red: Plane?, alpha: Plane?
    private let matrix: YCbCrMatrix
    private let upsampler: ChromaUpsampler?
    private var cb: [Int32], cr: [Int32]

    /// One plane of the decoded picture.
    private struct Plane {
        let base: UnsafePointer<UInt8>
        let stride: Int
        let wide: Bool
        let bitDepth: Int

        @inline(__always)
        func sample(_ x: Int, _ y: Int) -> Int32 {
            wide ? Int32(UnsafeRawPointer(base + y * stride + 2 * x).loadUnaligned(as: UInt16.self))
                : Int32(base[y * stride + x])
        }
    }

    /// The largest output sample: 2^bitDepth − 1.
    private var maximum: Int { (1 << bitDepth) - 1 }

    /// The rows of `image` (RGB 4:4:4 planes, as libheif decodes a rewritten file), whose
    /// samples are coded as `signal` says; nil when libheif handed out no such planes.
    init?(image: OpaquePointer, signal: HEIFVideoSignal) {
        func plane(_ channel: heif_channel) -> Plane? {
            var stride: Int32 = 0
            let depth = Int(heif_image_get_bits_per_pixel_range(image, channel))
            guard heif_image_has_channel(image, channel) != 0, depth >= 1, depth <= 16,
                  let base = heif_image_get_plane_readonly(image, channel, &stride), stride > 0 else { return nil }
            return Plane(base: base, stride: Int(stride), wide: depth > 8, bitDepth: depth)
        }
        guard let g = plane(heif_channel_G) else { return nil }
        let width = Int(heif_image_get_width(image, heif_channel_G))
        let height = Int(heif_image_get_height(image, heif_channel_G))
        guard width > 0, height > 0, g.bitDepth >= 8 else { return nil }
        (self.width, self.height) = (width, height)
        luma = g
        bitDepth = g.bitDepth
        let alphaPlane = plane(heif_channel_Alpha)
        alpha = heif_image_get_width(image, heif_channel_Alpha) == width && heif_image_get_height(image, heif_channel_Alpha) == height
            ? alphaPlane : nil
        hasAlpha = alpha != nil
        if let subsampling = signal.subsampling {
            guard let b = plane(heif_channel_B), let r = plane(heif_channel_R), b.bitDepth == bitDepth, r.bitDepth == bitDepth,
                  heif_image_get_width(image, heif_channel_B) == width, heif_image_get_height(image, heif_channel_B) == height,
                  heif_image_get_width(image, heif_channel_R) == width, heif_image_get_height(image, heif_channel_R) == height
            else { return nil }
            (blue, red) = (b, r)
            upsampler = ChromaUpsampler(subsampling: subsampling, width: width, height: height)
        } else {
            (blue, red, upsampler) = (nil, nil, nil)
        }
        matrix = YCbCrMatrix(matrixCoefficients: signal.matrixCoefficients, bitDepth: bitDepth, fullRange: signal.fullRange,
                             outputMaximum: (1 << bitDepth) - 1, chromaScale: upsampler?.scale ?? 1)
        let middle = Int32(1 << (bitDepth - 1))
        cb = [Int32](repeating: middle, count: width)
        cr = [Int32](repeating: middle, count: width)
    }

    /// Bytes one output pixel takes.
    var pixelBytes: Int { (hasAlpha ? 4 : 3) * (deep ? 2 : 1) }

    /// Writes the pixels of stored row `y`, columns `columns`, at `target` in libheif's
    /// interleaved layout (`bitDepth`-bit values in 16-bit little-endian words when `deep`).
    func convert(row y: Int, columns: Range<Int>, into target: UnsafeMutableRawPointer) {
        if let upsampler, let blue, let red {
            let factors = upsampler.subsampling.factors
            cb.withUnsafeMutableBufferPointer { row in
                upsampler.upsample(lumaRow: y, into: row.baseAddress!) { blue.sample($1 * factors.x, $0 * factors.y) }
            }
            cr.withUnsafeMutableBufferPointer { row in
                upsampler.upsample(lumaRow: y, into: row.baseAddress!) { red.sample($1 * factors.x, $0 * factors.y) }
            }
        }
        let channels = hasAlpha ? 4 : 3
        let alphaMaximum = alpha.map { (1 << $0.bitDepth) - 1 } ?? maximum
        cb.withUnsafeBufferPointer { cb in
            cr.withUnsafeBufferPointer { cr in
                var index = 0
                for x in columns {
                    let (r, g, b) = matrix.rgb(y: Int(luma.sample(x, y)), cb: Int(cb[x]), cr: Int(cr[x]))
                    var a = maximum
                    if let alpha {
                        let value = Int(alpha.sample(x, y))
                        a = alphaMaximum == maximum ? value : (value * maximum + alphaMaximum / 2) / alphaMaximum
                    }
                    if deep {
                        let words = target.assumingMemoryBound(to: UInt16.self)
                        words[index] = UInt16(r).littleEndian
                        words[index + 1] = UInt16(g).littleEndian
                        words[index + 2] = UInt16(b).littleEndian
                        if hasAlpha { words[index + 3] = UInt16(min(a, 65535)).littleEndian }
                    } else {
                        let bytes = target.assumingMemoryBound(to: UInt8.self)
                        bytes[index] = UInt8(r)
                        bytes[index + 1] = UInt8(g)
                        bytes[index + 2] = UInt8(b)
                        if hasAlpha { bytes[index + 3] = UInt8(min(a, 255)) }
                    }
                    index += channels
                }
            }
        }
    }
}
