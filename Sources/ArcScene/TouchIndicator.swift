import Raster

/// A touch indicator on screen: where the finger is (the tapped button's centre) and how
/// much of it shows.
public struct TouchIndicator: Hashable, Sendable {
    /// The tapped button.
    public let button: Int
    /// The indicator's centre in screen points: the button's centre.
    public let center: Point
    /// 1 while the finger is down, falling to 0 over the fade after the lift; the renderer
    /// multiplies the indicator's opacity by it.
    public let presence: Double
}
