/// What an `async` render reports as it goes, to the closure given as its `progress`.
public enum RenderEvent: Sendable, Equatable {
    /// The render begins: `totalFrames` frames will be drawn (reported before any picture is
    /// decoded or the palette planned).
    case started(totalFrames: Int)
    /// Frame `index` (0-based) of `totalFrames` is drawn and handed to the encoder.
    case frameFinished(index: Int, totalFrames: Int)
    /// Every frame is done and the outputs are in place (or compared).
    case finished
}

/// A `RenderProgress` that hands each report to a Sendable closure, on the render's thread.
final class ClosureProgress: RenderProgress {
    private let report: @Sendable (RenderEvent) -> Void
    private var totalFrames = 0

    init(_ report: @escaping @Sendable (RenderEvent) -> Void) {
        self.report = report
    }

    func renderDidStart(totalFrames: Int) {
        self.totalFrames = totalFrames
        report(.started(totalFrames: totalFrames))
    }

    func renderDidFinishFrame(_ index: Int) {
        report(.frameFinished(index: index, totalFrames: totalFrames))
    }

    func renderDidFinish() {
        report(.finished)
    }
}
