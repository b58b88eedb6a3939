import SharedTestSupport
import Testing
@testable import Raster

@Suite enum PremultiplicationTests {
    @Test static func opaqueRoundTripIsExact() {
        var generator = SeededGenerator(seed: 9)
        var bytes = [UInt8](repeating: 255, count: 64 * 4)
        for i in bytes.indices where i % 4 != 3 { bytes[i] = UInt8(truncatingIfNeeded: generator.next()) }
        let straight = RGBAImage(width: 8, height: 8, pixels: bytes, isPremultiplied: false)
        let premultiplied = straight.premultiplied()
        #expect(premultiplied.isPremultiplied)
        #expect(premultiplied.pixels == bytes)
        #expect(premultiplied.unpremultiplied() == straight)
    }

    @Test static func handComputedValues() {
        // 200·128/255 = 100.39, 100·128/255 = 50.20, 50·128/255 = 25.10.
        let straight = RGBAImage(width: 2, height: 1, pixels: [200, 100, 50, 128, 9, 9, 9, 0], isPremultiplied: false)
        #expect(straight.premultiplied().pixels == [100, 50, 25, 128, 0, 0, 0, 0])
        // 100·255/128 = 199.2, 50·255/128 = 99.6, 25·255/128 = 49.8; a tie (1·255/2 = 127.5) rounds up;
        // an over-bright value is clamped; transparent pixels become zero.
        let premultiplied = RGBAImage(width: 3, height: 1, pixels: [100, 50, 25, 128, 1, 0, 2, 2, 9, 9, 9, 0],
                                      isPremultiplied: true)
        #expect(premultiplied.unpremultiplied().pixels == [199, 100, 50, 128, 128, 0, 255, 2, 0, 0, 0, 0])
        #expect(!premultiplied.unpremultiplied().isPremultiplied)
    }

    @Test static func conversionsAreIdentityWhenAlreadyInThatForm() {
        let image = RGBAImage(width: 1, height: 1, pixels: [100, 50, 25, 128], isPremultiplied: true)
        #expect(image.premultiplied() == image)
        let straight = RGBAImage(width: 1, height: 1, pixels: [100, 50, 25, 128], isPremultiplied: false)
        #expect(straight.unpremultiplied() == straight)
    }
}
