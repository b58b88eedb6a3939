/// What a GIF viewer does with a frame's rectangle before drawing the next frame.
public enum GIFDisposal: Int, Equatable, Sendable, CaseIterable {
    /// No instruction; viewers keep the frame, as for `.keep`.
    case unspecified = 0
    /// Leave the frame in place; the next one draws over it.
    case keep = 1
    /// Clear the rectangle to the background, which browsers show as transparent.
    case restoreBackground = 2
    /// Put back what the rectangle held before this frame was drawn.
    case restorePrevious = 3
}
