import CJPEGReader
import Foundation
@testable import ImageCodecs
import Raster
import Testing

/// A JPEG avatar reduced for its layer agrees with the same JPEG decoded at full size and
/// area-reduced: to at least 45 dB PSNR, at sizes decoded whole and at each reduced DCT scale,
/// for photograph-like pictures and sharp drawings, at 4:4:4, 4:2:2, 4:2:0 and greyscale. The
/// reference is the full decode reduced here, in floating point, by a plain box average over
/// each target pixel's exact footprint, independently of the decoder's reducer.
@Suite enum JPEGScaleTests {
    enum Content: String, CaseIterable, Sendable { case photo, drawing }

    enum Sampling: String, CaseIterable, Sendable {
        case s444, s422, s420, grey

        var components: Int { self == .grey ? 1 : 3 }
        var luma: (horizontal: Int, vertical: Int)? {
            switch self {
            case .s444: (1, 1)
            case .s422: (2, 1)
            case .s420: (2, 2)
            case .grey: nil
            }
        }
    }

    /// Smooth light, fine stripes and seeded noise (photo), or white with one-pixel black lines,
    /// a fine comb and flat coloured boxes with hard edges (drawing); `components` per pixel.
    static func pixels(_ content: Content, width: Int, height: Int, components: Int) -> [UInt8] {
        var pixels = [UInt8](repeating: 255, count: width * height * components)
        var state: UInt32 = 2024
        for y in 0 ..< height {
            for x in 0 ..< width {
                for c in 0 ..< components {
                    let value: Int
                    switch content {
                    case .photo:
                        state = state &* 1_664_525 &+ 1_013_904_223
                        let noise = Int(state >> 27) - 16
                        let light = 128 + (x * 3 + y * 2 + c * 40) % 96 - 48
                        let stripes = ((x + 2 * y + c) / 3) % 2 == 0 ? 20 : -20
                        value = light + stripes + noise
                    case .drawing:
                        if (x + y) % 37 == 0 || (x * 3 + y) % 101 == 0 || (y < height / 8 && x % 5 == 0) {
                            value = 0
                        } else if ((x / 23) + (y / 19)) % 7 == 0 {
                            value = [220, 30, 90][c % 3]
                        } else {
                            value = 255
                        }
                    }
                    pixels[(y * width + x) * components + c] = UInt8(max(0, min(255, value)))
                }
            }
        }
        return pixels
    }

    /// The mean of each target pixel's footprint on an opaque picture: target pixel (x, y)
    /// covers [x * W / w, (x + 1) * W / w) by the like rows, partial source pixels weighted by
    /// the part they have inside.
    static func boxAverage(_ image: RGBAImage, width: Int, height: Int) -> [Double] {
        func weights(_ source: Int, _ target: Int) -> [[(Int, Double)]] {
            (0 ..< target).map { t in
                let start = Double(t) * Double(source) / Double(target)
                let end = Double(t + 1) * Double(source) / Double(target)
                return (Int(start) ..< min(source, Int(end.rounded(.up)))).map { s in
                    (s, min(end, Double(s + 1)) - max(start, Double(s)))
                }
            }
        }
        let columns = weights(image.width, width), rows = weights(image.height, height)
        var result = [Double](repeating: 0, count: width * height * 3)
        for y in 0 ..< height {
            for x in 0 ..< width {
                var sum = [0.0, 0.0, 0.0], area = 0.0
                for (sy, wy) in rows[y] {
                    for (sx, wx) in columns[x] {
                        let at = (sy * image.width + sx) * 4
                        for c in 0 ..< 3 { sum[c] += Double(image.pixels[at + c]) * wx * wy }
                        area += wx * wy
                    }
                }
                for c in 0 ..< 3 { result[(y * width + x) * 3 + c] = sum[c] / area }
            }
        }
        return result
    }

    static func psnr(_ image: RGBAImage, _ reference: [Double]) -> Double {
        var squared = 0.0
        for i in 0 ..< image.width * image.height {
            for c in 0 ..< 3 {
                let error = Double(image.pixels[i * 4 + c]) - reference[i * 3 + c]
                squared += error * error
            }
        }
        let mean = squared / Double(reference.count)
        return mean == 0 ? 99 : 10 * log10(255 * 255 / mean)
    }

    /// Sizes for a 30-pixel layer (the rule scales with the layer, so these stand for a
    /// 100-pixel layer's pictures of about 3.3 times the size): decoded whole (300, and 1400,
    /// just below 4/8's 1440), at 4/8 (1440, and 2000 x 1500, reduced to 40 x 30), at 2/8 (2900).
    static let sizes = [(300, 300), (1400, 1400), (1440, 1440), (2000, 1500), (2900, 2900)]

    @Test(arguments: Content.allCases, Sampling.allCases)
    static func reducedAvatarMatchesTheFullDecodeAreaReduced(content: Content, sampling: Sampling) throws {
        let side = 30.0
        let fit = PictureFit(side: side, preservesAspectRatio: true)
        for (width, height) in sizes {
            let bytes = try Fixtures.jpeg(pixels: pixels(content, width: width, height: height, components: sampling.components),
                                          width: width, height: height, components: sampling.components,
                                          lumaSampling: sampling.luma)
            let reduced = try JPEGDecoder.decode(bytes, path: "avatar.jpg", fit: fit)
            let target = fit.reducedSize(width: width, height: height)
            #expect(reduced.width == target.width && reduced.height == target.height)
            let full = try JPEGDecoder.decode(bytes, path: "avatar.jpg")
            #expect(full.width == width && full.height == height)
            let score = psnr(reduced, boxAverage(full, width: target.width, height: target.height))
            #expect(score >= 45, "\(content) \(sampling) \(width) x \(height): \(score) dB")
        }
    }

    /// Below the margin the JPEG is decoded whole and reduced as a PNG is: the avatar equals,
    /// byte for byte, the one from the full decode written as PNG and loaded for the same layer.
    @Test(arguments: Sampling.allCases)
    static func decodedWholeTheAvatarIsThePNGAvatar(sampling: Sampling) throws {
        let width = 1000, height = 750
        let bytes = try Fixtures.jpeg(pixels: pixels(.drawing, width: width, height: height, components: sampling.components),
                                      width: width, height: height, components: sampling.components, lumaSampling: sampling.luma)
        let png = [UInt8](try PNGEncoder.encode(try JPEGDecoder.decode(bytes, path: "avatar.jpg")))
        for fit in [PictureFit(side: 30, preservesAspectRatio: true), PictureFit(side: 100, preservesAspectRatio: false)] {
            let fromJPEG = try ImageFile.decode(bytes, path: "avatar.jpg", fit: fit)
            let fromPNG = try ImageFile.decode(png, path: "avatar.png", fit: fit)
            #expect(fromJPEG.width == fromPNG.width && fromJPEG.height == fromPNG.height)
            #expect(fromJPEG.isPremultiplied && fromPNG.isPremultiplied)
            #expect(fromJPEG.pixels == fromPNG.pixels, "\(sampling) for a \(fit.side) px layer")
        }
    }

    /// The rule at its edges: 4/8 once the picture is 48 times the wanted size on both axes
    /// (24 times after scaling), 2/8 at 96 times, 1/8 at 192 times, whole below 48 times or
    /// with nothing result.
    @Test static func scaleFollowsTheRuleAtItsBoundaries() {
        #expect(JPEG_READER_SCALE_MARGIN == 24)
        let cases: [(UInt32, UInt32, UInt32, UInt32, UInt32)] = [
            (4799, 4799, 100, 100, 8), (4800, 4800, 100, 100, 4), (4800, 4799, 100, 100, 8),
            (9599, 9599, 100, 100, 4), (9600, 9600, 100, 100, 2), (16384, 16384, 86, 86, 2),
            (16384, 16384, 85, 85, 1), (4032, 3024, 133, 100, 8), (6400, 4800, 133, 100, 4),
            (1600, 1600, 0, 100, 8), (1600, 1600, 100, 0, 8), (192, 192, 1, 1, 1), (191, 191, 1, 1, 2), (95, 95, 1, 1, 4),
        ]
        for (width, height, wantedWidth, wantedHeight, eighths) in cases {
            #expect(jpeg_reader_scale_num(width, height, wantedWidth, wantedHeight) == eighths,
                    "\(width) x \(height) for \(wantedWidth) x \(wantedHeight)")
        }
    }

    /// libjpeg decodes at the scale the rule picks, to the picture's size times M/8 rounded up,
    /// the size `JPEGDecoder.decodedSize` foretells.
    @Test(arguments: [(959, 8, 959), (960, 4, 480), (961, 4, 481), (1920, 2, 480), (1924, 2, 481), (3840, 1, 480)])
    static func decodeUsesTheChosenScale(side: Int, eighths: Int, decoded: Int) throws {
        let limits = JPEGReaderLimits(max_width: 1 << 14, max_height: 1 << 14, max_decoded_bytes: 1 << 28,
                                      max_working_bytes: 1 << 28)
        var result = JPEGReaderResult()
        let picture = try Fixtures.jpeg(pixels: [UInt8](repeating: 128, count: side * side), width: side, height: side, components: 1)
        picture.withUnsafeBufferPointer { jpeg_reader_decode($0.baseAddress, $0.count, limits, 20, 20, nil, nil, &result) }
        defer { jpeg_reader_free_pixels(result.pixels) }
        #expect(result.status == JPEG_READER_OK)
        #expect(result.scale_num == Int32(eighths))
        #expect(result.width == UInt32(decoded) && result.height == UInt32(decoded))
        let foretold = JPEGDecoder.decodedSize(stored: (side, side), target: (20, 20))
        #expect(foretold.width == decoded && foretold.height == decoded)
    }
}
