@testable import GIFEncoding
import GIFTestSupport
import Palette
@testable import Raster
import Testing

/// What a browser shows for each disposal method, worked out by hand on a 4 x 1 screen.
@Suite enum GIFCompositorTests {
    static let clear: [UInt8] = [0, 0, 0, 0]
    static let red: [UInt8] = [255, 0, 0, 255]
    static let green: [UInt8] = [0, 255, 0, 255]
    static let blue: [UInt8] = [0, 0, 255, 255]

    @Test static func disposalMethodsAndTransparency() throws {
        let palette = [RGB8(255, 255, 255), RGB8(255, 0, 0), RGB8(0, 255, 0), RGB8(0, 0, 255)]
        let writer = try GIFStreamBuilder(width: 4, height: 1, globalPalette: palette)
        // 0: all red, kept.
        try writer.addFrame(GIFFrame(rect: PixelRect(x: 0, y: 0, width: 4, height: 1), indices: [1, 1, 1, 1],
                                     delayCentiseconds: 10, disposal: .keep))
        // 1: green at x=1, a transparent pixel at x=2; afterwards restore what was there.
        try writer.addFrame(GIFFrame(rect: PixelRect(x: 1, y: 0, width: 2, height: 1), indices: [2, 0],
                                     delayCentiseconds: 10, disposal: .restorePrevious, transparentIndex: 0))
        // 2: blue at x=0; afterwards clear it to transparent.
        try writer.addFrame(GIFFrame(rect: PixelRect(x: 0, y: 0, width: 1, height: 1), indices: [3],
                                     delayCentiseconds: 10, disposal: .restoreBackground))
        // 3: green at x=3, unspecified disposal.
        try writer.addFrame(GIFFrame(rect: PixelRect(x: 3, y: 0, width: 1, height: 1), indices: [2],
                                     delayCentiseconds: 10, disposal: .unspecified))
        try writer.finish()

        let shown = try GIFReader(bytes: GIFStreamWriter.bytes(of: writer.takeParts())).compositedFrames().map(\.pixels)
        #expect(shown == [
            red + red + red + red,
            red + green + red + red,
            blue + red + red + red,
            clear + red + red + green,
        ])
    }

    @Test static func theScreenStartsTransparent() throws {
        let writer = try GIFStreamBuilder(width: 3, height: 2, globalPalette: [RGB8(10, 20, 30), RGB8(0, 0, 0)])
        try writer.addFrame(GIFFrame(rect: PixelRect(x: 1, y: 1, width: 1, height: 1), indices: [0], delayCentiseconds: 3))
        try writer.finish()
        let frames = try GIFReader(bytes: GIFStreamWriter.bytes(of: writer.takeParts())).compositedFrames()
        let expected = [UInt8](repeating: 0, count: 16) + [10, 20, 30, 255] + [0, 0, 0, 0]
        #expect(frames.map(\.pixels) == [expected])
        #expect(frames.first?.isPremultiplied == false)
    }
}
