import Foundation
@testable import Raster
import Testing
@testable import ImageCodecs

/// Pictures stored the way cameras store them, with each of the eight Exif orientations, by
/// another encoder (Pillow, see scripts/make-test-files): all decode upright, whole and
/// reduced for a layer.
@Suite enum PictureOrientationTests {
    /// The upright picture: 32 x 16, red and green above blue and white.
    static let colours: [[Int]] = [[200, 40, 40], [40, 180, 60], [50, 60, 200], [230, 230, 230]]

    static func path(_ name: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Files/\(name)").path
    }

    /// Checks the centre of each quadrant of an upright `width` x `height` picture.
    static func expectUpright(_ image: RGBAImage, width: Int, height: Int, tolerance: Int, _ label: String) {
        #expect(image.width == width && image.height == height, "\(label): \(image.width) x \(image.height)")
        guard image.width == width, image.height == height else { return }
        for (quadrant, colour) in colours.enumerated() {
            let x = (quadrant % 2) * width / 2 + width / 4, y = (quadrant / 2) * height / 2 + height / 4
            let offset = (y * width + x) * 4
            let got = (0 ..< 3).map { Int(image.pixels[offset + $0]) }
            #expect(zip(got, colour).allSatisfy { abs($0 - $1) <= tolerance },
                    "\(label): quadrant \(quadrant) at (\(x),\(y)) is \(got), not \(colour)")
        }
    }

    @Test(arguments: 1 ... 8, ["png", "jpg"])
    static func everyOrientationDecodesUpright(orientation: Int, format: String) throws {
        let name = "orientation-\(orientation).\(format)"
        let image = try ImageFile.load(path: path(name))
        expectUpright(image, width: 32, height: 16, tolerance: format == "png" ? 0 : 6, name)
    }

    @Test(arguments: 1 ... 8, ["png", "jpg"])
    static func everyOrientationReducesUpright(orientation: Int, format: String) throws {
        let name = "orientation-\(orientation).\(format)"
        // The shorter side fills an 8-pixel layer: 16 x 8, each quadrant 8 x 4 pixels.
        let image = try ImageFile.load(path: path(name), fit: PictureFit(side: 8, preservesAspectRatio: true))
        expectUpright(image, width: 16, height: 8, tolerance: format == "png" ? 0 : 6, name + " reduced")
    }

    @Test(arguments: ExifOrientation.allCases)
    static func sizesExchangeExactlyForTheQuarterTurns(orientation: ExifOrientation) {
        let size = orientation.exchangedSize(width: 3, height: 2)
        #expect(size == (orientation.rawValue >= 5 ? (2, 3) : (3, 2)))
    }
}
