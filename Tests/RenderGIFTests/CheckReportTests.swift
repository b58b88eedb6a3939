import GIFEncoding
import GIFTestSupport
import Palette
@testable import Raster
@testable import RenderGIF
import Testing

/// What `--check` says about a stale GIF, for GIFs made frame by frame here.
@Suite enum CheckReportTests {
    static let palette = [RGB8(0, 0, 0), RGB8(255, 255, 255), RGB8(255, 0, 0), RGB8(0, 255, 0)]

    /// A 4 x 4 GIF whose frame i fills the screen with colour `colours[i]` for `delays[i]` cs.
    static func gif(_ colours: [UInt8], delays: [Int], loopCount: Int? = 0, palette: [RGB8] = palette) throws -> [UInt8] {
        let sink = MemoryByteSink()
        let writer = try GiflibGIFWriter(sink: sink, width: 4, height: 4, globalPalette: palette, loopCount: loopCount)
        for (colour, delay) in zip(colours, delays) {
            try writer.addFrame(GIFFrame(rect: PixelRect(x: 0, y: 0, width: 4, height: 4),
                                         indices: Array(repeating: colour, count: 16), delayCentiseconds: delay))
        }
        try writer.finish()
        return sink.bytes
    }

    static func report(_ existing: [UInt8], _ rendered: [UInt8]) -> String {
        CheckReport.describe(path: "x.gif", existing: existing, rendered: rendered, fps: 10, firstDifferingByte: 99)
    }

    @Test static func thirdFrameDiffers() throws {
        let old = try gif([0, 1, 2], delays: [10, 10, 20]), new = try gif([0, 1, 3], delays: [10, 10, 20])
        #expect(report(old, new) == "'x.gif' is out of date: the file has \(old.count) bytes, 3 frames, 0.4 s; "
                + "the rendering has \(new.count) bytes, 3 frames, 0.4 s; the pictures first differ at 0.2 s (frame 2)")
    }

    /// A palette whose red is two levels darker: every frame showing red differs, slightly.
    @Test static func coloursDifferSlightly() throws {
        var darker = palette
        darker[2] = RGB8(253, 0, 0)
        let old = try gif([0, 2, 1], delays: [10, 10, 20]), new = try gif([0, 2, 1], delays: [10, 10, 20], palette: darker)
        #expect(report(old, new) == "'x.gif' is out of date: the file has \(old.count) bytes, 3 frames, 0.4 s; "
                + "the rendering has \(new.count) bytes, 3 frames, 0.4 s; the pictures differ only slightly in colour, from 0.1 s (frame 1)")
        let moved = try gif([0, 2, 3], delays: [10, 10, 20], palette: darker)
        #expect(report(old, moved).hasSuffix("the pictures first differ at 0.2 s (frame 2), colours slightly from 0.1 s (frame 1)"))
    }

    @Test static func renderingLastsLonger() throws {
        let old = try gif([0, 1], delays: [10, 25]), new = try gif([0, 1, 2], delays: [10, 25, 15])
        #expect(report(old, new) == "'x.gif' is out of date: the file has \(old.count) bytes, 2 frames, 0.35 s; "
                + "the rendering has \(new.count) bytes, 3 frames, 0.5 s; the pictures first differ at 0.35 s (frame 4)")
    }

    @Test static func onlyTheLoopCountDiffers() throws {
        let old = try gif([0, 1], delays: [10, 10], loopCount: 0), new = try gif([0, 1], delays: [10, 10], loopCount: nil)
        #expect(report(old, new) == "'x.gif' is out of date: the file has \(old.count) bytes, 2 frames, 0.2 s; "
                + "the rendering has \(new.count) bytes, 2 frames, 0.2 s; the file plays forever, the rendering once")
        #expect(CheckReport.plays(2) == "3 times")
    }

    /// Same pictures at the same times, split into frames differently.
    @Test static func onlyTheEncodingDiffers() throws {
        let old = try gif([0, 1], delays: [10, 10]), new = try gif([0, 0, 1], delays: [5, 5, 10])
        #expect(report(old, new) == "'x.gif' is out of date: the file has \(old.count) bytes, 2 frames, 0.2 s; "
                + "the rendering has \(new.count) bytes, 3 frames, 0.2 s; pictures and timing are the same, the encoding differs from byte 99")
    }

    @Test static func fileIsNotAGIF() throws {
        let new = try gif([0], delays: [10])
        let text = report(Array("hello".utf8), new)
        #expect(text.hasPrefix("'x.gif' is out of date: the file has 5 bytes and is not a GIF that can be read ("))
        #expect(text.hasSuffix("); the rendering has \(new.count) bytes, 1 frame, 0.1 s"))
    }

    /// Frame k starts at round(100 k / fps) centiseconds.
    @Test(arguments: [(0, 50, 0), (132, 50, 66), (133, 50, 67), (33, 30, 10), (34, 30, 11), (7, 15, 1), (20, 10, 2)])
    static func frameAtTime(centiseconds: Int, fps: Int, frame: Int) {
        #expect(CheckReport.frameIndex(atCentiseconds: centiseconds, fps: fps) == frame)
    }
}
