import Dispatch
import Raster
import SafeFiles
import WorkThreads

/// Writes a sequence of PNG files, encoding each frame on a background thread (a helper of
/// `WorkerPool`) while the caller prepares the next one, so rendering and compression share
/// two cores; in a process the system gives no helper, on the caller's thread.
///
/// At most one frame is in flight: `write(_:to:)` first waits for the previous frame's file to
/// be committed, then hands the new frame over and returns. Each file's bytes depend only on
/// its frame and the options, and files are committed in the order they were given, so timing
/// changes nothing in the output. Every file is written through `AtomicFileWriter` (temporary
/// file and rename in the destination folder): a failed frame leaves no partial file.
///
/// A failure is reported by the next `write(_:to:)` or by `finish()`, and stays: once a frame
/// has failed, every later call throws the same error and nothing more is written. Use one
/// writer from one thread at a time.
public final class PNGFrameWriter {
    /// The compression settings used for every frame.
    let options: PNGEncodingOptions

    private var inFlight: PNGFrameJob?
    private var failure: ImageCodecError?

    /// A writer that encodes every frame with the fast settings (`PNGEncodingOptions.fast`).
    public convenience init() {
        self.init(options: .fast)
    }

    /// A writer that encodes every frame with `options`.
    init(options: PNGEncodingOptions) {
        self.options = options
    }

    /// Waits for a frame still being written, so no temporary file outlives the writer.
    deinit {
        inFlight?.waitUntilDone()
    }

    /// Starts writing `image` to `path` once the previous frame is on disk; returns without
    /// waiting for this frame. Throws the previous frame's error, or an earlier one.
    public func write(_ image: RGBAImage, to path: String) throws(ImageCodecError) {
        try settlePrevious()
        let options = self.options
        start(PNGFrameJob { () throws(ImageCodecError) in try PNGEncoder.write(image, to: path, options: options) })
    }

    /// Starts writing `image` as frame `index` of `folder` once the previous frame is stored;
    /// returns without waiting for this frame. Throws the previous frame's error, or an earlier one.
    public func write(_ image: RGBAImage, frame index: Int, in folder: FrameFolder) throws(ImageCodecError) {
        try settlePrevious()
        let options = self.options
        start(PNGFrameJob { () throws(ImageCodecError) in
            let png = try PNGEncoder.encode(image, options: options)
            do throws(FileError) { try folder.store(png, frame: index) } catch { throw .file(error) }
        })
    }

    /// Hands `job` to a helper (or runs it here when there is none) as the frame in flight.
    private func start(_ job: PNGFrameJob) {
        inFlight = job
        WorkerPool.shared.start { job.run() }
    }

    /// Waits until every frame handed over is on disk; throws the first error if any failed.
    public func finish() throws(ImageCodecError) {
        try settlePrevious()
    }

    private func settlePrevious() throws(ImageCodecError) {
        if let job = inFlight {
            inFlight = nil
            job.waitUntilDone()
            if failure == nil, let error = job.error { failure = error }
        }
        if let failure { throw failure }
    }
}

/// One frame's background write: the work, dropped as soon as it has run (with what it holds:
/// a frames folder, whose staging folder goes with it), then the outcome, published to the
/// waiting thread by a semaphore (the signal orders the write of `error` before the waiter's
/// read, and the work's release before the waiter goes on).
private final class PNGFrameJob: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private var work: (() throws(ImageCodecError) -> Void)?
    private var finished = false
    private(set) var error: ImageCodecError?

    init(_ work: @escaping () throws(ImageCodecError) -> Void) {
        self.work = work
    }

    /// Runs the work and records its error; called once, on a helper or the writer's thread.
    func run() {
        runAndDropWork()
        done.signal()
    }

    /// Not inlined, so that the work is released when it returns, before `done` is signalled.
    @inline(never)
    private func runAndDropWork() {
        guard let work else { return }
        self.work = nil
        do { try work() } catch { self.error = error }
    }

    /// Blocks until `run` has finished; only the owning writer's thread calls this.
    func waitUntilDone() {
        guard !finished else { return }
        done.wait()
        finished = true
    }
}
