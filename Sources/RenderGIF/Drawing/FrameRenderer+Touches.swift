import ArcScene
import Raster

/// Touch indicators, drawn above every other layer.
extension FrameRenderer {
    /// The pixels `touches` can change, clipped to the canvas; empty for none.
    func touchBounds(_ touches: [TouchIndicator]) -> PixelRect {
        var area = PixelRect(x: 0, y: 0, width: 0, height: 0)
        for touch in touches {
            area = area.union(touchStyle.disc(for: touch, scale: Double(scale)).pixelBounds)
        }
        return area.intersection(staticCanvas.bounds)
    }

    /// Draws `touches` in order (a later tap's above an earlier one's) onto `target`.
    func drawTouches(_ touches: [TouchIndicator], on target: inout Canvas) {
        for touch in touches {
            target.draw(touchStyle.disc(for: touch, scale: Double(scale)))
        }
    }
}
