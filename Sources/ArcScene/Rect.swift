import GraphicsTypes

/// An axis-aligned rectangle in points.
public struct Rect: Hashable, Sendable {
    /// The left edge.
    public var minX: Double
    /// The top edge.
    public var minY: Double
    /// The right edge.
    public var maxX: Double
    /// The bottom edge.
    public var maxY: Double

    /// Creates the rectangle with the given edges.
    public init(minX: Double, minY: Double, maxX: Double, maxY: Double) {
        self.minX = minX
        self.minY = minY
        self.maxX = maxX
        self.maxY = maxY
    }

    /// The square of side `2 * radius` centred on `center`.
    public init(center: Point, radius: Double) {
        self.init(minX: center.x - radius, minY: center.y - radius,
                  maxX: center.x + radius, maxY: center.y + radius)
    }

    /// The horizontal extent.
    public var width: Double { maxX - minX }
    /// The vertical extent.
    public var height: Double { maxY - minY }
    /// The point halfway between the edges.
    public var center: Point { Point(x: (minX + maxX) / 2, y: (minY + maxY) / 2) }

    /// The smallest rectangle holding both.
    public func union(_ other: Rect) -> Rect {
        Rect(minX: Swift.min(minX, other.minX), minY: Swift.min(minY, other.minY),
             maxX: Swift.max(maxX, other.maxX), maxY: Swift.max(maxY, other.maxY))
    }

    /// True when `other` lies wholly inside this rectangle.
    public func contains(_ other: Rect) -> Bool {
        other.minX >= minX && other.minY >= minY && other.maxX <= maxX && other.maxY <= maxY
    }
}
