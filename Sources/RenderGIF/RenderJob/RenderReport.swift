/// What a finished render reports.
public struct RenderReport: Sendable {
    /// Frames sampled from the timeline (before identical frames were merged).
    public var frameCount: Int
    /// Where the time went.
    public var timings: RenderTimings
    /// The files written, or compared: the GIF (none when rendered to memory), then the
    /// still if the animation has one.
    public var outputs: [String]
    /// For a check: the compared files that show exactly what the rendering shows but hold
    /// other bytes (a still whose image data another zlib build or level compressed); they
    /// are up to date, and left as they are.
    public var compressedDifferently: [String] = []
    /// The GIF, for a render to memory.
    var gif: [UInt8]?
    /// The still's PNG, for a render to memory of an animation with a `poster`.
    var still: [UInt8]?
}
