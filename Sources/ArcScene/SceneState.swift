/// What the screen shows at one moment: the static layers, which never change, plus the head
/// or its moving copy, and the touch indicators above everything.
///
/// Two states of one timeline are equal exactly when they would be drawn the same way.
public struct SceneState: Hashable, Sendable {
    /// The head at rest or the moving copy.
    public let dynamicLayer: DynamicLayer
    /// The touch indicators showing, in tap order; empty without touches.
    public var touches: [TouchIndicator] = []
}
