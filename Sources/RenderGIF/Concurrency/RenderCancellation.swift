import Foundation

/// A request to stop a render, set from any thread (a cancelled task's handler) and read by
/// the render between frames, between the size budget's attempts and before the outputs are
/// moved into place. A stopped render throws `RenderGIFError.cancelled` and, like any failed
/// render, removes its temporary files and leaves existing outputs as they were.
package final class RenderCancellation: @unchecked Sendable {
    private let lock = NSLock()
    private var requested = false

    package init() {}

    /// Asks the render to stop at its next check.
    package func cancel() {
        lock.withLock { requested = true }
    }

    /// Whether `cancel()` was called.
    package var isCancelled: Bool {
        lock.withLock { requested }
    }

    /// Throws `.cancelled` once `cancel()` was called.
    func check() throws(RenderGIFError) {
        if isCancelled { throw .cancelled }
    }
}

extension Optional where Wrapped == RenderCancellation {
    /// Throws `.cancelled` when there is a cancellation and it was requested.
    func check() throws(RenderGIFError) {
        try self?.check()
    }
}
