import Foundation
import ImageCodecs
@testable import Raster
import Testing

/// Committed JPEG files written by another encoder (Pillow, see scripts/make-test-files),
/// read from disk through `ImageFile.load`: the four quadrant colours come back within
/// JPEG's tolerance.
@Suite enum JPEGFileTests {
    static func path(_ name: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Files/\(name)").path
    }

    @Test(arguments: ["quadrants-baseline.jpg", "quadrants-progressive.jpg"])
    static func committedFileDecodes(name: String) throws {
        let image = try ImageFile.load(path: path(name))
        JPEGDecoderTests.expectQuadrants(image, grey: false, tolerance: 6)
    }
}
