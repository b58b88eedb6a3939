import Foundation
@testable import ImageCodecs
@testable import Raster
import SharedTestSupport
import Testing

/// Pictures tagged with a Display P3 or Adobe RGB profile (written by Pillow, see
/// scripts/make-test-files) decode to the sRGB values Pillow's ImageCms computes for them,
/// within 2 levels; a PNG marked sRGB, or with no profile, keeps its values.
@Suite enum ColorProfileTests {
    static func path(_ name: String) -> String { PictureOrientationTests.path(name) }

    /// The largest difference in R, G or B between two straight images of one size.
    static func largestDifference(_ a: RGBAImage, _ b: RGBAImage) -> Int {
        precondition(a.width == b.width && a.height == b.height)
        var worst = 0
        for i in stride(from: 0, to: a.pixels.count, by: 4) {
            for c in 0 ..< 3 { worst = max(worst, abs(Int(a.pixels[i + c]) - Int(b.pixels[i + c]))) }
        }
        return worst
    }

    @Test(arguments: ["display-p3", "adobe-rgb"], ["png", "jpg"])
    static func taggedPicturesBecomeSRGB(space: String, format: String) throws {
        let image = try ImageFile.load(path: path("\(space)-patches.\(format)"))
        let expected = try ImageFile.load(path: path("\(space)-patches-\(format)-expected.png"))
        #expect(image.width == 32 && image.height == 32)
        #expect(largestDifference(image, expected) <= 2)
        // And the conversion did something: the stored values are far from sRGB's.
        let untagged = try ImageFile.decode(Self.withoutProfile(try TestFiles.contents(of: path("\(space)-patches.png"))),
                                            path: "untagged.png")
        #expect(largestDifference(untagged, expected) > 10)
    }

    @Test static func displayP3GreenMatchesTheWorkedExample() throws {
        // Patch 0 holds P3 (80, 160, 80), which shows as about (38, 162, 69) in sRGB.
        let image = try ImageFile.load(path: path("display-p3-patches.png"))
        let got = (0 ..< 3).map { Int(image.pixels[(4 * 32 + 4) * 4 + $0]) }
        #expect(zip(got, [38, 162, 69]).allSatisfy { abs($0 - $1) <= 1 }, "\(got)")
    }

    @Test static func anSRGBChunkWinsOverAProfile() throws {
        // The P3 file with an sRGB chunk added before its iCCP: the values are sRGB already.
        let bytes = try TestFiles.contents(of: path("display-p3-patches.png"))
        let marked = Self.inserting(chunk: "sRGB", data: [0], into: bytes)
        let image = try ImageFile.decode(marked, path: "marked.png")
        let plain = try ImageFile.decode(Self.withoutProfile(bytes), path: "plain.png")
        #expect(image == plain)
    }

    /// The PNG `bytes` with every iCCP chunk left out.
    static func withoutProfile(_ bytes: [UInt8]) -> [UInt8] {
        var out = Array(bytes[0 ..< 8]), at = 8
        while at + 12 <= bytes.count {
            let length = Int(bytes[at]) << 24 | Int(bytes[at + 1]) << 16 | Int(bytes[at + 2]) << 8 | Int(bytes[at + 3])
            let type = String(decoding: bytes[(at + 4) ..< (at + 8)], as: UTF8.self)
            if type != "iCCP" { out += bytes[at ..< (at + 12 + length)] }
            at += 12 + length
        }
        return out
    }

    /// The PNG `bytes` with a chunk of `type` and `data` inserted right after IHDR.
    static func inserting(chunk type: String, data: [UInt8], into bytes: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        let crc = TestSupport.crc32(body)
        let length = UInt32(data.count)
        let chunk = [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: length >> $0) } + body
            + [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: crc >> $0) }
        return Array(bytes[0 ..< 33]) + chunk + Array(bytes[33...])
    }
}
