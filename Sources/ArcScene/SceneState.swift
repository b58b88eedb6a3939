import GraphicsTypes

/// What the screen shows at one moment: the static layers plus the head or its moving copy.
///
/// Two states are equal exactly when they would be drawn the same way by the same layout;
/// `changedRect(from:to:)` gives the area that can differ between two states.
public struct SceneState: Hashable, Sendable {
    /// The centres of the buttons in points, in index order.
    public let buttonCenters: [Point]
    /// The side of the square round layers, in points.
    public let layerDiameter: Double
    /// The head at rest or the moving copy.
    public let dynamicLayer: DynamicLayer

    /// Creates a state.
    public init(buttonCenters: [Point], layerDiameter: Double, dynamicLayer: DynamicLayer) {
        self.buttonCenters = buttonCenters
        self.layerDiameter = layerDiameter
        self.dynamicLayer = dynamicLayer
    }

    /// The layers to draw, bottom first: background, arc, buttons 0 to n − 1, then the head
    /// or the moving copy on top of everything.
    public var layers: [SceneLayer] {
        var result: [SceneLayer] = [.background, .arc]
        result.reserveCapacity(buttonCenters.count + 3)
        for (index, center) in buttonCenters.enumerated() {
            result.append(.button(index: index, center: center))
        }
        result.append(dynamicLayer.sceneLayer)
        return result
    }

    /// True while the head view is hidden and its copy moves.
    public var isHeadHidden: Bool { dynamicLayer.isMoving }

    /// The exact bounds in points of the head or the moving copy.
    public var dynamicBounds: Rect {
        Rect(center: dynamicLayer.center, radius: layerDiameter / 2)
    }
}

/// The rectangle in points that can differ between two states of the same layout: the union
/// of the dynamic layer's bounds in both, or nil when the states are identical.
///
/// The bounds are exact; a renderer pads them to whole pixels and for anti-aliasing.
public func changedRect(from old: SceneState, to new: SceneState) -> Rect? {
    old == new ? nil : old.dynamicBounds.union(new.dynamicBounds)
}
