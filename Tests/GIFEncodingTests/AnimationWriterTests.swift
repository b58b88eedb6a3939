@testable import GIFEncoding
import GIFTestSupport
import Palette
import Raster
import SafeFiles
import Testing

/// The writer on workers (mapping ahead, encoding behind the caller) writes exactly the
/// bytes of the writer on the caller's thread, whatever the queues' budgets, takes the
/// mappings made ahead, and stops cleanly at an error.
@Suite enum AnimationWriterTests {
    static func write(_ frames: [AnimationFixtures.Frame], options: GIFEncodingOptions, queueBudget: Int,
                      to sink: any ByteSink) throws(GIFEncodingError) -> AnimationWriter {
        let writer = try AnimationWriter(palette: AnimationFixtures.standardPlan, options: options, output: sink,
                                         queueBudget: queueBudget)
        for frame in frames {
            try writer.addFrame(frame.canvas, time: frame.time, damage: frame.damage, spriteBounds: frame.sprite)
        }
        try writer.finish(totalDuration: Double(frames.count) / 50)
        return writer
    }

    /// Budgets of one byte (each stage waits after every frame), a few frames, and the default.
    @Test(arguments: DitherMode.allCases, [1, 3 * 40 * 40 * 9, AnimationWriter.defaultQueueBudget])
    static func workersWriteTheBytesOfTheCallersThread(dither: DitherMode, queueBudget: Int) throws {
        var options = GIFEncodingOptions()
        options.dither = dither
        options.isParallel = false
        let frames = AnimationFixtures.standardSlide
        let serial = MemoryByteSink()
        let alone = try write(frames, options: options, queueBudget: queueBudget, to: serial)
        #expect(alone.preparedFramesTaken == 0)
        #expect(serial.bytes == (try AnimationFixtures.encode(frames, options: options, palette: AnimationFixtures.standardPlan,
                                                              duration: Double(frames.count) / 50).bytes))
        options.isParallel = true
        let parallel = MemoryByteSink()
        let ahead = try write(frames, options: options, queueBudget: queueBudget, to: parallel)
        #expect(parallel.bytes == serial.bytes)
        // Every frame that moves the avatar, after the first, was mapped ahead.
        let moving = frames.dropFirst().filter { $0.damage.map { !$0.isEmpty } ?? true }.count
        #expect(moving >= 12)
        #expect(ahead.preparedFramesTaken >= moving - 1)
    }

    /// A sink that fills up after `capacity` bytes.
    final class FullSink: ByteSink {
        let capacity: Int
        var bytes: [UInt8] = []

        init(capacity: Int) { self.capacity = capacity }

        func write(_ bytes: UnsafeRawBufferPointer) throws {
            guard self.bytes.count + bytes.count <= capacity else {
                throw FileError.unwritable(path: "test.gif", reason: "No space left on device")
            }
            self.bytes.append(contentsOf: bytes)
        }
    }

    /// A full disk at the screen, in the middle or near the end stops the workers and is
    /// thrown, by a later `addFrame` or by `finish`, as the sink's own error.
    @Test(arguments: [0, 900, 4000])
    static func aFullSinkStopsTheWorkers(capacity: Int) throws {
        var options = GIFEncodingOptions()
        options.isParallel = true
        let sink = FullSink(capacity: capacity)
        #expect(throws: GIFEncodingError.output(.output(.unwritable(path: "test.gif", reason: "No space left on device")))) {
            _ = try write(AnimationFixtures.standardSlide, options: options, queueBudget: 1, to: sink)
        }
        #expect(sink.bytes.count <= capacity)
    }

    /// A frame of the wrong size is refused at once, on the caller's thread.
    @Test static func aWrongFrameIsRefusedAtOnce() throws {
        var options = GIFEncodingOptions()
        options.isParallel = true
        let writer = try AnimationWriter(palette: AnimationFixtures.standardPlan, options: options, output: MemoryByteSink())
        #expect(throws: GIFEncodingError.self) {
            try writer.addFrame(Canvas(width: 3, height: 3), time: 0)
        }
    }
}
