import Foundation
@testable import RenderGIF
import Testing

/// A reviewed render pinned by its bytes: a small animation (160 x 200 px, two taps; set in
/// code as `TestSupport.small`) and its frame 12, mid-way through the first move. When pinned,
/// the GIF was decoded by ffmpeg and by Pillow (90 images, idle frames carrying refinements of
/// still tiles; 1.8 s, looping forever) and frame 12 of both was looked at beside the RGBA
/// frame: the head slides from button 0 towards button 1 on its blue copy, the arc and the
/// green borders are crisp, the decoded picture is 49.1 dB from the frame (worst channel error
/// 34, on the sliding photo's edge). A change of these bytes must be reviewed the same way
/// before the hashes are updated.
@Suite enum GoldenRenderTests {
    static let gifSHA256 = "35ccfeed004023feb6d3a2114f9193026d5f4b7c771964c13c92b9f83e75f6a7"
    static let frame12SHA256 = "430cca9860afea9cf64d2b4f9693bc0a56b30d1da221df727b8ccf53586b83b8"

    @Test static func theSmallAnimationHasItsReviewedBytes() throws {
        let folder = try TestSupport.temporaryFolder("golden")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let report = try TestSupport.small.render(to: folder + "/small.gif", framesFolder: folder + "/frames")
        #expect(report.frameCount == 90)
        let gif = Array(try Data(contentsOf: URL(fileURLWithPath: folder + "/small.gif")))
        let frame = Array(try Data(contentsOf: URL(fileURLWithPath: folder + "/frames/frame-00012.png")))
        #expect(SHA256.hex(gif) == gifSHA256)
        #expect(SHA256.hex(frame) == frame12SHA256)
    }

    @Test static func theHashIsSHA256() {
        // FIPS 180-4 examples.
        #expect(SHA256.hex(Array("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(SHA256.hex([]) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        let long = Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)
        #expect(SHA256.hex(long) == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    }
}
