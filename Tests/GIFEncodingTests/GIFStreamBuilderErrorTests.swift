@testable import GIFEncoding
import GIFTestSupport
import Palette
@testable import Raster
import Testing

@Suite enum GIFStreamBuilderErrorTests {
    static let palette = [RGB8(0, 0, 0), RGB8(255, 255, 255), RGB8(255, 0, 0)]
    static let rect = PixelRect(x: 0, y: 0, width: 4, height: 4)

    static func frame(_ indices: [UInt8]? = nil, rect: PixelRect = rect, transparentIndex: Int? = nil) -> GIFFrame {
        GIFFrame(rect: rect, indices: indices ?? [UInt8](repeating: 1, count: rect.area),
                 delayCentiseconds: 5, transparentIndex: transparentIndex)
    }

    @Test static func invalidFramesAreRefusedBeforeAnythingIsWritten() throws {
        let builder = try GIFStreamBuilder(width: 4, height: 4, globalPalette: palette)
        let screen = builder.takeParts()
        let cases: [(GIFFrame, String)] = [
            (frame([UInt8](repeating: 3, count: 16)), "index 3 is outside the 3-colour palette"),
            (frame([1, 1]), "2 indices for a 4x4 rectangle"),
            (frame(rect: PixelRect(x: 2, y: 0, width: 4, height: 4)), "rectangle 4x4+2+0 is outside the 4x4 screen"),
            (frame(rect: PixelRect(x: 0, y: 0, width: 0, height: 4)), "rectangle 0x4+0+0 is empty"),
            (frame(transparentIndex: 3), "transparent index 3 is outside the 3-colour palette"),
        ]
        for (bad, problem) in cases {
            #expect(throws: GIFEncodingError.invalidInput(context: "GIF frame 0", problem: problem)) { try builder.addFrame(bad) }
        }
        #expect(builder.takeParts().isEmpty)
        // The builder is still usable after refusing input.
        try builder.addFrame(frame())
        try builder.finish()
        #expect(try GIFReader(bytes: GIFStreamWriter.bytes(of: screen + builder.takeParts())).frames.count == 1)
    }

    @Test static func invalidScreensAreRefused() {
        #expect(throws: GIFEncodingError.invalidInput(context: "GIF screen", problem: "size 0 x 4 is outside 1 ... 65535")) {
            try GIFStreamBuilder(width: 0, height: 4, globalPalette: palette)
        }
        let tooMany = [RGB8](repeating: RGB8(1, 1, 1), count: 257)
        #expect(throws: GIFEncodingError.invalidInput(context: "GIF screen", problem: "global palette has 257 colours, not 1 ... 256")) {
            try GIFStreamBuilder(width: 4, height: 4, globalPalette: tooMany)
        }
    }

    @Test static func framesNeedSomePalette() throws {
        let builder = try GIFStreamBuilder(width: 4, height: 4, globalPalette: nil)
        #expect(throws: GIFEncodingError.invalidInput(context: "GIF frame 0", problem: "no local palette and the GIF has no global one")) {
            try builder.addFrame(frame())
        }
        var withLocal = frame()
        withLocal.localPalette = palette
        try builder.addFrame(withLocal)
        #expect(builder.frameCount == 1)
    }

    @Test static func nothingIsAddedAfterTheTrailer() throws {
        let builder = try GIFStreamBuilder(width: 4, height: 4, globalPalette: palette)
        try builder.addFrame(frame())
        try builder.finish()
        #expect(throws: GIFEncodingError.invalidInput(context: "GIF writer", problem: "finish() was already called")) {
            try builder.finish()
        }
        #expect(throws: GIFEncodingError.invalidInput(context: "GIF frame 1", problem: "the GIF was already finished")) {
            try builder.addFrame(frame())
        }
        let parts = builder.takeParts()
        #expect(parts.last == .end)
        let bytes = try GIFStreamWriter.bytes(of: parts)
        #expect(bytes.last == 0x3B)
        #expect(try GIFReader(bytes: bytes).frames.count == 1)
    }
}
