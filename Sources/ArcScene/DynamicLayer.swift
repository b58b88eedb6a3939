import Raster

/// The one layer that changes over time: the head at rest or its moving copy, centred on a
/// position in screen points.
public enum DynamicLayer: Hashable, Sendable {
    /// The head image view shows, resting on `button` at `center`.
    case restingHead(button: Int, center: Point)
    /// The head view is hidden and the copy is at `center` on its way.
    case movingCopy(center: Point)

    /// The layer's centre.
    public var center: Point {
        switch self {
        case let .restingHead(_, center), let .movingCopy(center): return center
        }
    }

    /// True while the head view is hidden because its copy is moving.
    public var isMoving: Bool {
        if case .movingCopy = self { return true }
        return false
    }
}
