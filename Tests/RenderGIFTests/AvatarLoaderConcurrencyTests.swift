import Foundation
import ImageCodecs
@testable import Raster
import Testing
@testable import RenderGIF

/// Pictures decoded on both cores at once give the same images, and the same error, as
/// pictures decoded one after the other.
@Suite enum AvatarLoaderConcurrencyTests {
    /// A `width` x `height` opaque PNG of one colour in a fresh temporary file.
    static func picture(width: Int, height: Int, color: (UInt8, UInt8, UInt8)) throws -> String {
        let path = NSTemporaryDirectory() + "render-gif-avatar-concurrency-\(UUID().uuidString).png"
        let image = RGBAImage(width: width, height: height, filledWith: (color.0, color.1, color.2, 255)).unpremultiplied()
        try PNGEncoder.encode(image).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// A file that is no picture at all, `bytes` long.
    static func damagedFile(bytes: Int = 13) throws -> String {
        let path = NSTemporaryDirectory() + "render-gif-avatar-concurrency-\(UUID().uuidString).png"
        try Data(repeating: UInt8(ascii: "x"), count: bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test static func concurrentDecodingGivesTheSameImagesInTheSameOrder() throws {
        let paths = try [
            picture(width: 300, height: 200, color: (200, 100, 50)),
            picture(width: 120, height: 120, color: (10, 20, 30)),
            picture(width: 90, height: 160, color: (40, 200, 90)),
        ]
        defer { for path in paths { try? FileManager.default.removeItem(atPath: path) } }
        var settings = Animation()
        settings.headImage = .file(paths[0])
        settings.avatarImages[0] = .file(paths[1])
        settings.avatarImages[2] = .file(paths[2])
        let together = try AvatarLoader.images(for: settings, concurrently: true)
        let alone = try AvatarLoader.images(for: settings, concurrently: false)
        #expect(together.head == alone.head)
        #expect(together.buttons == alone.buttons)
        // Each picture lands in its own place: the head's colour, then the buttons' in order
        // (buttons 1 and 3 keep the built-in pictures).
        #expect(Array(together.head.pixels[0 ..< 4]) == [200, 100, 50, 255])
        #expect(Array(together.buttons[0].pixels[0 ..< 4]) == [10, 20, 30, 255])
        #expect(Array(together.buttons[2].pixels[0 ..< 4]) == [40, 200, 90, 255])
        #expect(together.buttons[1] == (try AvatarLoader.builtIn(DefaultAvatarData.button2, name: "2")).premultiplied())
    }

    @Test static func theBuiltInPicturesDecodedAtOnceLandInTheirPlaces() throws {
        var settings = Animation()
        settings.buttonCount = 6
        let together = try AvatarLoader.images(for: settings, concurrently: true)
        let alone = try AvatarLoader.images(for: settings, concurrently: false)
        #expect(together.head == alone.head)
        #expect(together.buttons == alone.buttons)
        // Each its own picture: the head's, then the four buttons' in order, then again.
        #expect(together.head == (try AvatarLoader.builtIn(DefaultAvatarData.head, name: "myHead")).premultiplied())
        let builtIn = try AvatarLoader.defaultButtons.enumerated().map { number, data in
            try AvatarLoader.builtIn(data, name: "\(number + 1)").premultiplied()
        }
        #expect(together.buttons == builtIn + builtIn.prefix(2))
    }

    @Test static func theFirstFailingPictureInOrderIsTheOneReported() throws {
        let good = try picture(width: 50, height: 50, color: (1, 2, 3))
        // The second damaged file is the larger, so on two cores it is decoded first.
        let firstBad = try damagedFile(), secondBad = try damagedFile(bytes: 5_000)
        defer { for path in [good, firstBad, secondBad] { try? FileManager.default.removeItem(atPath: path) } }
        var settings = Animation()
        settings.headImage = .file(good)
        settings.avatarImages[1] = .file(firstBad)
        settings.avatarImages[3] = .file(secondBad)
        for concurrently in [true, false] {
            do {
                _ = try AvatarLoader.images(for: settings, concurrently: concurrently)
                Issue.record("a damaged picture was decoded")
            } catch {
                #expect(error.description.contains(firstBad), "\(error.description)")
                #expect(!error.description.contains(secondBad))
            }
        }
    }

    @Test static func theLargestFilesAreDecodedFirst() throws {
        let small = try damagedFile(bytes: 10), large = try damagedFile(bytes: 3_000)
        let middle = try damagedFile(bytes: 700), alsoMiddle = try damagedFile(bytes: 700)
        defer { for path in [small, large, middle, alsoMiddle] { try? FileManager.default.removeItem(atPath: path) } }
        let pixels = try Picture(width: 2, height: 2, rgba: [UInt8](repeating: 9, count: 16))
        let pictures: [Picture?] = [.file(small), nil, .file(middle), pixels, .file(large), .file(alsoMiddle),
                                    .file(small + ".missing")]
        // Files by size, ties in order; then what needs no file (and a file that is not there)
        // in order.
        #expect(AvatarLoader.largestFirst(pictures) == [4, 2, 5, 0, 1, 3, 6])
    }
}
