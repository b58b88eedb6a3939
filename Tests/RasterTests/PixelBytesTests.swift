@testable import Raster
import Testing

/// Pixel buffers compared eight bytes at a time: equal exactly when every byte is.
@Suite enum PixelBytesTests {
    /// 8,203 bytes: two looks of 512 words (4,096 bytes) and part of a third, then three
    /// bytes after the last word.
    static let bytes = (0 ..< 8_203).map { (position: Int) in UInt8(truncatingIfNeeded: position &* 37 &+ 11) }

    @Test(arguments: [0, 7, 8, 4_095, 4_096, 8_191, 8_199, 8_200, 8_202])
    static func oneByteChangedAnywhereIsSeen(at position: Int) {
        var changed = bytes
        changed[position] ^= 0x40
        #expect(!PixelBytes.equal(bytes, changed))
        #expect(!PixelBytes.equal(changed, bytes))
        changed[position] ^= 0x40
        #expect(PixelBytes.equal(bytes, changed))
    }

    @Test static func buffersOfOtherLengthsDiffer() {
        #expect(!PixelBytes.equal(bytes, Array(bytes.dropLast())))
        #expect(!PixelBytes.equal([], [0]))
        #expect(PixelBytes.equal([], []))
        #expect(PixelBytes.equal(bytes, bytes))
    }

    @Test static func imagesAndCanvasesCompareSizeFlagAndBytes() {
        let pixels = Array(bytes.prefix(6 * 4 * 4))
        let image = RGBAImage(width: 6, height: 4, pixels: pixels, isPremultiplied: true)
        #expect(image == RGBAImage(width: 6, height: 4, pixels: pixels, isPremultiplied: true))
        // The same bytes as another shape, or not premultiplied, are another image.
        #expect(image != RGBAImage(width: 4, height: 6, pixels: pixels, isPremultiplied: true))
        #expect(image != RGBAImage(width: 6, height: 4, pixels: pixels, isPremultiplied: false))
        var changed = pixels
        changed[95] = changed[95] &+ 1
        #expect(image != RGBAImage(width: 6, height: 4, pixels: changed, isPremultiplied: true))

        let canvas = Canvas(image: image)
        #expect(canvas == Canvas(image: image))
        #expect(canvas.image == image)
        #expect(canvas != Canvas(image: RGBAImage(width: 4, height: 6, pixels: pixels, isPremultiplied: true)))
        #expect(canvas != Canvas(width: 6, height: 4))
    }
}
