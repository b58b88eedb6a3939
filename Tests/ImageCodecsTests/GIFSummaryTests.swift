import Palette
import Raster
import Testing
@testable import ImageCodecs

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

    @Test static func rowsOfInterlacedImagesComeInPasses() {
        #expect(GIFSummary.rowOrder(height: 4, interlaced: false) == [0, 1, 2, 3])
        #expect(GIFSummary.rowOrder(height: 10, interlaced: true) == [0, 8, 4, 2, 6, 1, 3, 5, 7, 9])
    }

    @Test static func notAGIF() {
        #expect(throws: ImageCodecError.self) { try GIFSummary(bytes: Array("hello".utf8), path: "x.gif") }
    }
}
