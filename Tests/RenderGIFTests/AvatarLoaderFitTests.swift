import Foundation
import ImageCodecs
@testable import Raster
import Testing
@testable import RenderGIF

/// A user's picture is decoded for the layer it fills: diameter x scale pixels, with the
/// render's gravity; the built-in pictures keep their full size.
@Suite enum AvatarLoaderFitTests {
    /// A 300 x 200 opaque PNG in a fresh temporary file.
    static func widePicture() throws -> String {
        let path = NSTemporaryDirectory() + "render-gif-avatar-fit-\(UUID().uuidString).png"
        let image = RGBAImage(width: 300, height: 200, filledWith: (200, 100, 50, 255)).unpremultiplied()
        try PNGEncoder.encode(image).write(to: URL(fileURLWithPath: path))
        return path
    }

    static func head(scale: Int, diameter: Double, gravity: ContentsGravity, path: String?) throws -> RGBAImage {
        var settings = Animation()
        settings.scale = scale
        settings.buttonDiameter = diameter
        settings.contentGravity = gravity
        settings.headImage = path.map(Picture.file)
        return try AvatarLoader.images(for: settings).head
    }

    @Test static func picturesShrinkToTheLayerTheyFill() throws {
        let path = try widePicture()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let stretched = try head(scale: 2, diameter: 50, gravity: .resize, path: path)
        #expect(stretched.width == 100 && stretched.height == 100)
        let filled = try head(scale: 2, diameter: 50, gravity: .resizeAspectFill, path: path)
        #expect(filled.width == 150 && filled.height == 100)
        let small = try head(scale: 1, diameter: 30, gravity: .resizeAspectFill, path: path)
        #expect(small.width == 45 && small.height == 30)
        // Every pixel of a flat picture keeps its colour through the area filter.
        #expect(Set(stride(from: 0, to: small.pixels.count, by: 4).map { small.pixels[$0 ..< $0 + 4] }).count == 1)
        #expect(Array(small.pixels[0 ..< 4]) == [200, 100, 50, 255])
        // A layer larger than the picture leaves it whole.
        let whole = try head(scale: 4, diameter: 100, gravity: .resizeAspectFill, path: path)
        #expect(whole.width == 300 && whole.height == 200)
    }

    @Test static func builtInPicturesKeepTheirSize() throws {
        let builtIn = try head(scale: 1, diameter: 50, gravity: .resize, path: nil)
        #expect(builtIn.width == 256 && builtIn.height == 256)
    }
}
