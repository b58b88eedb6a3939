import Foundation
@testable import ImageCodecs
@testable import Raster
import SharedTestSupport
import Testing

/// Loading files by path: signature sniffing and every way a file can be wrong.
@Suite enum ImageFileTests {
    static func validPNG() throws -> [UInt8] {
        try Fixtures.png(Fixtures.PNGSpec(width: 4, height: 4, bitDepth: 8, colorType: 6,
                                          samples: (0 ..< 64).map { $0 * 4 }))
    }

    /// Loads `bytes` written to a file named `name` and returns the error it gives.
    static func loadError(_ bytes: [UInt8], name: String, limits: ImageLimits = .default) throws -> (ImageCodecError?, String) {
        try TestFiles.withTemporaryFolder { folder in
            let path = folder + "/" + name
            try TestFiles.write(bytes, to: path)
            do throws(ImageCodecError) {
                _ = try ImageFile.load(path: path, limits: limits)
                return (nil, path)
            } catch {
                return (error, path)
            }
        }
    }

    @Test static func formatComesFromTheSignatureNotTheName() throws {
        let png = try validPNG()
        let jpeg = try Fixtures.jpeg(pixels: Fixtures.quadrantPixels(components: 3), width: 32, height: 32, components: 3)
        try TestFiles.withTemporaryFolder { folder in
            try TestFiles.write(png, to: folder + "/really-a-png.jpg")
            try TestFiles.write(jpeg, to: folder + "/really-a-jpeg.png")
            let fromPNG = try ImageFile.load(path: folder + "/really-a-png.jpg")
            #expect(fromPNG.width == 4 && fromPNG.pixels[0 ..< 4] == [0, 4, 8, 12])
            #expect(try ImageFile.load(path: folder + "/really-a-jpeg.png").width == 32)
        }
        #expect(ImageFormat(sniffing: png) == .png)
        #expect(ImageFormat(sniffing: jpeg) == .jpeg)
        #expect(ImageFormat(sniffing: Array("GIF89a".utf8)) == .gif)
        #expect(ImageFormat(sniffing: Array("GIF88a".utf8)) == nil)
    }

    @Test static func missingFilesAndFoldersAreUnreadable() throws {
        try TestFiles.withTemporaryFolder { folder in
            let missing = folder + "/nope.png"
            #expect(throws: ImageCodecError.file(.unreadable(path: missing, reason: "No such file or directory"))) {
                try ImageFile.load(path: missing)
            }
            #expect(throws: ImageCodecError.file(.unreadable(path: folder, reason: "is a folder"))) {
                try ImageFile.load(path: folder)
            }
        }
    }

    @Test static func otherFormatsAreUnsupported() throws {
        let (textError, textPath) = try loadError(Array("hello, world\n".utf8), name: "notes.png")
        #expect(textError == .unsupportedFormat(path: textPath))
        let (noiseError, noisePath) = try loadError(SeededGenerator.bytes(count: 4096, seed: 3), name: "noise.jpg")
        #expect(noiseError == .unsupportedFormat(path: noisePath))
    }

    @Test static func emptyFilesAreCorrupt() throws {
        let (error, path) = try loadError([], name: "empty.png")
        #expect(error == .corrupt(path: path, message: "the file is empty"))
        #expect(error?.description == "'\(path)' is not a valid image: the file is empty")
    }

    @Test static func filesCutInsideTheSignatureAreCorrupt() throws {
        let (pngError, pngPath) = try loadError([0x89, 0x50, 0x4E], name: "stub.png")
        #expect(pngError == .corrupt(path: pngPath, message: "the file ends inside the PNG signature"))
        let (jpegError, jpegPath) = try loadError([0xFF, 0xD8], name: "stub.jpg")
        #expect(jpegError == .corrupt(path: jpegPath, message: "the file ends inside the JPEG signature"))
    }

    @Test static func badCRCGivesLibpngsMessage() throws {
        var png = try validPNG()
        png[29] ^= 0xFF  // first byte of the IHDR CRC (8 signature + 4 length + 4 type + 13 data)
        let (error, path) = try loadError(png, name: "bad-crc.png")
        guard case let .corrupt(errorPath, message)? = error else {
            Issue.record("expected .corrupt, got \(String(describing: error))")
            return
        }
        #expect(errorPath == path)
        #expect(message.contains("CRC"), "libpng's message: \(message)")
    }

    @Test(arguments: [8, 20, 40, 60])
    static func truncatedPNGsAreCorruptNotCrashes(keptPercent: Int) throws {
        let png = try validPNG()
        let (error, path) = try loadError(Array(png.prefix(png.count * keptPercent / 100)), name: "cut.png")
        guard case let .corrupt(errorPath, message)? = error else {
            Issue.record("expected .corrupt, got \(String(describing: error))")
            return
        }
        #expect(errorPath == path && !message.isEmpty)
    }

    @Test(arguments: [UInt64(1), 2, 3, 4, 5])
    static func randomBytesBehindASignatureAreCorrupt(seed: UInt64) throws {
        for signature in [TestSupport.pngSignature, [0xFF, 0xD8, 0xFF]] {
            let bytes = signature + SeededGenerator.bytes(count: 600, seed: seed)
            let (error, path) = try loadError(bytes, name: "random.bin")
            guard case let .corrupt(errorPath, message)? = error else {
                Issue.record("expected .corrupt, got \(String(describing: error))")
                continue
            }
            #expect(errorPath == path && !message.isEmpty)
        }
    }

    @Test static func pngClaimingHugeDimensionsIsRefusedBeforeDecoding() throws {
        var header = TestSupport.bigEndian(100_000) + TestSupport.bigEndian(100_000)
        header += [8, 6, 0, 0, 0]
        let png = TestSupport.pngSignature + TestSupport.pngChunk("IHDR", header)
            + TestSupport.pngChunk("IDAT", [0x78, 0x9C, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])
            + TestSupport.pngChunk("IEND", [])
        let (error, path) = try loadError(png, name: "huge.png")
        #expect(error == .tooLarge(path: path, width: 100_000, height: 100_000, limit: "16384 x 16384"))
    }

    @Test static func decodedSizeLimitApplies() throws {
        let (error, path) = try loadError(try validPNG(), name: "small.png", limits: ImageLimits(maxDecodedBytes: 63))
        #expect(error == .tooLarge(path: path, width: 4, height: 4, limit: "63 bytes of decoded RGBA pixels"))
    }

    @Test static func filesOverTheSizeLimitAreRefused() throws {
        let png = try validPNG()
        let (error, path) = try loadError(png, name: "big.png", limits: ImageLimits(maxFileBytes: 50))
        #expect(error == .file(.fileTooLarge(path: path, bytes: png.count, limit: 50)))
    }

    @Test static func crc32HelperMatchesTheStandardCheckValue() {
        #expect(TestSupport.crc32(Array("123456789".utf8)) == 0xCBF4_3926)
    }
}
