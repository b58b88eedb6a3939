import Dispatch
@testable import GIFEncoding
import GIFTestSupport
import Testing
import WorkThreads

/// A system that refuses threads: a writer without its stages' threads maps and encodes every
/// frame on the caller's thread into the same bytes and leaves no thread of its own running,
/// and an opening plan without its thread plans nothing and changes no byte, where
/// Foundation's `Thread` would have dropped the work unreported and left its waiters waiting
/// for ever.
@Suite enum ThreadRefusalTests {
    static let options = OpeningPlanTests.options()

    static func writer(startThread: @escaping ThreadStart.Starter) throws(GIFEncodingError) -> AnimationWriter {
        let palette = try! AnimationFixtures.palette(for: OpeningPlanTests.frames, options: options)
        return try AnimationWriter(palette: palette, options: options, output: MemoryByteSink(),
                                   queueBudget: AnimationWriter.defaultQueueBudget, startThread: startThread)
    }

    @Test static func aWriterWhoseThreadsAreRefusedWritesTheSameBytesOnTheCallersThread() throws {
        let counting = CountingThreadStarter(allowing: 0)
        let refused = try OpeningPlanTests.write(options: options, opening: nil, startThread: counting.starter)
        #expect(counting.started == 0 && counting.refused == 1)
        let withThreads = try OpeningPlanTests.write(options: options, opening: nil)
        var sequential = options
        sequential.isParallel = false
        let alone = try OpeningPlanTests.write(options: sequential, opening: nil)
        #expect(OpeningPlanTests.same(refused.bytes, withThreads.bytes), "the GIF differs from the one with threads")
        #expect(OpeningPlanTests.same(refused.bytes, alone.bytes), "the GIF differs from the sequential one")
    }

    @Test static func aRefusedSecondThreadLeavesTheFirstOneEndedAndTheBytesTheSame() throws {
        let counting = CountingThreadStarter(allowing: 1)
        let refused = try OpeningPlanTests.write(options: options, opening: nil, startThread: counting.starter)
        #expect(counting.started == 1 && counting.refused == 1)
        // The stage that did start was stopped: its thread returns (a minute is only a bound
        // for a thread that would otherwise wait for ever).
        #expect(counting.ended.wait(timeout: .now() + 60) == .success, "the started stage's thread is still running")
        let withThreads = try OpeningPlanTests.write(options: options, opening: nil)
        #expect(OpeningPlanTests.same(refused.bytes, withThreads.bytes), "the GIF differs from the one with threads")
    }

    @Test static func bothStagesStartWhenTheSystemAllows() throws {
        let counting = CountingThreadStarter(allowing: 2)
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
