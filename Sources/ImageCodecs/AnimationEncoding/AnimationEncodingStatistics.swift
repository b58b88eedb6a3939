/// What `AnimationEncoder` did with the frames it was given, for progress lines and studies.
public struct AnimationEncodingStatistics: Sendable, Equatable {
    /// Frames passed to `addFrame`.
    public var framesReceived = 0
    /// GIF images written.
    public var framesWritten = 0
    /// Frames that showed nothing new and only lengthened the frame before.
    public var identicalFramesMerged = 0
    /// Frames that would have shown for less than 2 cs and were folded into a neighbour.
    public var shortFramesMerged = 0
    /// Written images that use the transparent index for unchanged pixels.
    public var transparentFrames = 0
    /// Written images that carry a local colour table.
    public var localTableFrames = 0
    /// The GIF's total duration in centiseconds (the sum of the written delays).
    public var totalCentiseconds = 0
    /// Bytes written to the sink.
    public var bytesWritten = 0

    /// Nothing counted yet.
    public init() {}
}
