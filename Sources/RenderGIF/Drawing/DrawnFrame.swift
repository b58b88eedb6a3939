import Raster

/// One frame as the drawing hands it to the encoder and the PNG frame writer.
struct DrawnFrame {
    /// The whole picture.
    var canvas: Canvas
    /// What changed since the previous frame (the whole canvas for the first).
    var damage: PixelRect
    /// The moving or resting head's pixels.
    var spriteBounds: PixelRect
}
