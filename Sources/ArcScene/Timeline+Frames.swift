/// Sampling a timeline into frames at a fixed rate: frame k shows the scene at exactly
/// t = k / fps, and frames cover [0, T).
extension Timeline {
    /// The largest frame count the sampler hands out (about 93 hours at 50 fps).
    static let maximumFrameCount = 1 << 24

    /// How close, relative to its size, T·fps must be to a whole number to count as one.
    static let frameCountTolerance = 1e-9

    /// The number of frames ceil(T·fps), robust to rounding: a product within 1e-9 (relative)
    /// of a whole number counts as that number, so 0.1·3 s at 10 fps is 3 frames, not 4.
    /// A timeline of zero length still has one frame, the scene at t = 0.
    ///
    /// - Throws: `.invalidFrameRate` for fps below 1, `.tooManyFrames` when the count would
    ///   exceed `maximumFrameCount`.
    public func frameCount(fps: Int) throws(SceneError) -> Int {
        guard fps >= 1 else { throw .invalidFrameRate(fps: fps) }
        let product = totalDuration * Double(fps)
        guard product.isFinite, product <= Double(Self.maximumFrameCount) else {
            throw .tooManyFrames(duration: totalDuration, fps: fps)
        }
        let nearest = product.rounded()
        let tolerance = Self.frameCountTolerance * max(1, abs(product))
        let count = abs(product - nearest) <= tolerance ? nearest : product.rounded(.up)
        return max(1, Int(count))
    }

    /// The time in seconds of frame `index`: exactly Double(index) / Double(fps).
    ///
    /// - Throws: `.invalidFrameRate` for fps below 1.
    func frameTime(_ index: Int, fps: Int) throws(SceneError) -> Double {
        guard fps >= 1 else { throw .invalidFrameRate(fps: fps) }
        return Double(index) / Double(fps)
    }
}
