import Dispatch
import WorkThreads

extension ThreadStart {
    /// A starter that refuses every thread, as a system out of threads does.
    package static let refusing: Starter = { _, _, _ in false }
}

/// Starts real threads for the first `allowed` requests and refuses the rest, counting both;
/// each thread it started signals `ended` when its body returns.
package final class CountingThreadStarter: @unchecked Sendable {
    package let allowed: Int
    package let ended = DispatchSemaphore(value: 0)
    private let lock = DispatchSemaphore(value: 1)
    private var startedCount = 0
    private var refusedCount = 0

    package init(allowing allowed: Int) { self.allowed = allowed }

    /// Threads started so far.
    package var started: Int { counted { startedCount } }
    /// Threads refused so far.
    package var refused: Int { counted { refusedCount } }
    /// Threads asked for so far.
    package var asked: Int { counted { startedCount + refusedCount } }

    private func counted<T>(_ body: () -> T) -> T {
        lock.wait()
        defer { lock.signal() }
        return body()
    }

    package var starter: ThreadStart.Starter {
        { [self] stackBytes, background, body in
            let allows = counted { () -> Bool in
                guard startedCount < allowed else {
                    refusedCount += 1
                    return false
                }
                startedCount += 1
                return true
            }
            guard allows else { return false }
            let ended = ended
            return ThreadStart.system(stackBytes, background) {
                body()
                ended.signal()
            }
        }
    }
}
