@testable import ImageCodecs
@testable import Raster
import Testing

/// Decoding of every PNG colour type and bit depth, checked against the PNG specification's
/// sample-to-RGBA rules applied in the test itself.
@Suite enum PNGDecoderTests {
    /// Sample values cycling through a depth's whole range in an irregular order.
    static func samples(count: Int, depth: Int, salt: Int = 0) -> [Int] {
        let levels = depth == 16 ? 65536 : 1 << depth
        let step = depth == 16 ? 4099 : 7
        return (0 ..< count).map { (($0 + salt) * step + 3) % levels }
    }

    static func spec(_ name: String) -> Fixtures.PNGSpec {
        let width = 5, height = 3
        func plain(_ colorType: Int, _ depth: Int, channels: Int) -> Fixtures.PNGSpec {
            Fixtures.PNGSpec(width: width, height: height, bitDepth: depth, colorType: colorType,
                             samples: samples(count: width * height * channels, depth: depth))
        }
        switch name {
        case "grey 1-bit": return plain(0, 1, channels: 1)
        case "grey 2-bit": return plain(0, 2, channels: 1)
        case "grey 4-bit": return plain(0, 4, channels: 1)
        case "grey 8-bit": return plain(0, 8, channels: 1)
        case "grey 16-bit": return plain(0, 16, channels: 1)
        case "grey+alpha 8-bit": return plain(4, 8, channels: 2)
        case "grey+alpha 16-bit": return plain(4, 16, channels: 2)
        case "RGB 8-bit": return plain(2, 8, channels: 3)
        case "RGB 16-bit": return plain(2, 16, channels: 3)
        case "RGBA 8-bit": return plain(6, 8, channels: 4)
        case "RGBA 16-bit": return plain(6, 16, channels: 4)
        case "RGBA 8-bit interlaced":
            var spec = Fixtures.PNGSpec(width: 11, height: 9, bitDepth: 8, colorType: 6,
                                        samples: samples(count: 11 * 9 * 4, depth: 8, salt: 5))
            spec.interlaced = true
            return spec
        case "grey 1-bit interlaced":
            var spec = Fixtures.PNGSpec(width: 13, height: 10, bitDepth: 1, colorType: 0,
                                        samples: samples(count: 130, depth: 1, salt: 1))
            spec.interlaced = true
            return spec
        case "grey 8-bit with tRNS":
            var spec = plain(0, 8, channels: 1)
            spec.transparentGray = spec.samples[4]
            return spec
        case "RGB 8-bit with tRNS":
            var spec = plain(2, 8, channels: 3)
            spec.transparentRGB = (spec.samples[3], spec.samples[4], spec.samples[5])
            return spec
        case "RGB 8-bit with gAMA 1/2.2":
            var spec = plain(2, 8, channels: 3)
            spec.gammaFixed = 45455
            return spec
        default:
            // "palette N-bit with tRNS"
            let depth = Int(name.split(separator: " ")[1].dropLast(4))!
            let entries = min(1 << depth, 7)
            var spec = Fixtures.PNGSpec(width: width, height: height, bitDepth: depth, colorType: 3,
                                        samples: samples(count: width * height, depth: depth).map { $0 % entries })
            spec.palette = (0 ..< entries).map { (entry: Int) -> (UInt8, UInt8, UInt8) in
                let red = UInt8(30 * entry + 10), green = UInt8(255 - 20 * entry), blue = UInt8(77 * entry % 256)
                return (red, green, blue)
            }
            spec.paletteAlpha = (0 ..< entries - 1).map { UInt8(255 - 40 * $0) }
            return spec
        }
    }

    static let caseNames = [
        "grey 1-bit", "grey 2-bit", "grey 4-bit", "grey 8-bit", "grey 16-bit",
        "grey+alpha 8-bit", "grey+alpha 16-bit", "RGB 8-bit", "RGB 16-bit", "RGBA 8-bit", "RGBA 16-bit",
        "RGBA 8-bit interlaced", "grey 1-bit interlaced", "grey 8-bit with tRNS", "RGB 8-bit with tRNS",
        "RGB 8-bit with gAMA 1/2.2",
        "palette 1-bit with tRNS", "palette 2-bit with tRNS", "palette 4-bit with tRNS", "palette 8-bit with tRNS",
    ]

    /// A sample at `depth` bits as an 8-bit value: exact scaling for 1 ... 8 bits (v * 255 / max),
    /// rounding to nearest for 16 bits.
    static func to8(_ value: Int, depth: Int) -> Int {
        depth == 16 ? (value * 255 + 32767) / 65535 : value * 255 / ((1 << depth) - 1)
    }

    /// The straight RGBA8 pixels the PNG specification says `spec` shows.
    static func expectedPixels(_ spec: Fixtures.PNGSpec) -> [Int] {
        var result: [Int] = []
        let channels = spec.channels
        for pixel in 0 ..< spec.width * spec.height {
            let s = Array(spec.samples[pixel * channels ..< (pixel + 1) * channels])
            let d = spec.bitDepth
            switch spec.colorType {
            case 0:
                let g = to8(s[0], depth: d)
                result += [g, g, g, s[0] == spec.transparentGray ? 0 : 255]
            case 2:
                let transparent = spec.transparentRGB.map { $0 == (s[0], s[1], s[2]) } ?? false
                result += [to8(s[0], depth: d), to8(s[1], depth: d), to8(s[2], depth: d), transparent ? 0 : 255]
            case 3:
                let entry = spec.palette[s[0]]
                let alpha = s[0] < spec.paletteAlpha.count ? Int(spec.paletteAlpha[s[0]]) : 255
                result += [Int(entry.0), Int(entry.1), Int(entry.2), alpha]
            case 4:
                let g = to8(s[0], depth: d)
                result += [g, g, g, to8(s[1], depth: d)]
            default:
                result += s.map { to8($0, depth: d) }
            }
        }
        return result
    }

    @Test(arguments: caseNames)
    static func decodesEveryColourTypeAndDepth(_ name: String) throws {
        let spec = spec(name)
        let bytes = try Fixtures.png(spec)
        let image = try PNGDecoder.decode(bytes, path: "\(name).png")
        #expect(image.width == spec.width && image.height == spec.height)
        #expect(!image.isPremultiplied)
        let expected = expectedPixels(spec)
        var mismatches: [String] = []
        for pixel in 0 ..< spec.width * spec.height {
            let got = (0 ..< 4).map { Int(image.pixels[pixel * 4 + $0]) }
            let want = Array(expected[pixel * 4 ..< pixel * 4 + 4])
            // A fully transparent pixel has no colour to compare.
            let same = want[3] == 0 ? got[3] == 0 : got == want
            if !same { mismatches.append("pixel \(pixel): got \(got), want \(want)") }
        }
        #expect(mismatches.isEmpty, "\(name): \(mismatches.prefix(4))")
    }

    @Test static func paletteFixtureReallyIsAPaletteFile() throws {
        // Colour type byte of IHDR sits at offset 8 + 8 + 9.
        let bytes = try Fixtures.png(spec("palette 4-bit with tRNS"))
        #expect(bytes[25] == 3 && bytes[24] == 4)
        #expect(bytes.count > 40 && String(decoding: bytes[12 ..< 16], as: UTF8.self) == "IHDR")
    }
}
