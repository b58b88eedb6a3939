import Foundation
import ImageCodecs
@testable import Raster
import Testing
@testable import RenderGIF

/// A file shown on several layers is decoded once, and every layer still gets its own picture.
@Suite enum AvatarLoaderSharingTests {
    @Test static func eachPathIsDecodedAtItsFirstUse() {
        #expect(AvatarLoader.firstUses(["a", "b", "a", nil, "a", nil, "b"]) == [0, 1, 0, 3, 0, 5, 1])
        #expect(AvatarLoader.firstUses([nil, nil]) == [0, 1])
        #expect(AvatarLoader.firstUses([]) == [])
    }

    @Test(arguments: [true, false])
    static func sharedFilesLandOnEveryLayerThatShowsThem(concurrently: Bool) throws {
        let first = try AvatarLoaderConcurrencyTests.picture(width: 300, height: 200, color: (200, 100, 50))
        let second = try AvatarLoaderConcurrencyTests.picture(width: 120, height: 160, color: (10, 20, 30))
        defer { for path in [first, second] { try? FileManager.default.removeItem(atPath: path) } }
        var settings = Animation()
        settings.headImage = .file(first)
        settings.avatarImages[0] = .file(second)
        settings.avatarImages[1] = .file(first)
        settings.avatarImages[2] = .file(second)
        let images = try AvatarLoader.images(for: settings, concurrently: concurrently)

        var alone = Animation()
        alone.headImage = .file(first)
        alone.avatarImages[0] = .file(second)
        let separately = try AvatarLoader.images(for: alone, concurrently: concurrently)
        #expect(images.head == separately.head && images.buttons[1] == separately.head)
        #expect(images.buttons[0] == separately.buttons[0] && images.buttons[2] == separately.buttons[0])
        #expect(Array(images.buttons[1].pixels[0 ..< 4]) == [200, 100, 50, 255])
        #expect(Array(images.buttons[2].pixels[0 ..< 4]) == [10, 20, 30, 255])
        #expect(images.buttons[3] == (try AvatarLoader.builtIn(DefaultAvatarData.button4, name: "4")).premultiplied())
    }

    @Test static func aSharedDamagedFileIsReportedOnce() throws {
        let bad = try AvatarLoaderConcurrencyTests.damagedFile()
        defer { try? FileManager.default.removeItem(atPath: bad) }
        var settings = Animation()
        settings.avatarImages[1] = .file(bad)
        settings.avatarImages[3] = .file(bad)
        #expect(throws: ImageCodecError.self) { try AvatarLoader.images(for: settings, concurrently: true) }
        do {
            _ = try AvatarLoader.images(for: settings, concurrently: true)
        } catch {
            #expect(error.description.components(separatedBy: bad).count == 2, "\(error.description)")
        }
    }
}
