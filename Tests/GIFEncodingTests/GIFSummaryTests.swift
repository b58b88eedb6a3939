import GIFEncoding
@testable import GIFFile
import GIFTestSupport
import Palette
@testable import Raster
import Testing

/// The product's GIF summary agrees with the full reader: frame count, start times, length,
/// loop count, and which frames show the same picture.
@Suite enum GIFSummaryTests {
    @Test(arguments: [0, 3, nil] as [Int?])
    static func agreesWithTheReader(loopCount: Int?) throws {
        let bytes = try GIFRoundTripTests.writeSample(loopCount: loopCount)
        let summary = try GIFSummary(bytes: bytes, path: "sample.gif")
        let reader = try GIFReader(bytes: bytes)
        #expect(summary.byteCount == bytes.count)
        #expect(summary.width == reader.width && summary.height == reader.height)
        #expect(summary.loopCount == reader.loopCount)
        #expect(summary.frameCount == reader.frames.count)
        let delays = reader.frames.map(\.delayCentiseconds)
        #expect(summary.frameStarts == delays.indices.map { delays[..<$0].reduce(0, +) })
        #expect(summary.durationCentiseconds == delays.reduce(0, +))
        let pictures = reader.compositedFrames()
        for i in pictures.indices {
            for j in pictures.indices {
                #expect((summary.frameFingerprints[i] == summary.frameFingerprints[j]) == (pictures[i] == pictures[j]), "frames \(i), \(j)")
            }
        }
    }

    /// The 12 x 9 sample is smaller than the 16 x 16 grid, so every cell is one pixel and
    /// the thumbnail is the composited picture itself.
    @Test static func smallPicturesAreTheirOwnThumbnails() throws {
        let bytes = try GIFRoundTripTests.writeSample()
        let summary = try GIFSummary(bytes: bytes, path: "sample.gif")
        #expect(try summary.frameThumbnails == GIFReader(bytes: bytes).compositedFrames().map(\.pixels))
    }

    /// A 32 x 2 screen, left half red and right half blue: 16 x 2 cells of 2 x 1 pixels.
    @Test static func thumbnailCellsAverageTheirPixels() throws {
        let sink = MemoryByteSink()
        let writer = try GiflibGIFWriter(sink: sink, width: 32, height: 2, globalPalette: [RGB8(255, 0, 0), RGB8(0, 0, 255)])
        let indices: [UInt8] = (0..<64).map { ($0 % 32) < 15 ? 0 : 1 }
        try writer.addFrame(GIFFrame(rect: PixelRect(x: 0, y: 0, width: 32, height: 2), indices: indices, delayCentiseconds: 10))
        try writer.finish()
        let thumbnail = try #require(GIFSummary(bytes: sink.bytes, path: "t.gif").frameThumbnails.first)
        let row: [UInt8] = (0..<16).flatMap { cell -> [UInt8] in
            cell < 7 ? [255, 0, 0, 255] : cell == 7 ? [128, 0, 128, 255] : [0, 0, 255, 255]
        }
        #expect(thumbnail == row + row)
    }

    @Test static func rowsOfInterlacedImagesComeInPasses() {
        #expect(GIFSummary.rowOrder(height: 4, interlaced: false) == [0, 1, 2, 3])
        #expect(GIFSummary.rowOrder(height: 10, interlaced: true) == [0, 8, 4, 2, 6, 1, 3, 5, 7, 9])
    }

    /// A graphics control block must hold 4 bytes; one of 3 is named as such, not as an
    /// unnamed giflib error.
    @Test static func shortGraphicsControlBlockIsNamed() throws {
        var bytes = try GIFRoundTripTests.writeSample()
        let start = try #require((0 ..< bytes.count - 3).first { bytes[$0] == 0x21 && bytes[$0 + 1] == 0xF9 && bytes[$0 + 2] == 4 })
        bytes[start + 2] = 3
        bytes.remove(at: start + 6)
        #expect(throws: GIFFileError.corrupt(path: "short.gif", message: "a graphics control block of 3 bytes, not 4")) {
            try GIFSummary(bytes: bytes, path: "short.gif")
        }
    }

    @Test static func notAGIF() {
        #expect(throws: GIFFileError.self) { try GIFSummary(bytes: Array("hello".utf8), path: "x.gif") }
    }
}
