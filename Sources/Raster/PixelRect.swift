/// An axis-aligned rectangle of whole pixels: columns `x ..< x + width`, rows `y ..< y + height`.
///
/// The currency between the renderer, which knows what changed, and the GIF encoder, which
/// writes only that part of a frame.
public struct PixelRect: Hashable, Sendable, CustomStringConvertible {
    /// The first column.
    public var x: Int
    /// The first row.
    public var y: Int
    /// The number of columns, never negative.
    public var width: Int
    /// The number of rows, never negative.
    public var height: Int

    /// Creates a rectangle; a negative width or height is stored as zero (an empty rectangle).
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = max(0, width)
        self.height = max(0, height)
    }

    /// One past the last column.
    public var maxX: Int { x + width }
    /// One past the last row.
    public var maxY: Int { y + height }
    /// True when the rectangle holds no pixel.
    public var isEmpty: Bool { width == 0 || height == 0 }
    /// The number of pixels inside.
    public var area: Int { width * height }

    /// The smallest rectangle holding both; an empty operand is ignored.
    public func union(_ other: PixelRect) -> PixelRect {
        if isEmpty { return other }
        if other.isEmpty { return self }
        let minX = Swift.min(x, other.x), minY = Swift.min(y, other.y)
        return PixelRect(x: minX, y: minY,
                         width: Swift.max(maxX, other.maxX) - minX,
                         height: Swift.max(maxY, other.maxY) - minY)
    }

    /// The pixels both rectangles hold (empty when they do not overlap).
    public func intersection(_ other: PixelRect) -> PixelRect {
        let minX = Swift.max(x, other.x), minY = Swift.max(y, other.y)
        let w = Swift.min(maxX, other.maxX) - minX
        let h = Swift.min(maxY, other.maxY) - minY
        guard w > 0, h > 0 else { return PixelRect(x: minX, y: minY, width: 0, height: 0) }
        return PixelRect(x: minX, y: minY, width: w, height: h)
    }

    /// True when every pixel of `other` lies inside this rectangle (an empty `other` always does).
    public func contains(_ other: PixelRect) -> Bool {
        other.isEmpty || (other.x >= x && other.y >= y && other.maxX <= maxX && other.maxY <= maxY)
    }

    /// The rectangle as "WIDTHxHEIGHT+X+Y", ImageMagick's geometry notation.
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
