import Raster

/// What `FrameRenderer.render(_:)` reports beside the pixels.
struct RenderedFrame: Equatable, Sendable {
    /// The pixels that may differ from the previous frame (the whole canvas for the first).
    /// Empty when nothing changed (the moving part is where it was).
    var damage: PixelRect
    /// The pixels the moving or resting head covers in this frame, clipped to the canvas:
    /// the region whose content travels with the sprite.
    var spriteBounds: PixelRect
    /// True while the head slides (the moving copy is shown); false while it rests.
    var isMoving: Bool
    /// The pixels the touch indicators cover in this frame, clipped to the canvas; empty
    /// when none shows.
    var touchBounds = PixelRect(x: 0, y: 0, width: 0, height: 0)
}
