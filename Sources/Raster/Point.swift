/// A position in the plane: origin at the top-left, x grows to the right, y grows downward,
/// as in UIKit and in the canvas alike.
///
/// The unit is a matter of the value, not of the type: the scene places layers in UIKit
/// screen points, the rasterizer draws at pixel positions (points × scale), where pixel
/// (x, y) covers the square [x, x+1) × [y, y+1). Every property or parameter holding a point
/// says which unit it is in.
public struct Point: Hashable, Sendable {
    /// Horizontal position, growing to the right.
    public var x: Double
    /// Vertical position, growing downward.
    public var y: Double

    /// Creates the point at (`x`, `y`).
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// The origin (0, 0): the top-left corner.
    public static let zero = Point(x: 0, y: 0)

    /// True when both coordinates are finite numbers.
    public var isFinite: Bool { x.isFinite && y.isFinite }
}
