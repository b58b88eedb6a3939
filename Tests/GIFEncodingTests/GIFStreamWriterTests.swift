@testable import GIFEncoding
import GIFFile
import GIFTestSupport
import Palette
@testable import Raster
import SafeFiles
import Testing

/// How the giflib writer turns the encoder's parts into a file: giflib's own code size byte,
/// refusals, and what reaches the sink when something fails.
@Suite enum GIFStreamWriterTests {
    static func palette(_ count: Int) -> [RGB8] {
        (0 ..< count).map { RGB8(UInt8($0), UInt8(255 - $0), 9) }
    }

    /// The parts of a one-image GIF whose image uses a table of `colors` colours, global or local.
    static func parts(colors: Int, local: Bool) throws -> [GIFStreamPart] {
        let builder = try GIFStreamBuilder(width: 5, height: 3, globalPalette: palette(local ? 3 : colors), loopCount: nil)
        let indices = (0 ..< 15).map { UInt8($0 % colors) }
        try builder.addFrame(GIFFrame(rect: PixelRect(x: 0, y: 0, width: 5, height: 3), indices: indices,
                                      localPalette: local ? palette(colors) : nil, delayCentiseconds: 4))
        try builder.finish()
        return builder.takeParts()
    }

    static func image(in parts: [GIFStreamPart]) throws -> EncodedGIFImage {
        for case let .image(image) in parts { return image }
        throw GIFEncodingError.invalidInput(context: "test", problem: "no image")
    }

    /// giflib writes the LZW minimum code size itself after the descriptor, from the table the
    /// image uses: its bits, at least 2. The encoder's code size is that number.
    @Test(arguments: [1, 2, 3, 4, 5, 8, 9, 16, 17, 32, 33, 64, 65, 128, 129, 255, 256])
    static func giflibWritesTheTablesCodeSize(colors: Int) throws {
        var bits = 1
        while 1 << bits < colors { bits += 1 }
        for local in [false, true] {
            let parts = try parts(colors: colors, local: local)
            let bytes = try GIFStreamWriter.bytes(of: parts)
            let globalEntries = local ? 4 : 1 << bits
            // Header 6, screen 7, global table, control block 8, descriptor 10, local table.
            let offset = 6 + 7 + 3 * globalEntries + 8 + 10 + (local ? 3 << bits : 0)
            #expect(Int(bytes[offset]) == max(2, bits))
            #expect(try image(in: parts).minimumCodeSize == max(2, bits))
            #expect(try GIFReader(bytes: bytes).frames.first?.indices == (0 ..< 15).map { UInt8($0 % colors) })
        }
    }

    @Test static func aCodeSizeThatDoesNotFitTheTableIsRefused() throws {
        let parts = try parts(colors: 16, local: false)
        let good = try image(in: parts)
        let bad = EncodedGIFImage(rect: good.rect, localPalette: nil, delayCentiseconds: 4, disposal: .keep, transparentIndex: nil,
                                  minimumCodeSize: 5, compressedData: good.compressedData)
        let sink = MemoryByteSink()
        let writer = try GIFStreamWriter(sink: sink)
        try writer.write(parts[0])
        let screen = sink.bytes
        let refusal = GIFFileError.invalidInput(
            context: "GIF image 0", problem: "LZW minimum code size 5 does not match its colour table, for which giflib writes 4")
        #expect(throws: refusal) { try writer.write(.image(bad)) }
        // Nothing of the refused image reaches the sink, and the writer stays stopped.
        #expect(sink.bytes == screen)
        #expect(throws: refusal) { try writer.write(.image(good)) }
    }

    @Test static func partsOutOfOrderAreRefused() throws {
        let parts = try parts(colors: 4, local: false)
        #expect(throws: GIFFileError.invalidInput(context: "GIF image 0", problem: "written before the screen")) {
            try GIFStreamWriter(sink: MemoryByteSink()).write(parts[1])
        }
        let writer = try GIFStreamWriter(sink: MemoryByteSink())
        try writer.write(parts)
        #expect(throws: GIFFileError.invalidInput(context: "GIF writer", problem: "the GIF was already finished")) {
            try writer.write(.end)
        }
        let twice = try GIFStreamWriter(sink: MemoryByteSink())
        try twice.write(parts[0])
        #expect(throws: GIFFileError.invalidInput(context: "GIF writer", problem: "the screen was already written")) {
            try twice.write(parts[0])
        }
    }

    /// A sink that fails after taking `capacity` bytes.
    final class FullSink: ByteSink {
        let capacity: Int
        let error: any Error
        var bytes: [UInt8] = []

        init(capacity: Int, error: any Error) {
            self.capacity = capacity
            self.error = error
        }

        func write(_ bytes: UnsafeRawBufferPointer) throws {
            guard self.bytes.count + bytes.count <= capacity else { throw error }
            self.bytes.append(contentsOf: bytes)
        }
    }

    struct OtherError: Error, CustomStringConvertible {
        var description: String { "device gone" }
    }

    @Test static func theSinksErrorStopsTheWriter() throws {
        let parts = try parts(colors: 4, local: false)
        let screenSize = try GIFStreamWriter.bytes(of: [parts[0]]).count
        let full = FileError.unwritable(path: "out.gif", reason: "No space left on device")
        let sink = FullSink(capacity: screenSize, error: full)
        let writer = try GIFStreamWriter(sink: sink)
        try writer.write(parts[0])
        #expect(throws: GIFFileError.output(full)) { try writer.write(parts[1]) }
        #expect(throws: GIFFileError.output(full)) { try writer.write(.end) }
        #expect(sink.bytes.count == screenSize)

        let other = try GIFStreamWriter(sink: FullSink(capacity: 0, error: OtherError()))
        #expect(throws: GIFFileError.output(.unwritable(path: "GIF output", reason: "device gone"))) { try other.write(parts[0]) }
    }

    @Test static func anAbandonedWriterWritesNoTrailer() throws {
        let parts = try parts(colors: 4, local: false)
        let sink = MemoryByteSink()
        do {
            let writer = try GIFStreamWriter(sink: sink)
            try writer.write(Array(parts.dropLast()))
        }
        let complete = try GIFStreamWriter.bytes(of: parts)
        #expect(sink.bytes == Array(complete.dropLast()))
        #expect(complete.last == 0x3B)
    }
}
