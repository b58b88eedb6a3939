import GraphicsTypes

/// An axis-aligned rectangle in pixel coordinates with sub-pixel position and size, for
/// example the destination of a stretched image.
public struct SubpixelRect: Hashable, Sendable, CustomStringConvertible {
    /// Left edge in pixels.
    public var x: Double
    /// Top edge in pixels.
    public var y: Double
    /// Width in pixels.
    public var width: Double
    /// Height in pixels.
    public var height: Double

    /// Creates a rectangle from its top-left corner and size, all in pixels.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The square of side `2 * radius` centred on `center`.
    public init(center: Point, radius: Double) {
        self.init(x: center.x - radius, y: center.y - radius, width: 2 * radius, height: 2 * radius)
    }

    /// True when all four numbers are finite and the size is positive.
    public var isDrawable: Bool {
        x.isFinite && y.isFinite && width.isFinite && height.isFinite && width > 0 && height > 0
    }

    /// The smallest rectangle of whole pixels holding this one (empty when not drawable).
    public var enclosingPixels: PixelRect {
        PixelRect.enclosing(minX: x, minY: y, maxX: x + width, maxY: y + height)
    }

    /// The rectangle as text, for error messages and test output.
    public var description: String { "\(width)x\(height)+\(x)+\(y)" }
}
