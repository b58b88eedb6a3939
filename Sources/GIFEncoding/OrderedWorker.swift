import Foundation
import WorkThreads

/// A thread of its own that runs jobs one at a time in the order they were submitted, with at
/// most `budget` bytes of jobs waiting (one job may always wait, whatever its size).
///
/// The first job that fails stops the worker: the jobs still waiting are dropped, and that
/// error is thrown by every later `submit` and by `finish`. A thread of its own rather than
/// a helper of `WorkerPool`, which the encoder's concurrent steps use: a worker waiting for
/// room in the next stage would hold that helper.
final class OrderedWorker<Job>: @unchecked Sendable {
    private let budget: Int
    private let cost: (Job) -> Int
    /// Released when the thread ends, before `finish` or `stop` return: whatever the jobs'
    /// work holds (an output file being written) is not kept alive by a thread that is done.
    private var body: ((Job) throws(GIFEncodingError) -> Void)?

    /// Waiting jobs, oldest first, with their bytes; all of this only under `condition`.
    private var queue: [(job: Job, bytes: Int)] = []
    private var queuedBytes = 0
    private var isClosed = false
    private var failure: GIFEncodingError?
    private let condition = NSCondition()
    private let ended = DispatchSemaphore(value: 0)

    /// Starts the thread with `startThread`; `body` runs each job, `cost` says how many bytes a
    /// waiting job holds. Nil when the system refuses the thread.
    init?(budget: Int, cost: @escaping (Job) -> Int, startThread: ThreadStart.Starter = ThreadStart.system,
          body: @escaping (Job) throws(GIFEncodingError) -> Void) {
        self.budget = budget
        self.cost = cost
        self.body = body
        guard startThread(nil, false, { self.run() }) else { return nil }
    }

    /// Queues `job` once there is room for it; throws the error that stopped the worker.
    func submit(_ job: Job) throws(GIFEncodingError) {
        let bytes = cost(job)
        let failure: GIFEncodingError? = condition.withLock {
            while self.failure == nil, !queue.isEmpty, queuedBytes + bytes > budget { condition.wait() }
            if let failure = self.failure { return failure }
            queue.append((job, bytes))
            queuedBytes += bytes
            condition.broadcast()
            return nil
        }
        if let failure { throw failure }
    }

    /// Waits until every job submitted has run, and ends the thread; throws the first job's
    /// error. Nothing may be submitted after it.
    func finish() throws(GIFEncodingError) {
        close()
        let failure = condition.withLock { self.failure }
        if let failure { throw failure }
    }

    /// Drops the jobs still waiting, waits for the one running, and ends the thread (what
    /// an abandoned encoding needs; `finish` after it throws nothing new).
    func stop() {
        condition.withLock {
            queue.removeAll()
            queuedBytes = 0
            condition.broadcast()
        }
        close()
    }

    private func close() {
        let wasClosed = condition.withLock {
            defer { isClosed = true; condition.broadcast() }
            return isClosed
        }
        if !wasClosed { ended.wait() }
    }

    /// The thread: each job in turn until closed and empty.
    private func run() {
        while true {
            let next: Job? = condition.withLock {
                while queue.isEmpty, !isClosed { condition.wait() }
                guard !queue.isEmpty else { return nil }
                let (job, bytes) = queue.removeFirst()
                queuedBytes -= bytes
                condition.broadcast()
                return job
            }
            guard let job = next else { break }
            do {
                try body?(job)
            } catch {
                condition.withLock {
                    failure = error
                    queue.removeAll()
                    queuedBytes = 0
                    condition.broadcast()
                }
            }
        }
        body = nil
        ended.signal()
    }
}
