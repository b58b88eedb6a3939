import Foundation
@testable import ImageCodecs
@testable import Raster
import SharedTestSupport
import Testing

/// Stray bytes between JPEG marker segments, which many cameras write and libjpeg steps over,
/// hide nothing: the orientation, the colour profile and the frame size after them still count,
/// so the picture decodes exactly as the same file without them.
@Suite enum StrayMarkerBytesTests {
    /// Committed files and the marker of a segment the stray bytes are put in front of:
    /// APP1 Exif (orientation 6), APP2 ICC (Display P3) and SOF0 (the frame size) of each.
    static let placements: [(file: String, marker: UInt8)] = [
        ("orientation-6.jpg", 0xE1), ("orientation-6.jpg", 0xC0),
        ("display-p3-patches.jpg", 0xE2), ("display-p3-patches.jpg", 0xC0),
    ]
    /// Stray bytes, none of them a marker: plain garbage, and garbage holding a stuffed FF 00.
    static let strayBytes: [[UInt8]] = [[0x00, 0x5A, 0xC3, 0x00], [0x5A, 0xFF, 0x00, 0x21]]

    /// The offset of the first segment with `marker` in a well-formed JPEG, found by walking
    /// the segment lengths from SOI.
    static func offset(of marker: UInt8, in bytes: [UInt8]) -> Int? {
        var at = 2
        while at + 3 < bytes.count, bytes[at] == 0xFF, bytes[at + 1] != 0xDA {
            if bytes[at + 1] == marker { return at }
            at += 2 + (Int(bytes[at + 2]) << 8 | Int(bytes[at + 3]))
        }
        return nil
    }

    static func damaged(_ file: String, before marker: UInt8, stray: [UInt8]) throws -> (plain: [UInt8], damaged: [UInt8]) {
        let plain = try TestFiles.contents(of: PictureOrientationTests.path(file))
        let at = try #require(offset(of: marker, in: plain), "\(file) has no marker \(marker)")
        #expect(at > 2, "the stray bytes go between two segments, after another one")
        var damaged = plain
        damaged.insert(contentsOf: stray, at: at)
        return (plain, damaged)
    }

    @Test(arguments: placements, strayBytes)
    static func metadataAfterStrayBytesIsFound(placement: (file: String, marker: UInt8), stray: [UInt8]) throws {
        let (plain, damaged) = try damaged(placement.file, before: placement.marker, stray: stray)
        let want = JPEGMetadata(plain), got = JPEGMetadata(damaged)
        #expect(want.frameSize != nil && (want.exif != nil || want.iccProfile != nil))
        #expect(got.frameSize?.width == want.frameSize?.width && got.frameSize?.height == want.frameSize?.height)
        #expect(got.exif == want.exif)
        #expect(got.iccProfile == want.iccProfile)
    }

    @Test(arguments: placements, strayBytes)
    static func strayBytesDecodeAsTheUndamagedFile(placement: (file: String, marker: UInt8), stray: [UInt8]) throws {
        let (plain, damaged) = try damaged(placement.file, before: placement.marker, stray: stray)
        // libjpeg accepts the damaged file (its decoder runs inside JPEGDecoder), and the picture
        // comes out upright and converted exactly as the undamaged one does.
        let whole = try JPEGDecoder.decode(damaged, path: "stray.jpg")
        #expect(whole == (try JPEGDecoder.decode(plain, path: "plain.jpg")))
        if placement.file.hasPrefix("orientation") {
            PictureOrientationTests.expectUpright(whole, width: 32, height: 16, tolerance: 6, "stray bytes")
        }
        let fit = PictureFit(side: 8, preservesAspectRatio: true)
        let reduced = try JPEGDecoder.decode(damaged, path: "stray.jpg", fit: fit)
        #expect(reduced.width < whole.width && reduced.height < whole.height)
        #expect(reduced == (try JPEGDecoder.decode(plain, path: "plain.jpg", fit: fit)))
    }

    @Test static func strayBytesToTheEndStopTheWalk() {
        let start: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x04, 0x4A, 0x46]
        for tail: [UInt8] in [[0x00], [0x12, 0x34, 0x56], [0x12, 0xFF], [0x12, 0xFF, 0xFF, 0xFF], [0x12, 0xFF, 0x00], []] {
            let metadata = JPEGMetadata(start + tail)
            #expect(metadata.frameSize == nil && metadata.exif == nil && metadata.iccProfile == nil, "tail \(tail)")
            #expect(throws: ImageCodecError.self) { try ImageFile.decode(start + tail, path: "stray.jpg") }
        }
        // A frame header after the stray bytes is still read, one that runs past the end is not.
        let frame: [UInt8] = [0xFF, 0xC0, 0x00, 0x0B, 8, 0x00, 0x10, 0x00, 0x20, 1, 1, 0x11, 0]
        let found = JPEGMetadata(start + [0x12, 0x34] + frame).frameSize
        #expect(found?.width == 32 && found?.height == 16)
        #expect(JPEGMetadata(start + [0x12, 0x34] + frame.dropLast(2)).frameSize == nil)
    }
}
