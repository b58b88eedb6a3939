import Foundation
import GIFEncoding
import WorkThreads

/// The renders for Swift concurrency: each runs on a thread of its own, off the caller's
/// executor, and stops when its task is cancelled.
///
/// Cancellation is observed between frames (and between the size budget's attempts, and
/// before the outputs are moved into place): the render then throws `CancellationError`,
/// having removed its temporary files and left every existing output as it was. A picture
/// being decoded or a palette being planned finishes first, which for the pictures of a
/// phone takes a fraction of a second. Progress goes to a `@Sendable` closure, called on the
/// render's thread.
extension Animation {
    /// Writes the animation as a GIF to `path` (and its still to `poster`, if set; with
    /// `framesFolder`, every frame as `frame-00000.png`, ... into that folder), as the
    /// synchronous `render(to:framesFolder:progress:)` does.
    @discardableResult
    public func render(to path: String, framesFolder: String? = nil,
                       progress: (@Sendable (RenderEvent) -> Void)? = nil) async throws -> RenderReport {
        try await Self.runOnOwnThread(progress: progress) { reporter, cancellation throws(RenderGIFError) in
            try RenderJob.run(self, to: .file(path), framesFolder: framesFolder, progress: reporter, cancellation: cancellation)
        }
    }

    /// Renders the animation as a GIF in memory, and its still if `poster` is set; writes
    /// no file. As the synchronous `renderGIF(progress:)` does.
    public func renderGIF(progress: (@Sendable (RenderEvent) -> Void)? = nil) async throws -> RenderedGIF {
        try await Self.runOnOwnThread(progress: progress) { reporter, cancellation throws(RenderGIFError) in
            RenderedGIF(try RenderJob.run(self, to: .memory, progress: reporter, cancellation: cancellation))
        }
    }

    /// Compares the GIF at `path` (and the still at `poster`, if set) with what rendering the
    /// animation would write, without writing anything. As the synchronous
    /// `check(against:progress:)` does.
    public func check(against path: String, progress: (@Sendable (RenderEvent) -> Void)? = nil) async throws -> CheckResult {
        try await Self.runOnOwnThread(progress: progress) { reporter, cancellation throws(RenderGIFError) in
            try checkResult(against: path) { () throws(RenderGIFError) in
                try RenderJob.run(self, to: .check(path), progress: reporter, cancellation: cancellation)
            }
        }
    }

    /// Runs `work` on a new thread and resumes with its result; the calling task's
    /// cancellation asks the work to stop, and `.cancelled` becomes `CancellationError`. A
    /// thread the system refuses (`startThread` says so) throws `.threadRefused`, and nothing
    /// is rendered.
    static func runOnOwnThread<Result: Sendable>(
        progress: (@Sendable (RenderEvent) -> Void)?, startThread: ThreadStart.Starter = ThreadStart.system,
        _ work: @escaping @Sendable (any RenderProgress, RenderCancellation) throws(RenderGIFError) -> Result
    ) async throws -> Result {
        let cancellation = RenderCancellation()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Result, any Error>) in
                // The size a process's main thread has, for the same depth of calls.
                let started = startThread(renderThreadStackSize, false) {
                    let reporter: any RenderProgress = progress.map { ClosureProgress($0) } ?? SilentProgress()
                    do throws(RenderGIFError) {
                        continuation.resume(returning: try work(reporter, cancellation))
                    } catch .cancelled {
                        continuation.resume(throwing: CancellationError())
                    } catch {
                        continuation.resume(throwing: error)
                    }
                }
                if !started { continuation.resume(throwing: RenderGIFError.threadRefused) }
            }
        } onCancel: {
            cancellation.cancel()
        }
    }

    /// The stack of a render's own thread.
    static let renderThreadStackSize = 8 << 20
}
