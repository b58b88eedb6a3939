
/// An axis-aligned rectangle in pixel coordinates with sub-pixel position and size, for
/// example the destination of a stretched image.
struct SubpixelRect: Hashable, Sendable {
    /// Left edge in pixels.
    var x: Double
    /// Top edge in pixels.
    var y: Double
    /// Width in pixels.
    var width: Double
    /// Height in pixels.
    var height: Double

    /// Creates a rectangle from its top-left corner and size, all in pixels.
    init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The square of side `2 * radius` centred on `center`.
    init(center: Point, radius: Double) {
        self.init(x: center.x - radius, y: center.y - radius, width: 2 * radius, height: 2 * radius)
    }

    /// True when all four numbers are finite and the size is positive.
    var isDrawable: Bool {
        x.isFinite && y.isFinite && width.isFinite && height.isFinite && width > 0 && height > 0
    }

    /// The smallest rectangle of whole pixels holding this one (empty when not drawable).
    var enclosingPixels: PixelRect {
        PixelRect.enclosing(minX: x, minY: y, maxX: x + width, maxY: y + height)
    }
}
