import Raster

extension PremultipliedColor {
    /// The opaque colour a scene names.
    init(_ color: RGB8) {
        self.init(red: color.r, green: color.g, blue: color.b)
    }
}

extension Point {
    /// This point, given in screen points, as a pixel position at `scale` pixels per point.
    func inPixels(scale: Double) -> Point {
        Point(x: x * scale, y: y * scale)
    }
}
