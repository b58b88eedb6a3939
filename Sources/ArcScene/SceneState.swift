/// What the screen shows at one moment: the static layers, which never change, plus the head
/// or its moving copy.
///
/// Two states of one timeline are equal exactly when they would be drawn the same way.
public struct SceneState: Hashable, Sendable {
    /// The head at rest or the moving copy.
    public let dynamicLayer: DynamicLayer
}
