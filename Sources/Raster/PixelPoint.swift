/// A position in pixel coordinates: origin at the top-left corner of the canvas, y grows
/// downward, pixel (x, y) covers the square [x, x+1) × [y, y+1). Sub-pixel values are allowed.
public struct PixelPoint: Hashable, Sendable, CustomStringConvertible {
    /// Horizontal position in pixels.
    public var x: Double
    /// Vertical position in pixels (downward).
    public var y: Double

    /// Creates a point from pixel coordinates.
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// True when both coordinates are finite numbers.
    public var isFinite: Bool { x.isFinite && y.isFinite }

    /// The point as text, for error messages and test output.
    public var description: String { "(\(x), \(y))" }
}

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
    public init(center: PixelPoint, radius: Double) {
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

extension PixelRect {
    /// Coordinates beyond this magnitude are clamped before conversion to Int, so no input
    /// can trap; no canvas is anywhere near that large.
    static let coordinateLimit = 1.0e9

    /// The smallest rectangle of whole pixels holding the real rectangle [minX, maxX] × [minY, maxY];
    /// empty when a bound is not finite or the rectangle is inverted.
    static func enclosing(minX: Double, minY: Double, maxX: Double, maxY: Double) -> PixelRect {
        guard minX.isFinite, minY.isFinite, maxX.isFinite, maxY.isFinite, minX <= maxX, minY <= maxY else {
            return PixelRect(x: 0, y: 0, width: 0, height: 0)
        }
        func clamp(_ v: Double) -> Int { Int(Swift.min(Swift.max(v, -coordinateLimit), coordinateLimit)) }
        let x0 = clamp(minX.rounded(.down)), y0 = clamp(minY.rounded(.down))
        let x1 = clamp(maxX.rounded(.up)), y1 = clamp(maxY.rounded(.up))
        return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}
