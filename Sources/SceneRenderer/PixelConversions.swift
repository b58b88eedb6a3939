import ArcScene
import Raster

extension PremultipliedColor {
    /// The opaque colour a scene names.
    init(_ color: SceneColor) {
        self.init(red: color.r, green: color.g, blue: color.b)
    }
}

extension PixelPoint {
    /// A point in screen points, in pixels at `scale` pixels per point.
    init(_ point: Point, scale: Double) {
        self.init(x: point.x * scale, y: point.y * scale)
    }
}
