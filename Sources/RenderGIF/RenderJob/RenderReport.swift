/// What a finished render reports.
public struct RenderReport: Sendable {
    /// Frames sampled from the timeline (before identical frames were merged).
    public var frameCount: Int
    /// Where the time went.
    public var timings: RenderTimings
    /// The files written, or compared: the GIF (none when rendered to memory), then the
    /// still if the animation has one.
    public var outputs: [String]
    /// The GIF, for a render to memory.
    var gif: [UInt8]?
    /// The still's PNG, for a render to memory of an animation with a `poster`.
    var still: [UInt8]?
}
