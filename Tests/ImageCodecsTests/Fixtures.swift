import CTestImageFixtures
import Foundation

/// Test fixtures made on the fly by the test-only C target CTestImageFixtures, which drives
/// libpng's and libjpeg's full write APIs. Nothing here is produced by the code under test.
enum Fixtures {
    struct EncodingFailed: Error, CustomStringConvertible {
        let description: String
    }

    /// The PNG layout a fixture is written in.
    struct PNGSpec: Sendable {
        var width: Int
        var height: Int
        var bitDepth: Int
        /// 0 grey, 2 RGB, 3 palette, 4 grey+alpha, 6 RGBA.
        var colorType: Int
        var interlaced = false
        /// Samples in file order, one array element per sample (16-bit samples as 0 ... 65535).
        var samples: [Int]
        var palette: [(UInt8, UInt8, UInt8)] = []
        var paletteAlpha: [UInt8] = []
        /// tRNS single transparent value: grey, or red/green/blue.
        var transparentGray: Int?
        var transparentRGB: (Int, Int, Int)?
        var gammaFixed: UInt32 = 0

        var channels: Int { [0: 1, 2: 3, 3: 1, 4: 2, 6: 4][colorType]! }
    }

    /// Packs samples into PNG rows (sub-byte depths MSB first, 16-bit big-endian).
    static func packRows(_ spec: PNGSpec) -> (bytes: [UInt8], rowBytes: Int) {
        let samplesPerRow = spec.width * spec.channels
        let rowBytes = (samplesPerRow * spec.bitDepth + 7) / 8
        var bytes = [UInt8](repeating: 0, count: rowBytes * spec.height)
        for y in 0 ..< spec.height {
            for s in 0 ..< samplesPerRow {
                let value = spec.samples[y * samplesPerRow + s]
                let rowStart = y * rowBytes
                switch spec.bitDepth {
                case 16:
                    bytes[rowStart + 2 * s] = UInt8(value >> 8)
                    bytes[rowStart + 2 * s + 1] = UInt8(value & 0xFF)
                case 8:
                    bytes[rowStart + s] = UInt8(value)
                default:
                    let bit = s * spec.bitDepth
                    let shift = 8 - spec.bitDepth - bit % 8
                    bytes[rowStart + bit / 8] |= UInt8(value << shift)
                }
            }
        }
        return (bytes, rowBytes)
    }

    static func png(_ spec: PNGSpec) throws -> [UInt8] {
        let (rows, rowBytes) = packRows(spec)
        let paletteBytes = spec.palette.flatMap { [$0.0, $0.1, $0.2] }
        var out: UnsafeMutablePointer<UInt8>?
        var size = 0
        var message = [CChar](repeating: 0, count: 256)
        let ok = rows.withUnsafeBufferPointer { rowPointer in
            paletteBytes.withUnsafeBufferPointer { palettePointer in
                spec.paletteAlpha.withUnsafeBufferPointer { alphaPointer in
                    var c = FixturePNGSpec()
                    c.width = UInt32(spec.width)
                    c.height = UInt32(spec.height)
                    c.bit_depth = Int32(spec.bitDepth)
                    c.color_type = Int32(spec.colorType)
                    c.interlaced = spec.interlaced ? 1 : 0
                    c.rows = rowPointer.baseAddress
                    c.row_bytes = rowBytes
                    c.palette_rgb = palettePointer.baseAddress
                    c.palette_count = Int32(spec.palette.count)
                    c.palette_alpha = alphaPointer.baseAddress
                    c.palette_alpha_count = Int32(spec.paletteAlpha.count)
                    if let gray = spec.transparentGray {
                        c.has_transparent_value = 1
                        c.transparent_gray = UInt16(gray)
                    }
                    if let rgb = spec.transparentRGB {
                        c.has_transparent_value = 1
                        c.transparent_red = UInt16(rgb.0)
                        c.transparent_green = UInt16(rgb.1)
                        c.transparent_blue = UInt16(rgb.2)
                    }
                    c.gamma_fixed = spec.gammaFixed
                    return fixture_png_encode(&c, &out, &size, &message, message.count)
                }
            }
        }
        return try take(ok, out, size, message)
    }

    /// A JPEG of 8-bit `pixels` (1 = grey or 3 = RGB components a pixel). `lumaSampling`
    /// sets an RGB picture's luma sampling factors: (1, 1) is 4:4:4, (2, 1) 4:2:2, (2, 2) 4:2:0
    /// (libjpeg's default, also what nil gives).
    static func jpeg(pixels: [UInt8], width: Int, height: Int, components: Int,
                     quality: Int = 95, progressive: Bool = false,
                     lumaSampling: (horizontal: Int, vertical: Int)? = nil) throws -> [UInt8] {
        var out: UnsafeMutablePointer<UInt8>?
        var size = 0
        var message = [CChar](repeating: 0, count: 256)
        let ok = pixels.withUnsafeBufferPointer { source in
            fixture_jpeg_encode_sampled(source.baseAddress, UInt32(width), UInt32(height), Int32(components),
                                        Int32(quality), progressive ? 1 : 0, Int32(lumaSampling?.horizontal ?? 0),
                                        Int32(lumaSampling?.vertical ?? 0), &out, &size, &message, message.count)
        }
        return try take(ok, out, size, message)
    }

    private static func take(_ ok: Int32, _ out: UnsafeMutablePointer<UInt8>?, _ size: Int,
                             _ message: [CChar]) throws -> [UInt8] {
        defer { fixture_free(out) }
        guard ok != 0, let out else {
            throw EncodingFailed(description: String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) },
                                                     as: UTF8.self))
        }
        return Array(UnsafeBufferPointer(start: out, count: size))
    }

    /// A 32 x 32 RGB picture of four flat 16 x 16 quadrants: each quadrant fills whole JPEG
    /// MCUs, so away from the quadrant edges a JPEG decodes to the colour within a few levels.
    static let quadrantColours: [(UInt8, UInt8, UInt8)] = [(200, 40, 40), (40, 180, 60), (50, 60, 200), (230, 230, 230)]

    static func quadrantPixels(components: Int) -> [UInt8] {
        var pixels: [UInt8] = []
        for y in 0 ..< 32 {
            for x in 0 ..< 32 {
                let colour = quadrantColours[(y / 16) * 2 + x / 16]
                if components == 1 {
                    pixels.append(colour.0)
                } else {
                    pixels += [colour.0, colour.1, colour.2]
                }
            }
        }
        return pixels
    }
}
