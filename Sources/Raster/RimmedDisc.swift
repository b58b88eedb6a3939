/// A translucent disc with a rim of its own colour, such as a touch indicator: the disc of
/// `radius` filled with `fillColor`, then the ring between `radius − rimWidth` and `radius`
/// composited over it with `rimColor`, each through its exact analytic coverage, source-over
/// in premultiplied RGBA8 (as `CircularLayer` draws a background and its border).
public struct RimmedDisc: Equatable, Sendable {
    /// Centre in pixels (any sub-pixel position).
    var center: Point
    /// Outer radius in pixels.
    var radius: Double
    /// The rim's width in pixels, inside the radius (zero for no rim).
    var rimWidth: Double
    /// The disc's colour, premultiplied (its alpha is the disc's opacity).
    var fillColor: PremultipliedColor
    /// The rim's colour, premultiplied.
    var rimColor: PremultipliedColor

    /// Creates the disc; all lengths in pixels.
    public init(center: Point, radius: Double, rimWidth: Double, fillColor: PremultipliedColor,
                rimColor: PremultipliedColor) {
        self.center = center
        self.radius = radius
        self.rimWidth = rimWidth
        self.fillColor = fillColor
        self.rimColor = rimColor
    }

    /// Every pixel drawing the disc can change.
    public var pixelBounds: PixelRect { Disc(center: center, radius: radius).pixelBounds }
}

extension Canvas {
    /// Draws `disc`, changing only pixels inside its `pixelBounds`.
    public mutating func draw(_ disc: RimmedDisc) {
        let region = bounds.intersection(disc.pixelBounds)
        guard !region.isEmpty, disc.fillColor != .clear || disc.rimColor != .clear else { return }
        let hasRim = disc.rimWidth > 0 && disc.rimColor != .clear
        let masks = CircleCoverage.masks(center: disc.center, outerRadius: disc.radius,
                                         innerRadius: disc.radius - disc.rimWidth, clip: region,
                                         makeDisc: true, makeRing: hasRim)
        fill(masks.disc, with: disc.fillColor)
        if hasRim { fill(masks.ring, with: disc.rimColor) }
    }
}
