import Foundation
@testable import GIFEncoding
import GIFTestSupport
import Palette
@testable import Raster
import Testing

/// GIFs assembled by GIFStreamBuilder, written by GIFStreamWriter and read back by GIFReader
/// must carry exactly what was given.
@Suite enum GIFRoundTripTests {
    static let global: [RGB8] = [RGB8(255, 255, 255), RGB8(255, 0, 0), RGB8(0, 255, 0), RGB8(0, 0, 255), RGB8(9, 8, 7)]
    static let local: [RGB8] = [RGB8(1, 2, 3), RGB8(200, 100, 50), RGB8(0, 0, 0)]

    /// Black padding up to the power-of-two table size GIF stores.
    static func padded(_ palette: [RGB8], to size: Int) -> [RGB8] {
        palette + Array(repeating: RGB8(0, 0, 0), count: size - palette.count)
    }

    static func indices(_ rect: PixelRect, modulo: Int, salt: Int) -> [UInt8] {
        (0 ..< rect.area).map { UInt8(($0 * 7 + salt + $0 / rect.width) % modulo) }
    }

    static let frames: [GIFFrame] = [
        GIFFrame(rect: PixelRect(x: 0, y: 0, width: 12, height: 9), indices: indices(PixelRect(x: 0, y: 0, width: 12, height: 9), modulo: 5, salt: 0),
                 delayCentiseconds: 50, disposal: .keep),
        GIFFrame(rect: PixelRect(x: 3, y: 2, width: 5, height: 4), indices: indices(PixelRect(x: 3, y: 2, width: 5, height: 4), modulo: 3, salt: 1),
                 localPalette: local, delayCentiseconds: 4, disposal: .restorePrevious, transparentIndex: 2),
        GIFFrame(rect: PixelRect(x: 11, y: 8, width: 1, height: 1), indices: [4],
                 delayCentiseconds: 65535, disposal: .restoreBackground, transparentIndex: 0),
        GIFFrame(rect: PixelRect(x: 1, y: 1, width: 10, height: 7), indices: indices(PixelRect(x: 1, y: 1, width: 10, height: 7), modulo: 5, salt: 3),
                 delayCentiseconds: 2, disposal: .unspecified),
    ]

    static func writeSample(loopCount: Int? = 0) throws -> [UInt8] {
        let builder = try GIFStreamBuilder(width: 12, height: 9, globalPalette: global, loopCount: loopCount)
        for frame in frames { try builder.addFrame(frame) }
        try builder.finish()
        #expect(builder.frameCount == frames.count)
        return try GIFStreamWriter.bytes(of: builder.takeParts())
    }

    @Test static func everythingWrittenIsReadBack() throws {
        let bytes = try writeSample()
        #expect(Array(bytes.prefix(6)) == Array("GIF89a".utf8))
        #expect(bytes.last == 0x3B)
        let gif = try GIFReader(bytes: bytes)
        #expect(gif.version == "89a")
        #expect(gif.width == 12 && gif.height == 9)
        #expect(gif.loopCount == 0)
        #expect(gif.globalPalette == padded(global, to: 8))
        #expect(gif.frames.count == frames.count)
        for (read, written) in zip(gif.frames, frames) {
            #expect(read.rect == written.rect)
            #expect(read.indices == written.indices)
            #expect(read.localPalette == written.localPalette.map { padded($0, to: 4) })
            #expect(read.delayCentiseconds == written.delayCentiseconds)
            #expect(read.disposal == written.disposal)
            #expect(read.transparentIndex == written.transparentIndex)
        }
    }

    @Test static func loopBlockComesBeforeTheFirstImage() throws {
        let bytes = try writeSample(loopCount: 3)
        let text = Data(bytes)
        let loop = try #require(text.range(of: Data("NETSCAPE2.0".utf8)))
        let firstImage = try #require(bytes.firstIndex(of: 0x2C))  // image separator after the tables
        #expect(loop.lowerBound < firstImage)
        // Sub-block: size 3, id 1, loop count little-endian.
        #expect(Array(bytes[loop.upperBound ..< loop.upperBound + 4]) == [3, 1, 3, 0])
        #expect(try GIFReader(bytes: bytes).loopCount == 3)
        #expect(try GIFReader(bytes: try writeSample(loopCount: nil)).loopCount == nil)
    }

    @Test static func outputIsDeterministic() throws {
        #expect(try writeSample() == writeSample())
    }

    @Test static func encodedImagesAreThePartsAFrameAdds() throws {
        let builder = try GIFStreamBuilder(width: 12, height: 9, globalPalette: global)
        let sink = MemoryByteSink()
        let writer = try GIFStreamWriter(sink: sink)
        try writer.write(builder.takeParts())
        for frame in frames {
            var image = try builder.encodeImage(frame, using: LZWEncoder())
            let before = sink.bytes.count
            try builder.addFrame(frame)
            image.delayCentiseconds = frame.delayCentiseconds
            let added = builder.takeParts()
            #expect(added == [.image(image)])
            try writer.write(added)
            // The graphics control block (8 bytes), then as many bytes as the image was measured at.
            #expect(sink.bytes.count - before == 8 + image.fileSize)
        }
        try builder.finish()
        try writer.write(builder.takeParts())
        #expect(try GIFReader(bytes: sink.bytes).frames.map(\.indices) == frames.map(\.indices))
    }

    @Test static func aFullPaletteUsesEveryIndex() throws {
        let palette = (0 ..< 256).map { RGB8(UInt8($0), UInt8(255 - $0), UInt8($0 / 2)) }
        let rect = PixelRect(x: 0, y: 0, width: 16, height: 16)
        let frame = GIFFrame(rect: rect, indices: (0 ..< 256).map { UInt8($0) }, delayCentiseconds: 10)
        let builder = try GIFStreamBuilder(width: 16, height: 16, globalPalette: palette)
        try builder.addFrame(frame)
        try builder.finish()
        let gif = try GIFReader(bytes: GIFStreamWriter.bytes(of: builder.takeParts()))
        #expect(gif.globalPalette == palette && gif.frames.first?.indices == frame.indices)
    }
}
