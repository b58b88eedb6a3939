
/// A circular layer with a border, drawn the way Core Animation composites a square layer
/// with `cornerRadius` = half its side, `masksToBounds`, a background colour, image contents
/// and a border: (1) the background colour clipped to the disc, (2) the contents stretched
/// into the layer's square and clipped to the disc, (3) the border ring between
/// `radius − borderWidth` and `radius` on top, anti-aliased on its own. Because clip and border
/// are anti-aliased independently, a faint fringe of the contents shows in the outermost
/// pixels, as on a device.
public struct CircularLayer: Equatable, Sendable {
    /// Centre in pixels (any sub-pixel position).
    package var center: Point
    /// Half the layer's side in pixels: the clip circle's radius.
    var radius: Double
    /// Border width in pixels (zero for no border).
    var borderWidth: Double
    /// Border colour.
    var borderColor: PremultipliedColor
    /// Background colour under the contents, or nil for none.
    public var backgroundColor: PremultipliedColor?
    /// The image shown, or nil for none; premultiplied images draw without a conversion.
    let contents: RGBAImage?
    /// Whether every pixel of `contents` is opaque, looked at once when the layer is made:
    /// a layer moved from frame to frame keeps it, and drawing it does not scan the image.
    let contentsAreOpaque: Bool
    /// How the contents fill the layer's square.
    var contentsGravity: ContentsGravity

    /// Creates a layer; all lengths in pixels.
    public init(center: Point, radius: Double, borderWidth: Double, borderColor: PremultipliedColor,
                backgroundColor: PremultipliedColor? = nil, contents: RGBAImage? = nil,
                contentsGravity: ContentsGravity = .resize) {
        self.center = center
        self.radius = radius
        self.borderWidth = borderWidth
        self.borderColor = borderColor
        self.backgroundColor = backgroundColor
        self.contents = contents
        contentsAreOpaque = contents?.isOpaque ?? false
        self.contentsGravity = contentsGravity
    }

    /// The layer's square (the contents' destination) in pixels.
    var frame: SubpixelRect { SubpixelRect(center: center, radius: radius) }

    /// Every pixel drawing the layer can change.
    public var pixelBounds: PixelRect { Disc(center: center, radius: radius).pixelBounds }
}

extension Canvas {
    /// Draws `layer` (see `CircularLayer` for the order), changing only pixels inside both
    /// the layer's `pixelBounds` and `clip` (the whole canvas when nil).
    public mutating func draw(_ layer: CircularLayer, clip: PixelRect? = nil) {
        let region = (clip ?? bounds).intersection(bounds).intersection(layer.pixelBounds)
        guard !region.isEmpty else { return }
        let hasBorder = layer.borderWidth > 0 && layer.borderColor != .clear
        let needsClip = layer.backgroundColor != nil || layer.contents != nil
        let masks = CircleCoverage.masks(center: layer.center, outerRadius: layer.radius,
                                         innerRadius: layer.radius - layer.borderWidth, clip: region,
                                         makeDisc: needsClip, makeRing: hasBorder)
        if let background = layer.backgroundColor {
            // Under opaque contents (edge-clamped, so they reach every pixel of the clip) the
            // background only shows in partly covered edge pixels.
            fill(masks.disc, with: background, skippingFullCoverage: layer.contentsAreOpaque)
        }
        if let contents = layer.contents {
            draw(contents, in: layer.frame, gravity: layer.contentsGravity, through: masks.disc)
        }
        if hasBorder {
            fill(masks.ring, with: layer.borderColor)
        }
    }
}
