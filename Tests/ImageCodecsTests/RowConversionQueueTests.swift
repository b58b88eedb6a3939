import Foundation
@testable import ImageCodecs
import Testing

/// The queue between libjpeg's rows and their conversion to sRGB: every row comes out once,
/// in order, converted exactly as by one transform alone, whether a converter thread takes
/// part from the start, joins late or never runs.
@Suite enum RowConversionQueueTests {
    static let width = 37
    static let height = RowConversionQueue.rowsPerSlot * RowConversionQueue.slotCount * 3 + 5

    enum Converter: CaseIterable, Sendable { case none, fromTheStart, afterTheLastRow }

    /// Rows of distinct colours: row y, pixel x holds (x * 7 + y, y * 3, x + 2 * y, 255) mod 256.
    static func row(_ y: Int) -> [UInt8] {
        var pixels: [UInt8] = []
        for x in 0 ..< width {
            let red = (x * 7 + y) & 255, green = (y * 3) & 255, blue = (x + 2 * y) & 255
            pixels += [UInt8(red), UInt8(green), UInt8(blue), 255]
        }
        return pixels
    }

    static func profile() throws -> [UInt8] {
        let p3 = try [UInt8](Data(contentsOf: URL(fileURLWithPath: PictureFiles.filesPath("display-p3-patches.jpg"))))
        return try #require(JPEGMetadata(p3).iccProfile)
    }

    @Test(arguments: Converter.allCases)
    static func everyRowOnceInOrderConverted(converter: Converter) throws {
        let profile = try profile()
        let producer = try #require(ColorProfileTransform(profile: profile))
        let second = try #require(ColorProfileTransform(profile: profile))
        let reference = try #require(ColorProfileTransform(profile: profile))
        let queue = RowConversionQueue()
        let converterDone = DispatchSemaphore(value: 0)
        func startConverter() {
            Thread.detachNewThread {
                queue.convertUntilFinished()
                converterDone.signal()
            }
        }
        if converter == .fromTheStart { startConverter() }
        queue.begin(width: width, producerTransform: producer, converterTransform: second)

        var handedOn: [(y: Int, pixels: [UInt8])] = []
        let collect = { (pixels: UnsafePointer<UInt8>, y: Int) in
            handedOn.append((y, Array(UnsafeBufferPointer(start: pixels, count: width * 4))))
        }
        for y in 0 ..< height {
            var pixels = row(y)
            pixels.withUnsafeMutableBufferPointer { buffer in
                queue.add(buffer.baseAddress!, y: y, handOn: collect)
                buffer.update(repeating: 0)  // the queue keeps its own copy
            }
        }
        queue.finish(handOn: collect)
        if converter == .afterTheLastRow { startConverter() }
        if converter != .none { converterDone.wait() }

        #expect(handedOn.map(\.y) == Array(0 ..< height))
        let wrongRows = handedOn.filter { y, pixels in
            var expected = row(y)
            expected.withUnsafeMutableBufferPointer { reference.convert($0.baseAddress!, count: width) }
            return pixels != expected
        }.map(\.y)
        #expect(wrongRows == [], "rows not converted as by one transform alone")
        #expect(handedOn.contains { $0.pixels != row($0.y) }, "the profile changes the colours")
    }

    @Test static func aQueueNeverBegunLetsItsConverterStop() {
        let queue = RowConversionQueue()
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            queue.convertUntilFinished()
            done.signal()
        }
        var handedOn = 0
        queue.finish { _, _ in handedOn += 1 }
        #expect(done.wait(timeout: .now() + 60) == .success)
        #expect(handedOn == 0)
    }
}
