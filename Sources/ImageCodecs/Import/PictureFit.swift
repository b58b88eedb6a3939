/// The layer a picture is decoded for: its side in pixels and how the picture fills it, so a
/// decoder can keep only the pixels the layer can show.
///
/// A picture larger than the layer is reduced to about one pixel per layer pixel along each
/// axis; a picture no larger than the layer is decoded whole and drawn as it is.
public struct PictureFit: Equatable, Sendable {
    /// The layer's side in pixels (diameter in points times pixels per point).
    var side: Double
    /// True when the picture keeps its aspect ratio and its shorter side fills the layer
    /// (`resizeAspectFill`); false when it is stretched to the square (`resize`).
    var preservesAspectRatio: Bool

    /// Creates a fit for a square layer of `side` pixels.
    public init(side: Double, preservesAspectRatio: Bool) {
        self.side = side
        self.preservesAspectRatio = preservesAspectRatio
    }

    /// The size an upright picture of `width` x `height` pixels is reduced to: on each axis the
    /// layer's pixels covered by the picture (rounded up, so no detail the layer can show is
    /// lost), never more than the picture has. The unchanged size means "no reduction".
    func reducedSize(width: Int, height: Int) -> (width: Int, height: Int) {
        guard side.isFinite, side > 0, width > 0, height > 0 else { return (width, height) }
        let layerPixels = Int(min(side.rounded(.up), Double(Int32.max)))
        guard preservesAspectRatio else {
            return (min(width, layerPixels), min(height, layerPixels))
        }
        let shorter = min(width, height), longer = max(width, height)
        guard shorter > layerPixels else { return (width, height) }
        // The longer side keeps the picture's proportions as closely as whole pixels allow,
        // so the crop the layer shows stays where it was.
        let reducedLonger = min(longer, max(layerPixels, Int((Double(longer) * Double(layerPixels) / Double(shorter)).rounded())))
        return width <= height ? (layerPixels, reducedLonger) : (reducedLonger, layerPixels)
    }
}
