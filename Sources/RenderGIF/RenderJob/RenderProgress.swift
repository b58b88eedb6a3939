/// What a render reports as it goes. The library calls it; the command decides how to show it
/// (a redrawn bar on a terminal, plain lines when piped, nothing when asked to be quiet).
public protocol RenderProgress: AnyObject {
    /// The job begins: called as soon as the frame count is known, before any image is
    /// decoded or the palette planned; `totalFrames` frames will be drawn.
    func renderDidStart(totalFrames: Int)
    /// Frame `index` (0-based) is drawn and handed to the encoder, which maps and writes it a
    /// few frames behind; `renderDidFinish` comes once everything is written.
    func renderDidFinishFrame(_ index: Int)
    /// Every frame is done and the output is in place (or compared, for a check).
    func renderDidFinish()
}

/// Progress that shows nothing.
public final class SilentProgress: RenderProgress {
    public init() {}
    public func renderDidStart(totalFrames: Int) {}
    public func renderDidFinishFrame(_ index: Int) {}
    public func renderDidFinish() {}
}
