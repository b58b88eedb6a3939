import GraphicsTypes

/// One thing to draw, in the order Core Animation composites the demo's layers.
///
/// Sizes, widths and colours come from the `SceneLayout`; a layer only says what it is and
/// where its centre is, in screen points.
public enum SceneLayer: Hashable, Sendable {
    /// The opaque screen background (`SceneLayout.backgroundColor`), full screen.
    case background
    /// The red arc stroke from the layout's `arcStartAngle` to `arcEndAngle`.
    case arc
    /// Button `index` with its image, clip and border, centred on `center`.
    case button(index: Int, center: Point)
    /// The head image view resting on button `button`, centred on `center`.
    case head(button: Int, center: Point)
    /// The moving copy of the head (with its background colour) centred on `center`.
    case movingCopy(center: Point)

    /// The layer's centre, or nil for the full-screen background and the arc.
    public var center: Point? {
        switch self {
        case .background, .arc: return nil
        case let .button(_, center), let .head(_, center), let .movingCopy(center): return center
        }
    }
}

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

    /// The layer as it appears at the top of the draw order.
    public var sceneLayer: SceneLayer {
        switch self {
        case let .restingHead(button, center): return .head(button: button, center: center)
        case let .movingCopy(center): return .movingCopy(center: center)
        }
    }

    /// True while the head view is hidden because its copy is moving.
    public var isMoving: Bool {
        if case .movingCopy = self { return true }
        return false
    }
}
