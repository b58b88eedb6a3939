import ImageCodecs
import Palette
import Raster
import Testing

/// A sink that accepts `capacity` bytes and then fails like a full disk.
final class FailingSink: ByteSink {
    private let capacity: Int
    private(set) var accepted = 0

    init(capacity: Int) {
        self.capacity = capacity
    }

    func write(_ bytes: UnsafeRawBufferPointer) throws(ImageCodecError) {
        guard accepted + bytes.count <= capacity else {
            throw .unwritable(path: "test sink", reason: "No space left on device")
        }
        accepted += bytes.count
    }
}

@Suite enum GIFWriterErrorTests {
    static let palette = [RGB8(0, 0, 0), RGB8(255, 255, 255), RGB8(255, 0, 0)]
    static let rect = PixelRect(x: 0, y: 0, width: 4, height: 4)

    static func frame(_ indices: [UInt8]? = nil, rect: PixelRect = rect, transparentIndex: Int? = nil) -> GIFFrame {
        GIFFrame(rect: rect, indices: indices ?? [UInt8](repeating: 1, count: rect.area),
                 delayCentiseconds: 5, transparentIndex: transparentIndex)
    }

    @Test static func sinkErrorsComeBackUnchanged() throws {
        let full = ImageCodecError.unwritable(path: "test sink", reason: "No space left on device")
        // Fails while writing the header.
        #expect(throws: full) { try GIFWriter(sink: FailingSink(capacity: 5), width: 4, height: 4, globalPalette: palette) }
        // Fails in the middle of a frame; the writer then refuses to go on.
        let writer = try GIFWriter(sink: FailingSink(capacity: 60), width: 4, height: 4, globalPalette: palette)
        #expect(throws: full) { try writer.addFrame(frame()) }
        #expect(throws: full) { try writer.addFrame(frame()) }
        #expect(throws: full) { try writer.finish() }
    }

    @Test static func trailerWriteFailureIsReported() throws {
        let counter = ByteCountingSink()
        let probe = try GIFWriter(sink: counter, width: 4, height: 4, globalPalette: palette)
        try probe.addFrame(frame())
        let withoutTrailer = counter.count
        let writer = try GIFWriter(sink: FailingSink(capacity: withoutTrailer), width: 4, height: 4, globalPalette: palette)
        try writer.addFrame(frame())
        #expect(throws: ImageCodecError.unwritable(path: "test sink", reason: "No space left on device")) {
            try writer.finish()
        }
    }

    @Test static func invalidFramesAreRefusedBeforeAnythingIsWritten() throws {
        let sink = MemoryByteSink()
        let writer = try GIFWriter(sink: sink, width: 4, height: 4, globalPalette: palette)
        let headerBytes = sink.bytes.count
        let cases: [(GIFFrame, String)] = [
            (frame([UInt8](repeating: 3, count: 16)), "index 3 is outside the 3-colour palette"),
            (frame([1, 1]), "2 indices for a 4x4 rectangle"),
            (frame(rect: PixelRect(x: 2, y: 0, width: 4, height: 4)), "rectangle 4x4+2+0 is outside the 4x4 screen"),
            (frame(rect: PixelRect(x: 0, y: 0, width: 0, height: 4)), "rectangle 0x4+0+0 is empty"),
            (frame(transparentIndex: 3), "transparent index 3 is outside the 3-colour palette"),
        ]
        for (bad, problem) in cases {
            #expect(throws: ImageCodecError.invalidInput(context: "GIF frame 0", problem: problem)) { try writer.addFrame(bad) }
        }
        #expect(sink.bytes.count == headerBytes)
        // The writer is still usable after refusing input.
        try writer.addFrame(frame())
        try writer.finish()
        #expect(try GIFReader(bytes: sink.bytes).frames.count == 1)
    }

    @Test static func invalidScreensAreRefused() {
        #expect(throws: ImageCodecError.invalidInput(context: "GIF screen", problem: "size 0 x 4 is outside 1 ... 65535")) {
            try GIFWriter(sink: MemoryByteSink(), width: 0, height: 4, globalPalette: palette)
        }
        let tooMany = [RGB8](repeating: RGB8(1, 1, 1), count: 257)
        #expect(throws: ImageCodecError.invalidInput(context: "GIF screen", problem: "global palette has 257 colours, not 1 ... 256")) {
            try GIFWriter(sink: MemoryByteSink(), width: 4, height: 4, globalPalette: tooMany)
        }
    }

    @Test static func framesNeedSomePalette() throws {
        let writer = try GIFWriter(sink: MemoryByteSink(), width: 4, height: 4, globalPalette: nil)
        #expect(throws: ImageCodecError.invalidInput(context: "GIF frame 0", problem: "no local palette and the GIF has no global one")) {
            try writer.addFrame(frame())
        }
        var withLocal = frame()
        withLocal.localPalette = palette
        try writer.addFrame(withLocal)
        #expect(writer.frameCount == 1)
    }

    @Test static func abandonedWritersWriteNothingMore() throws {
        let sink = MemoryByteSink()
        do {
            let writer = try GIFWriter(sink: sink, width: 4, height: 4, globalPalette: palette)
            try writer.addFrame(frame())
        }
        // No trailer (0x3B) was emitted when the writer went away unfinished.
        #expect(sink.bytes.last != 0x3B)
        #expect(throws: ImageCodecError.self) { try GIFReader(bytes: sink.bytes) }
    }
}
