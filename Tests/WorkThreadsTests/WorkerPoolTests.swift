import Dispatch
import GIFTestSupport
import Testing
import WorkThreads

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The helpers' pool: every piece runs once, helpers really join in, and a system that refuses
/// threads gets all the work done on the caller's thread, never a wait for a thread that does
/// not come. A minute is only the bound of a wait that would otherwise last for ever.
@Suite enum WorkerPoolTests {
    /// The calling thread, comparable across threads.
    static func pthreadID() -> Int {
        #if canImport(Darwin)
        return Int(bitPattern: pthread_self())
        #else
        return Int(pthread_self())
        #endif
    }

    /// Runs `count` pieces on `pool`, each recording its number and the thread that ran it.
    static func record(_ count: Int, on pool: WorkerPool) -> (pieces: [Int], threads: Set<Int>) {
        var pieces = [Int](repeating: -1, count: count)
        var threads = [Int](repeating: 0, count: count)
        pieces.withUnsafeMutableBufferPointer { pieceSlots in
            threads.withUnsafeMutableBufferPointer { threadSlots in
                nonisolated(unsafe) let (pieceSlots, threadSlots) = (pieceSlots, threadSlots)
                pool.perform(count) { piece in
                    pieceSlots[piece] = piece
                    threadSlots[piece] = pthreadID()
                }
            }
        }
        return (pieces, Set(threads))
    }

    @Test static func everyPieceRunsOnceWithHelpers() {
        let pool = WorkerPool(helperLimit: 2)
        for count in [0, 1, 2, 3, 7, 64] {
            #expect(record(count, on: pool).pieces == Array(0 ..< count))
        }
        #expect(pool.helperCount <= 2)
    }

    @Test static func helpersRunPiecesAtTheSameTimeAsTheCaller() {
        let pool = WorkerPool(helperLimit: 1)
        let started = [DispatchSemaphore(value: 0), DispatchSemaphore(value: 0)]
        var sawTheOther = [false, false]
        sawTheOther.withUnsafeMutableBufferPointer { slots in
            nonisolated(unsafe) let slots = slots
            pool.perform(2) { piece in
                started[piece].signal()
                // Only a second thread running the other piece can signal it while this one waits.
                slots[piece] = started[1 - piece].wait(timeout: .now() + 60) == .success
            }
        }
        #expect(sawTheOther == [true, true])
        #expect(pool.helperCount == 1)
    }

    @Test static func aRefusedHelperLeavesEveryPieceToTheCaller() {
        let counting = CountingThreadStarter(allowing: 0)
        let pool = WorkerPool(helperLimit: 3, startThread: counting.starter)
        let first = record(5, on: pool)
        #expect(first.pieces == Array(0 ..< 5))
        #expect(first.threads == [pthreadID()])
        // After a refusal the pool asks for no more threads.
        let second = record(5, on: pool)
        #expect(second.pieces == Array(0 ..< 5) && second.threads == [pthreadID()])
        #expect(counting.asked == 1 && counting.started == 0)
        #expect(pool.helperCount == 0)
    }

    @Test static func aPoolWithoutHelpersAsksForNone() {
        let counting = CountingThreadStarter(allowing: 4)
        let pool = WorkerPool(helperLimit: 0, startThread: counting.starter)
        #expect(record(4, on: pool).threads == [pthreadID()])
        let ran = DispatchSemaphore(value: 0)
        pool.start { ran.signal() }
        // Run before `start` returned, on this thread.
        #expect(ran.wait(timeout: .now()) == .success)
        #expect(counting.asked == 0)
    }

    @Test static func aJobWithoutAHelperRunsBeforeStartReturns() {
        let pool = WorkerPool(helperLimit: 2, startThread: ThreadStart.refusing)
        let ranOn = ThreadRecord()
        pool.start { ranOn.set(pthreadID()) }
        #expect(ranOn.value == pthreadID())
    }

    /// A job handed over while another caller's helper is still being started (and then
    /// refused) runs on the caller's thread: no job waits for a helper that may never come.
    @Test static func aJobDoesNotWaitForAHelperStillBeingStarted() {
        let asked = DispatchSemaphore(value: 0), mayAnswer = DispatchSemaphore(value: 0)
        let pool = WorkerPool(helperLimit: 1, startThread: { _, _, _ in
            asked.signal()
            _ = mayAnswer.wait(timeout: .now() + 60)
            return false
        })
        let performed = DispatchSemaphore(value: 0)
        #expect(ThreadStart.system(nil, false) {
            pool.perform(2) { _ in }
            performed.signal()
        })
        #expect(asked.wait(timeout: .now() + 60) == .success)
        let ranOn = ThreadRecord()
        pool.start { ranOn.set(pthreadID()) }
        #expect(ranOn.value == pthreadID(), "the job waited for the helper being started")
        mayAnswer.signal()
        #expect(performed.wait(timeout: .now() + 60) == .success)
        #expect(pool.helperCount == 0)
    }

    @Test static func aJobWithAHelperRunsOnIt() {
        let pool = WorkerPool(helperLimit: 1)
        let ranOn = ThreadRecord()
        let ran = DispatchSemaphore(value: 0)
        pool.start {
            ranOn.set(pthreadID())
            ran.signal()
        }
        #expect(ran.wait(timeout: .now() + 60) == .success)
        #expect(ranOn.value != pthreadID())
    }

    @Test static func aPieceMaySplitItsOwnWork() {
        let pool = WorkerPool(helperLimit: 1)
        var sums = [Int](repeating: 0, count: 3)
        sums.withUnsafeMutableBufferPointer { slots in
            nonisolated(unsafe) let slots = slots
            pool.perform(3) { piece in
                slots[piece] = record(4, on: pool).pieces.reduce(0, +) + piece
            }
        }
        #expect(sums == [6, 7, 8])
    }

    @Test static func manyCallersAtOnceEachGetTheirOwnResults() {
        let pool = WorkerPool(helperLimit: 2)
        let callers = 4, rounds = 200
        let failures = ThreadRecord()
        let done = DispatchSemaphore(value: 0)
        for caller in 0 ..< callers {
            let started = ThreadStart.system(nil, caller == 0) {
                for round in 0 ..< rounds {
                    let count = 2 + (round + caller) % 5
                    if record(count, on: pool).pieces != Array(0 ..< count) { failures.add(1) }
                }
                done.signal()
            }
            #expect(started)
        }
        for _ in 0 ..< callers { #expect(done.wait(timeout: .now() + 60) == .success) }
        #expect(failures.value == 0)
    }

    @Test static func aBackgroundThreadStartsNoHelper() {
        let counting = CountingThreadStarter(allowing: 2)
        let pool = WorkerPool(helperLimit: 2, startThread: counting.starter)
        let result = ThreadRecord()
        let done = DispatchSemaphore(value: 0)
        let started = ThreadStart.system(nil, true) {
            let recorded = record(4, on: pool)
            result.set(recorded.pieces == Array(0 ..< 4) && recorded.threads == [pthreadID()] ? 1 : -1)
            done.signal()
        }
        #expect(started)
        #expect(done.wait(timeout: .now() + 60) == .success)
        #expect(result.value == 1)
        #expect(counting.asked == 0)
    }
}

/// An integer set by one thread and read by another, behind a lock.
final class ThreadRecord: @unchecked Sendable {
    private let lock = DispatchSemaphore(value: 1)
    private var stored = 0

    var value: Int {
        lock.wait()
        defer { lock.signal() }
        return stored
    }

    func set(_ value: Int) {
        lock.wait()
        stored = value
        lock.signal()
    }

    func add(_ amount: Int) {
        lock.wait()
        stored += amount
        lock.signal()
    }
}
