import Foundation
@testable import ImageCodecs
@testable import Raster
import Testing

@Suite enum PNGFastEncoderTests {
    /// Byte 25 of a PNG file is IHDR's colour type: 8 signature bytes, 4 length, 4 type,
    /// 4 width, 4 height, 1 bit depth.
    static func colourType(_ data: Data) -> UInt8 { [UInt8](data)[25] }

    /// Calls the C bridge directly on `bytes`, past the checks `PNGEncoder` makes first.
    static func encodeRaw(_ bytes: [UInt8], width: Int, height: Int, rowBytes: Int,
                          opaque: Bool) throws(ImageCodecError) -> Data {
        var outcome: Result<Data, ImageCodecError> = .failure(.encoderFailed(format: "PNG", message: "not run"))
        bytes.withUnsafeBytes { raw in
            do throws(ImageCodecError) {
                outcome = .success(try PNGLibraryWriter.encode(pixels: raw, width: width, height: height,
                                                               rowBytes: rowBytes, opaque: opaque, options: .fast))
            } catch {
                outcome = .failure(error)
            }
        }
        return try outcome.get()
    }

    @Test(arguments: [(1, 1), (3, 7), (7, 3), (150, 260)])
    static func opaqueImagesRoundTripExactlyAsRGB(width: Int, height: Int) throws {
        let frame = PNGFastFixtures.frame(width: 150, height: 260)
        // A crop of the frame keeps its flat areas and edges at any size.
        var pixels: [UInt8] = []
        for y in 0 ..< height { pixels += frame.pixels[(y * 150) * 4 ..< (y * 150 + width) * 4] }
        let image = RGBAImage(width: width, height: height, pixels: pixels, isPremultiplied: false)
        let data = try PNGEncoder.encode(image)
        #expect(colourType(data) == 2)
        #expect(try PNGDecoder.decode([UInt8](data), path: "opaque.png") == image)
    }

    @Test(arguments: [(1, 1), (3, 7), (64, 33)])
    static func translucentImagesRoundTripExactlyAsRGBA(width: Int, height: Int) throws {
        var image = PNGFastFixtures.translucent(width: width, height: height)
        // Make sure even the 1 x 1 image is translucent.
        image.pixels[3] = 128
        let data = try PNGEncoder.encode(image)
        #expect(colourType(data) == 6)
        #expect(try PNGDecoder.decode([UInt8](data), path: "translucent.png") == image)
    }

    @Test(arguments: PNGEncodingOptions.RowFilter.allCases, PNGEncodingOptions.Strategy.allCases)
    static func everyFilterAndStrategyRoundTrips(filter: PNGEncodingOptions.RowFilter,
                                                 strategy: PNGEncodingOptions.Strategy) throws {
        let options = PNGEncodingOptions(compressionLevel: 3, filter: filter, strategy: strategy)
        let translucent = PNGFastFixtures.translucent(width: 31, height: 9)
        let opaque = PNGFastFixtures.frame(width: 75, height: 134)
        for image in [translucent, opaque] {
            let data = try PNGEncoder.encode(image, options: options)
            #expect(try PNGDecoder.decode([UInt8](data), path: "options.png") == image)
        }
    }

    @Test(arguments: [0, 1, 9])
    static func everyLevelRoundTrips(level: Int) throws {
        let image = PNGFastFixtures.frame(width: 75, height: 134)
        let data = try PNGEncoder.encode(image, options: PNGEncodingOptions(compressionLevel: level))
        #expect(try PNGDecoder.decode([UInt8](data), path: "level.png") == image)
    }

    @Test static func outputIsByteIdenticalAcrossRunsWithFixedChunks() throws {
        let first = try PNGEncoder.encode(PNGFastFixtures.frame())
        let second = try PNGEncoder.encode(PNGFastFixtures.frame())
        #expect(first == second)
        let types = PNGFastFixtures.chunkTypes(first)
        #expect(types.first == "IHDR")
        #expect(types.dropFirst().first == "sRGB")
        #expect(types.last == "IEND")
        #expect(!types.contains("tIME"))
        #expect(Set(types.dropFirst(2).dropLast()) == ["IDAT"])
    }

    @Test static func opaquePremultipliedPixelsAreWrittenUnchanged() throws {
        // At alpha 255 premultiplied and straight values are the same numbers.
        var image = PNGFastFixtures.frame(width: 30, height: 52)
        image.isPremultiplied = true
        let decoded = try PNGDecoder.decode([UInt8](try PNGEncoder.encode(image)), path: "pm.png")
        #expect(decoded.pixels == image.pixels)
        #expect(!decoded.isPremultiplied)
    }

    @Test static func opacityCheckLooksAtEveryAlphaByte() {
        let count = 1000
        var pixels = [UInt8](repeating: 255, count: count * 4)
        #expect(PNGEncoder.isOpaque(pixels))
        // Colour bytes of 0 do not matter; one alpha of 254 anywhere, even the last, does.
        for index in stride(from: 0, to: pixels.count, by: 4) { pixels[index] = 0 }
        #expect(PNGEncoder.isOpaque(pixels))
        for pixel in [0, 63, 64, 500, count - 1] {
            var changed = pixels
            changed[pixel * 4 + 3] = 254
            #expect(!PNGEncoder.isOpaque(changed))
        }
        #expect(PNGEncoder.isOpaque([]))
    }

    @Test static func byteWiseOpacityCheckAgreesWithTheWordCheck() {
        var pixels = [UInt8](repeating: 255, count: 700 * 4)
        // Alpha bytes in the first, a middle and the last block count; colour bytes do not.
        pixels.withUnsafeBufferPointer { #expect(PNGEncoder.alphaBytesAreOpaque($0)) }
        for pixel in [0, 255, 256, 699] {
            var changed = pixels
            changed[pixel * 4 + 3] = 0
            changed.withUnsafeBufferPointer { #expect(!PNGEncoder.alphaBytesAreOpaque($0)) }
            #expect(!PNGEncoder.isOpaque(changed))
        }
        pixels[0] = 0
        pixels.withUnsafeBufferPointer { #expect(PNGEncoder.alphaBytesAreOpaque($0)) }
    }

    @Test static func zeroWidthIsRefusedByLibpngWithItsReason() {
        let bytes = [UInt8](repeating: 0, count: 16)
        #expect {
            _ = try encodeRaw(bytes, width: 0, height: 1, rowBytes: 0, opaque: false)
        } throws: { error in
            guard case let .encoderFailed(format, message)? = error as? ImageCodecError else { return false }
            return format == "PNG" && message.contains("width is zero")
        }
    }

    @Test static func widthOverLibpngsLimitIsRefusedBeforeAnyOutput() {
        // libpng accepts at most 1,000,000 pixels a side; one more is refused in IHDR.
        let width = 1_000_001
        let bytes = [UInt8](repeating: 255, count: width * 4)
        #expect {
            _ = try encodeRaw(bytes, width: width, height: 1, rowBytes: width * 4, opaque: true)
        } throws: { error in
            guard case let .encoderFailed(format, message)? = error as? ImageCodecError else { return false }
            return format == "PNG" && message.contains("exceeds user limit")
        }
    }

    @Test static func buffersTooSmallForTheSizeAreRefusedBeforeLibpng() {
        let bytes = [UInt8](repeating: 0, count: 4 * 4 * 3 - 1)
        // Three rows of four pixels need 48 bytes; 47 are there.
        #expect(throws: ImageCodecError.invalidInput(context: "PNG image",
                                                     problem: "47 bytes cannot hold 4 x 3 RGBA pixels")) {
            _ = try encodeRaw(bytes, width: 4, height: 3, rowBytes: 16, opaque: false)
        }
        #expect(throws: ImageCodecError.invalidInput(context: "PNG image",
                                                     problem: "rows of 15 bytes cannot hold 4 RGBA pixels")) {
            _ = try encodeRaw(bytes, width: 4, height: 2, rowBytes: 15, opaque: false)
        }
    }

    @Test(arguments: [-1, 10])
    static func compressionLevelsOutsideZlibsRangeAreRefused(level: Int) {
        let image = PNGFastFixtures.frame(width: 3, height: 3)
        #expect(throws: ImageCodecError.invalidInput(context: "PNG options",
                                                     problem: "compression level \(level) is not in 0...9")) {
            try PNGEncoder.encode(image, options: PNGEncodingOptions(compressionLevel: level))
        }
    }

    @Test static func rowStrideLongerThanTheRowIsHonoured() throws {
        // Two rows of two pixels with four padding bytes after each row.
        let padded: [UInt8] = [1, 2, 3, 255, 4, 5, 6, 255, 9, 9, 9, 9,
                               7, 8, 9, 255, 10, 11, 12, 255, 9, 9, 9, 9]
        let data = try encodeRaw(padded, width: 2, height: 2, rowBytes: 12, opaque: true)
        let decoded = try PNGDecoder.decode([UInt8](data), path: "stride.png")
        #expect(decoded.pixels == [1, 2, 3, 255, 4, 5, 6, 255, 7, 8, 9, 255, 10, 11, 12, 255])
    }
}
