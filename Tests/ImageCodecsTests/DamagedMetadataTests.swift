import Foundation
@testable import Raster
import Testing
@testable import ImageCodecs

/// Damaged orientation or profile data never fails a decode: the picture shows as stored,
/// pixel for pixel what the same picture without that data gives.
@Suite enum DamagedMetadataTests {
    static let damaged = ["bad-exif-out-of-range", "bad-exif-wrong-type", "bad-exif-directory-outside",
                          "bad-exif-entries-past-end", "bad-exif-not-tiff", "bad-icc-signature", "bad-icc-garbage"]

    @Test(arguments: damaged, ["png", "jpg"])
    static func damagedMetadataDecodesAsStored(name: String, format: String) throws {
        let path = PictureOrientationTests.path("\(name).\(format)")
        let plain = try ImageFile.load(path: PictureOrientationTests.path("plain-quadrants.\(format)"))
        #expect(try ImageFile.load(path: path) == plain)
        let fit = PictureFit(side: 8, preservesAspectRatio: false)
        let reducedPlain = try ImageFile.load(path: PictureOrientationTests.path("plain-quadrants.\(format)"), fit: fit)
        #expect(try ImageFile.load(path: path, fit: fit) == reducedPlain)
    }

    @Test static func orientationParserReadsOnlyInsideItsData() {
        // "II", 42, directory at 8 claiming 5000 entries but holding none.
        let header: [UInt8] = [0x49, 0x49, 42, 0, 8, 0, 0, 0, 0x88, 0x13]
        #expect(ExifOrientation(tiff: header[...]) == .up)
        #expect(ExifOrientation(tiff: [][...]) == .up)
        // One valid big-endian entry: Orientation = 8.
        let valid: [UInt8] = [0x4D, 0x4D, 0, 42, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, 8, 0, 0]
        #expect(ExifOrientation(tiff: valid[...]) == .left)
        #expect(ExifOrientation(tiff: (Array("Exif".utf8) + [0, 0] + valid)[...]) == .left)
        #expect(ExifOrientation(tiff: valid.dropLast(3)) == .up)
    }

    @Test static func splitProfileChunksMustFormOneProfile() {
        func app2(_ sequence: UInt8, _ total: UInt8, _ body: [UInt8]) -> [UInt8] {
            let payload = Array("ICC_PROFILE".utf8) + [0, sequence, total] + body
            let length = payload.count + 2
            return [0xFF, 0xE2, UInt8(length >> 8), UInt8(length & 0xFF)] + payload
        }
        let start: [UInt8] = [0xFF, 0xD8], scan: [UInt8] = [0xFF, 0xDA, 0, 2]
        #expect(JPEGMetadata(start + app2(2, 2, [3, 4]) + app2(1, 2, [1, 2]) + scan).iccProfile == [1, 2, 3, 4])
        #expect(JPEGMetadata(start + app2(1, 2, [1, 2]) + scan).iccProfile == nil)
        #expect(JPEGMetadata(start + app2(1, 2, [1, 2]) + app2(1, 2, [3, 4]) + scan).iccProfile == nil)
        #expect(JPEGMetadata(start + app2(1, 1, [1]) + [0xFF, 0xE2, 0x40, 0x00]).iccProfile == [1])
    }
}
