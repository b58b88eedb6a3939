#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A few threads of the process's own that take pieces of work split by their callers, and
/// jobs handed over to run in the background.
///
/// Dispatch's pool, which this replaces, asks the system for a thread inside the call that
/// hands it work and, refused, sleeps and asks again for ever: a process short of threads
/// (a container's task limit) hangs in the middle of its work. Here a caller of `perform`
/// always takes pieces itself, the helpers only join in, and a helper the system refuses is
/// simply not there: the caller does every piece, and the results are the same, as the
/// pieces' results never depend on which thread ran them.
///
/// Helpers are started when work first finds none idle, up to `helperLimit`, and stay for
/// the process's life, waiting when there is nothing to take; after one refusal the pool
/// asks for no more. A thread at `BackgroundPriority` starts none (they would inherit its
/// priority for good); it uses the helpers there are.
package final class WorkerPool: @unchecked Sendable {
    /// The process's pool: a helper a core, at most four (the render has at most four threads
    /// splitting work at once: drawing, mapping, encoding and the opening plan).
    package static let shared = WorkerPool(helperLimit: min(max(onlineCores, 1), 4))

    /// The processors the system has online.
    package static var onlineCores: Int { Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))) }

    /// The most helpers this pool starts.
    package let helperLimit: Int
    private let startThread: ThreadStart.Starter

    private let monitor = Monitor(conditions: 2)
    /// The monitor's condition helpers wait for: work was handed over.
    private static let workArrived = 0
    /// The monitor's condition callers wait for: a piece was finished.
    private static let pieceFinished = 1

    // All of these only under `monitor`.
    /// Work with pieces no thread has taken yet, oldest first.
    private var waiting: [Batch] = []
    /// Helpers asked for (counted before their start, uncounted if refused).
    private var helpers = 0
    /// Helpers the system gave: they run for good, so work queued now will be taken.
    private var startedHelpers = 0
    /// Helpers waiting for work, and wake-ups sent to them that they have not taken yet.
    private var sleeping = 0
    private var wakesPending = 0
    /// False once the system refused a helper.
    private var mayStartHelpers = true

    /// A pool of at most `helperLimit` helpers started by `startThread`.
    package init(helperLimit: Int, startThread: @escaping ThreadStart.Starter = ThreadStart.system) {
        self.helperLimit = max(0, helperLimit)
        self.startThread = startThread
    }

    /// The helpers running now (for tests and the memory estimate's checks).
    package var helperCount: Int { monitor.withLock { startedHelpers } }

    /// The threads a split of work in two would start now besides running helpers: nil when
    /// it would not split at all (no helper runs and none may be started: the caller does both
    /// pieces), 0 when a helper runs, 1 when one is still to be started. For a C library whose
    /// threads are asked of the system first (`ThreadStart.systemGives`).
    package var helpersStartedBySplittingInTwo: Int? {
        let lowered = BackgroundPriority.isCurrentThreadLowered
        return monitor.withLock {
            if startedHelpers > 0 { return 0 }
            return mayStartHelpers && helperLimit > 0 && !lowered ? 1 : nil
        }
    }

    /// Runs `body(0)`, ..., `body(count - 1)`, each exactly once, some on helpers at the same
    /// time, and returns when all have run. The caller runs pieces itself until none is left
    /// to take, so the work is done with or without helpers. Each piece must touch only
    /// state of its own.
    package func perform(_ count: Int, _ body: (Int) -> Void) {
        guard count > 1, helperLimit > 0 else {
            for piece in 0 ..< count { body(piece) }
            return
        }
        withoutActuallyEscaping(body) { body in
            let batch = Batch(pieces: count, body: body, isDetached: false)
            let lowered = BackgroundPriority.isCurrentThreadLowered
            let toStart = monitor.withLock { handOver(batch, helpersWanted: count - 1, mayStart: !lowered) }
            startHelpers(toStart)
            var piece = monitor.withLock { batch.claim(from: &waiting) }
            while let taken = piece {
                Self.run(batch, piece: taken)
                piece = monitor.withLock {
                    batch.unfinished -= 1
                    return batch.claim(from: &waiting)
                }
            }
            monitor.withLock {
                while batch.unfinished > 0 { monitor.wait(Self.pieceFinished) }
                // No thread may hold `body` once this call returns.
                batch.body = nil
            }
        }
    }

    /// Runs `job` on a helper, in the order jobs were handed over, and returns at once; on the
    /// calling thread, before returning, when no helper has started (one still being started
    /// elsewhere may yet be refused, and a job must never wait for a helper that never comes).
    package func start(_ job: @escaping @Sendable () -> Void) {
        let batch = Batch(pieces: 1, body: { _ in job() }, isDetached: true)
        let lowered = BackgroundPriority.isCurrentThreadLowered
        let toStart = monitor.withLock { handOver(batch, helpersWanted: 1, mayStart: !lowered) }
        startHelpers(toStart)
        let runsHere = monitor.withLock { () -> Bool in
            guard startedHelpers == 0, let index = waiting.firstIndex(where: { $0 === batch }) else { return false }
            waiting.remove(at: index)
            return true
        }
        if runsHere { job() }
    }

    /// Under the monitor: queues `batch`, wakes sleeping helpers for up to `helpersWanted` of
    /// its pieces, and says how many helpers to start for the rest (none unless `mayStart`).
    private func handOver(_ batch: Batch, helpersWanted: Int, mayStart: Bool) -> Int {
        waiting.append(batch)
        let awake = min(sleeping - wakesPending, helpersWanted)
        for _ in 0 ..< max(0, awake) {
            wakesPending += 1
            monitor.signal(Self.workArrived)
        }
        guard mayStart, mayStartHelpers else { return 0 }
        let toStart = min(helpersWanted - max(0, awake), helperLimit - helpers)
        helpers += max(0, toStart)
        return max(0, toStart)
    }

    /// Starts `count` helpers already counted; a refused one is uncounted, and no more are asked.
    private func startHelpers(_ count: Int) {
        for started in 0 ..< count {
            guard startThread(nil, false, { [self] in helperLoop() }) else {
                monitor.withLock {
                    helpers -= count - started
                    mayStartHelpers = false
                }
                return
            }
            monitor.withLock { startedHelpers += 1 }
        }
    }

    /// A helper: takes the oldest waiting piece, runs it, and sleeps while there is none.
    private func helperLoop() {
        var finished: Batch?
        while true {
            let (batch, piece) = monitor.withLock { () -> (Batch, Int) in
                if let batch = finished { finish(batch) }
                finished = nil
                while true {
                    if let batch = waiting.first, let piece = batch.claim(from: &waiting) { return (batch, piece) }
                    sleeping += 1
                    monitor.wait(Self.workArrived)
                    sleeping -= 1
                    if wakesPending > 0 { wakesPending -= 1 }
                }
            }
            Self.run(batch, piece: piece)
            // A job's closure, and what it holds, goes as soon as it has run.
            if batch.isDetached { batch.body = nil }
            finished = batch
        }
    }

    /// Under the monitor: counts a piece of `batch` as finished, and tells its caller.
    private func finish(_ batch: Batch) {
        batch.unfinished -= 1
        if batch.unfinished == 0, !batch.isDetached { monitor.broadcast(Self.pieceFinished) }
    }

    /// Runs one piece. Not inlined, so that the reference to the body it takes is given back
    /// before the piece is counted as finished: the caller of `perform` then finds `body`
    /// held by nobody else.
    @inline(never)
    private static func run(_ batch: Batch, piece: Int) {
        batch.body?(piece)
    }
}

/// One call's pieces: how many, the next one to take, and how many have not finished.
/// Changed only under the pool's monitor (`body` is read outside it while pieces are left).
private final class Batch {
    let pieces: Int
    var body: ((Int) -> Void)?
    /// A job nobody waits for.
    let isDetached: Bool
    var next = 0
    var unfinished: Int

    init(pieces: Int, body: @escaping (Int) -> Void, isDetached: Bool) {
        self.pieces = pieces
        self.body = body
        self.isDetached = isDetached
        unfinished = pieces
    }

    /// Takes the next piece, if any; the batch leaves `waiting` with its last piece.
    func claim(from waiting: inout [Batch]) -> Int? {
        guard next < pieces else { return nil }
        let piece = next
        next += 1
        if next == pieces, let index = waiting.firstIndex(where: { $0 === self }) { waiting.remove(at: index) }
        return piece
    }
}
