@testable import ImageCodecs
@testable import Raster
import Testing

/// JPEG fixtures come from `Fixtures.jpeg`, which runs libjpeg's compressor (test-only C target
/// CTestImageFixtures) on the 32 x 32 four-quadrant picture of `Fixtures.quadrantPixels`.
@Suite enum JPEGDecoderTests {
    /// Pixels at least 4 pixels from every quadrant edge, where chroma upsampling and block
    /// edges cannot reach across quadrants.
    static let probes = [(4, 4), (11, 6), (20, 4), (27, 11), (4, 20), (11, 27), (20, 20), (27, 27)]

    static func expectQuadrants(_ image: RGBAImage, grey: Bool, tolerance: Int) {
        #expect(image.width == 32 && image.height == 32)
        #expect(!image.isPremultiplied)
        for (x, y) in probes {
            let colour = Fixtures.quadrantColours[(y / 16) * 2 + x / 16]
            let want = grey ? [colour.0, colour.0, colour.0] : [colour.0, colour.1, colour.2]
            let offset = (y * 32 + x) * 4
            for channel in 0 ..< 3 {
                let got = Int(image.pixels[offset + channel])
                #expect(abs(got - Int(want[channel])) <= tolerance, "(\(x),\(y)) channel \(channel): \(got) vs \(want[channel])")
            }
            #expect(image.pixels[offset + 3] == 255)
        }
    }

    /// True when the file has a progressive (SOF2) frame header.
    static func isProgressive(_ bytes: [UInt8]) -> Bool {
        zip(bytes, bytes.dropFirst()).contains { $0 == 0xFF && $1 == 0xC2 }
    }

    @Test static func baselineColour() throws {
        let bytes = try Fixtures.jpeg(pixels: Fixtures.quadrantPixels(components: 3), width: 32, height: 32, components: 3)
        #expect(!isProgressive(bytes))
        expectQuadrants(try JPEGDecoder.decode(bytes, path: "baseline.jpg"), grey: false, tolerance: 6)
    }

    @Test static func progressiveColour() throws {
        let bytes = try Fixtures.jpeg(pixels: Fixtures.quadrantPixels(components: 3), width: 32, height: 32,
                                      components: 3, progressive: true)
        #expect(isProgressive(bytes))
        expectQuadrants(try JPEGDecoder.decode(bytes, path: "progressive.jpg"), grey: false, tolerance: 6)
    }

    @Test static func greyscale() throws {
        let bytes = try Fixtures.jpeg(pixels: Fixtures.quadrantPixels(components: 1), width: 32, height: 32, components: 1)
        let image = try JPEGDecoder.decode(bytes, path: "grey.jpg")
        expectQuadrants(image, grey: true, tolerance: 3)
        // Grey expands to equal R, G and B everywhere.
        for pixel in stride(from: 0, to: image.pixels.count, by: 4) {
            #expect(image.pixels[pixel] == image.pixels[pixel + 1] && image.pixels[pixel] == image.pixels[pixel + 2])
        }
    }

    @Test static func oddSizesDecodeToTheDeclaredSize() throws {
        let pixels = [UInt8](repeating: 128, count: 13 * 7 * 3)
        let image = try JPEGDecoder.decode(try Fixtures.jpeg(pixels: pixels, width: 13, height: 7, components: 3),
                                           path: "odd.jpg")
        #expect(image.width == 13 && image.height == 7 && image.pixels.count == 13 * 7 * 4)
        #expect(image.pixels.enumerated().allSatisfy { $0.offset % 4 == 3 ? $0.element == 255 : abs(Int($0.element) - 128) <= 2 })
    }

    @Test static func truncatedDataIsAnErrorWithLibjpegsMessage() throws {
        let bytes = try Fixtures.jpeg(pixels: Fixtures.quadrantPixels(components: 3), width: 32, height: 32, components: 3)
        let truncated = Array(bytes.prefix(bytes.count * 2 / 3))
        #expect(throws: ImageCodecError.corrupt(path: "cut.jpg", message: "Premature end of JPEG file")) {
            try JPEGDecoder.decode(truncated, path: "cut.jpg")
        }
    }

    @Test static func headerDimensionsOverTheLimitAreRefusedBeforeDecoding() throws {
        var bytes = try Fixtures.jpeg(pixels: Fixtures.quadrantPixels(components: 3), width: 32, height: 32, components: 3)
        // Baseline frame header FF C0: length (2), precision (1), height (2), width (2).
        let sof = try #require(zip(bytes.indices, bytes.dropFirst()).first { bytes[$0.0] == 0xFF && $0.1 == 0xC0 }?.0)
        for offset in [sof + 5, sof + 7] { bytes[offset] = 0xEA; bytes[offset + 1] = 0x60 }  // 60000
        #expect(throws: ImageCodecError.tooLarge(path: "huge.jpg", width: 60000, height: 60000, limit: "16384 x 16384")) {
            try JPEGDecoder.decode(bytes, path: "huge.jpg")
        }
        // Within the side limits but over the decoded-bytes limit.
        let limits = ImageLimits(maxDecodedBytes: 1000)
        let small = try Fixtures.jpeg(pixels: Fixtures.quadrantPixels(components: 3), width: 32, height: 32, components: 3)
        #expect(throws: ImageCodecError.tooLarge(path: "s.jpg", width: 32, height: 32, limit: "1000 bytes of decoded RGBA pixels")) {
            try JPEGDecoder.decode(small, path: "s.jpg", limits: limits)
        }
    }

    /// A progressive JPEG keeps every coefficient: over the working-memory cap it is refused
    /// naming the cap and the need; the baseline file of the same picture fits the same cap.
    @Test static func progressiveJPEGMemoryIsCapped() throws {
        let width = 256, height = 256
        let pixels = (0 ..< width * height * 3).map { UInt8(truncatingIfNeeded: $0 &* 37) }
        let progressive = try Fixtures.jpeg(pixels: pixels, width: width, height: height, components: 3, progressive: true)
        let baseline = try Fixtures.jpeg(pixels: pixels, width: width, height: height, components: 3)
        // 256 x 256 at 4:2:0: 1536 blocks of 128 bytes = 192 KiB of coefficients, plus 1 MiB
        // of pools and 256 KiB of pixels.
        let limits = ImageLimits(maxWorkingBytes: (1 << 20) + (256 << 10) + (64 << 10))
        _ = try ImageFile.decode(baseline, path: "b.jpg", limits: limits)
        #expect(throws: ImageCodecError.tooLarge(path: "p.jpg", width: width, height: height,
                                                  limit: "\(limits.maxWorkingBytes) bytes of memory for decoding (as a progressive JPEG it needs 2 MB)")) {
            try ImageFile.decode(progressive, path: "p.jpg", limits: limits)
        }
        _ = try ImageFile.decode(progressive, path: "p.jpg", limits: ImageLimits(maxWorkingBytes: 4 << 20))
    }
}
