import Foundation
@testable import ImageCodecs
@testable import Raster
import Testing

/// The HEIF, AVIF, WebP and GIF pictures in Files/Pictures (made by scripts/make-picture-files
/// with the formats' own encoders) and what they show.
enum PictureFiles {
    /// The quadrant picture's colours: top left, top right, bottom left, bottom right.
    static let colours: [[Int]] = [[200, 40, 40], [40, 180, 60], [50, 60, 200], [230, 230, 230]]
    /// The opacity of each quadrant of alpha.*.
    static let alphas = [255, 128, 0, 200]
    /// The sixteen colour patches (8 x 8 pixels each, four to a row) of the colour pictures,
    /// as stored (make-test-files' patch colours).
    static let patches: [[Int]] = [[80, 160, 80], [255, 0, 0], [0, 255, 0], [0, 0, 255], [255, 255, 0], [0, 255, 255],
                                   [255, 0, 255], [128, 128, 128], [20, 20, 20], [240, 240, 240], [200, 120, 60],
                                   [60, 90, 200], [250, 200, 180], [30, 120, 110], [180, 30, 90], [255, 255, 255]]

    static func path(_ name: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Files/Pictures/\(name)").path
    }

    /// The older fixtures beside the picture folder (the PNG colour expectations).
    static func filesPath(_ name: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Files/\(name)").path
    }

    static func load(_ name: String, fit: PictureFit? = nil, limits: ImageLimits = .default) throws -> RGBAImage {
        try ImageFile.load(path: path(name), limits: limits, fit: fit)
    }

    /// The four samples of the pixel at (x, y).
    static func pixel(_ image: RGBAImage, _ x: Int, _ y: Int) -> [Int] {
        let at = (y * image.width + x) * 4
        return (0 ..< 4).map { Int(image.pixels[at + $0]) }
    }

    /// Expects the pixel at (x, y) to be `colour` (three or four samples) within `tolerance`.
    static func expect(_ image: RGBAImage, _ x: Int, _ y: Int, _ colour: [Int], tolerance: Int, _ label: String,
                       sourceLocation: SourceLocation = #_sourceLocation) {
        let got = pixel(image, x, y)
        #expect(zip(got, colour).allSatisfy { abs($0 - $1) <= tolerance },
                "\(label): (\(x),\(y)) is \(got), not \(colour) (within \(tolerance))", sourceLocation: sourceLocation)
    }

    /// Expects the upright quadrant picture at `width` x `height`, sampled at each quadrant's centre.
    static func expectQuadrants(_ image: RGBAImage, width: Int, height: Int, tolerance: Int, _ label: String,
                                sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(image.width == width && image.height == height, "\(label): \(image.width) x \(image.height)",
                sourceLocation: sourceLocation)
        guard image.width == width, image.height == height else { return }
        for (quadrant, colour) in colours.enumerated() {
            let x = (quadrant % 2) * width / 2 + width / 4, y = (quadrant / 2) * height / 2 + height / 4
            expect(image, x, y, colour + [255], tolerance: tolerance, "\(label) quadrant \(quadrant)",
                   sourceLocation: sourceLocation)
        }
    }

    /// Expects the 32 x 32 patch picture with each patch's centre at `expected[i]`.
    static func expectPatches(_ image: RGBAImage, _ expected: [[Int]], tolerance: Int, _ label: String,
                              sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(image.width == 32 && image.height == 32, "\(label): \(image.width) x \(image.height)",
                sourceLocation: sourceLocation)
        guard image.width == 32, image.height == 32 else { return }
        for (index, colour) in expected.enumerated() {
            expect(image, (index % 4) * 8 + 4, (index / 4) * 8 + 4, colour, tolerance: tolerance, "\(label) patch \(index)",
                   sourceLocation: sourceLocation)
        }
    }

    /// The patch centres of a 32 x 32 picture decoded by the (separately tested) PNG decoder.
    static func patchCentres(ofPNG name: String) throws -> [[Int]] {
        let image = try ImageFile.load(path: filesPath(name))
        return (0 ..< 16).map { Array(pixel(image, ($0 % 4) * 8 + 4, ($0 / 4) * 8 + 4).prefix(3)) }
    }
}
