import Dispatch
@testable import GIFEncoding
import GIFTestSupport
import Testing

/// A system that refuses threads: the encoder fails at once with `.threadRefused` and leaves
/// no thread of its own running, and an opening plan without its thread plans nothing and
/// changes no byte, where Foundation's `Thread` would have dropped the work unreported and
/// left its waiters waiting for ever.
@Suite enum ThreadRefusalTests {
    static let options = OpeningPlanTests.options()

    /// Starts real threads for the first `allowed` requests and refuses the rest; each
    /// thread it started signals `ended` when its body returns.
    final class CountingStarter: @unchecked Sendable {
        let allowed: Int
        let ended = DispatchSemaphore(value: 0)
        private(set) var started = 0
        private(set) var refused = 0

        init(allowing allowed: Int) { self.allowed = allowed }

        var starter: ThreadStart.Starter {
            { [self] stackBytes, background, body in
                guard started < allowed else {
                    refused += 1
                    return false
                }
                started += 1
                let ended = ended
                return ThreadStart.system(stackBytes, background) {
                    body()
                    ended.signal()
                }
            }
        }
    }

    static func writer(startThread: ThreadStart.Starter) throws(GIFEncodingError) -> AnimationWriter {
        let palette = try! AnimationFixtures.palette(for: OpeningPlanTests.frames, options: options)
        return try AnimationWriter(palette: palette, options: options, output: MemoryByteSink(),
                                   queueBudget: AnimationWriter.defaultQueueBudget, startThread: startThread)
    }

    @Test static func aWriterWhoseThreadIsRefusedFailsAtOnce() {
        #expect(throws: GIFEncodingError.threadRefused) { try writer(startThread: ThreadStart.refusing) }
        #expect(GIFEncodingError.threadRefused.description
            == "cannot start a thread: the system refused one (too many threads, or no memory for its stack)")
    }

    @Test static func aRefusedSecondThreadLeavesTheFirstOneEnded() {
        let counting = CountingStarter(allowing: 1)
        #expect(throws: GIFEncodingError.threadRefused) { try writer(startThread: counting.starter) }
        #expect(counting.started == 1 && counting.refused == 1)
        // The stage that did start was stopped: its thread returns (a minute is only a bound
        // for a thread that would otherwise wait for ever).
        #expect(counting.ended.wait(timeout: .now() + 60) == .success, "the started stage's thread is still running")
    }

    @Test static func bothStagesStartWhenTheSystemAllows() throws {
        let counting = CountingStarter(allowing: 2)
        let writer = try writer(startThread: counting.starter)
        #expect(counting.started == 2 && counting.refused == 0)
        for frame in OpeningPlanTests.frames {
            try writer.addFrame(frame.canvas, time: frame.time, damage: frame.damage, spriteBounds: frame.sprite)
        }
        try writer.finish(totalDuration: Double(OpeningPlanTests.frames.count) / 50)
        #expect(counting.ended.wait(timeout: .now() + 60) == .success)
        #expect(counting.ended.wait(timeout: .now() + 60) == .success)
    }

    @Test static func anOpeningPlanWithoutItsThreadPlansNothingAndChangesNoByte() throws {
        let frames = OpeningPlanTests.frames
        let plan = OpeningPlan(canvas: frames[0].canvas, options: options, interfaceColors: .arcScene,
                               startThread: ThreadStart.refusing)
        plan.waitUntilPlanned()
        #expect(plan.tables.count == 0)
        let (bytes, took, tablesAhead) = try OpeningPlanTests.write(options: options, opening: plan)
        #expect(!took)
        #expect(tablesAhead == 0)
        let alone = try OpeningPlanTests.write(options: options, opening: nil)
        #expect(OpeningPlanTests.same(bytes, alone.bytes), "the GIF differs from the one written alone")
        plan.stop()
    }
}
