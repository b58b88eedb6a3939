import Foundation
@testable import Raster

/// Images shaped like render-gif frames for the PNG encoder tests: an opaque white canvas with
/// a thin anti-aliased red arc and small discs filled with gradients.
enum PNGFastFixtures {
    /// A straight, opaque frame; `shift` moves the discs so consecutive frames differ.
    static func frame(width: Int = 150, height: Int = 260, shift: Int = 0) -> RGBAImage {
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        let scale = Double(width) / 750
        // The arc: a 2 px ring of radius 1100 around a centre below the canvas.
        let centreX = 375 * scale, centreY = 1900 * scale, radius = 1100 * scale
        for y in 0 ..< height {
            for x in 0 ..< width {
                let distance = abs(hypot(Double(x) + 0.5 - centreX, Double(y) + 0.5 - centreY) - radius)
                blend(&pixels, width: width, x: x, y: y, coverage: 1.5 - distance, colour: (255, 0, 0))
            }
        }
        let discs: [(Double, Double)] = [(120, 900), (300, 840), (480, 870), (640, 950), (375, 1150)]
        for (index, disc) in discs.enumerated() {
            let discX = (disc.0 + Double(shift * (index + 1))) * scale, discY = disc.1 * scale
            let discRadius = 50 * scale
            let top = max(0, Int(discY - discRadius) - 2), bottom = min(height, Int(discY + discRadius) + 2)
            let left = max(0, Int(discX - discRadius) - 2), right = min(width, Int(discX + discRadius) + 2)
            guard top < bottom, left < right else { continue }
            for y in top ..< bottom {
                for x in left ..< right {
                    let distance = hypot(Double(x) + 0.5 - discX, Double(y) + 0.5 - discY)
                    let u = (Double(x) - discX) / (2 * discRadius) + 0.5
                    let v = (Double(y) - discY) / (2 * discRadius) + 0.5
                    let colour = (40 + 200 * u, 60 + 150 * v, 200 - 120 * u * v + Double(index * 10))
                    blend(&pixels, width: width, x: x, y: y, coverage: discRadius + 0.5 - distance, colour: colour)
                }
            }
        }
        return RGBAImage(width: width, height: height, pixels: pixels, isPremultiplied: false)
    }

    /// A straight image with every alpha from 0 to 255 and colours that vary in x and y.
    static func translucent(width: Int, height: Int) -> RGBAImage {
        var pixels: [UInt8] = []
        pixels.reserveCapacity(width * height * 4)
        for y in 0 ..< height {
            for x in 0 ..< width {
                pixels += [UInt8((x * 37 + y) % 256), UInt8((y * 53) % 256), UInt8((x ^ y) % 256),
                           UInt8((x * 7 + y * 13) % 256)]
            }
        }
        return RGBAImage(width: width, height: height, pixels: pixels, isPremultiplied: false)
    }

    /// The chunk types of a PNG file in order (after the 8-byte signature).
    static func chunkTypes(_ data: Data) -> [String] {
        let bytes = [UInt8](data)
        var types: [String] = []
        var offset = 8
        while offset + 8 <= bytes.count {
            let length = bytes[offset ..< offset + 4].reduce(0) { $0 << 8 | Int($1) }
            types.append(String(decoding: bytes[offset + 4 ..< offset + 8], as: UTF8.self))
            offset += 12 + length
        }
        return types
    }

    private static func blend(_ pixels: inout [UInt8], width: Int, x: Int, y: Int,
                              coverage: Double, colour: (Double, Double, Double)) {
        guard coverage > 0 else { return }
        let amount = min(1, coverage)
        let index = (y * width + x) * 4
        let channels = [colour.0, colour.1, colour.2]
        for channel in 0 ..< 3 {
            let mixed = Double(pixels[index + channel]) * (1 - amount) + min(255, max(0, channels[channel])) * amount
            pixels[index + channel] = UInt8(mixed.rounded())
        }
    }
}
