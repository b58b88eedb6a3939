import ArcScene
import Raster

/// How a touch indicator looks: a translucent disc centred on the tapped button, with a
/// slightly darker rim, above every other layer. The defaults look like the indicator the
/// iOS Simulator draws with "Show Single Touches": a fingertip-sized light grey disc, half
/// see-through, with a darker edge.
struct TouchIndicatorStyle: Hashable, Sendable {
    /// The rim's width as a fraction of the diameter (2 pt for the default 32 pt).
    static let rimFraction = 1.0 / 16
    /// How much darker the rim is than the disc: each channel times this.
    static let rimShade = 0.7

    /// The disc's diameter in points.
    var diameter: Double
    /// The disc's colour; the rim is the same colour, darker.
    var color: RGB8
    /// The opacity while the finger is down, from 0 to 1.
    var opacity: Double

    /// Creates a style; the defaults are the Simulator-like indicator.
    init(diameter: Double = 32, color: RGB8 = RGB8(200, 200, 200), opacity: Double = 0.6) {
        self.diameter = diameter
        self.color = color
        self.opacity = opacity
    }

    /// The rim's colour: `color` with every channel times `rimShade`, rounded.
    var rimColor: RGB8 {
        func shaded(_ channel: UInt8) -> UInt8 { UInt8((Double(channel) * Self.rimShade).rounded()) }
        return RGB8(shaded(color.r), shaded(color.g), shaded(color.b))
    }

    /// The 8-bit alpha of an indicator whose presence is `presence`:
    /// round(255 · opacity · presence), clamped to 0 ... 255.
    func alpha(presence: Double) -> UInt8 {
        let value = (255 * opacity * presence).rounded()
        guard value > 0 else { return 0 }
        return UInt8(min(value, 255))
    }

    /// The raster disc of `indicator` at `scale` pixels per point.
    func disc(for indicator: TouchIndicator, scale: Double) -> RimmedDisc {
        let alpha = alpha(presence: indicator.presence)
        let rim = rimColor
        return RimmedDisc(center: Point(x: indicator.center.x * scale, y: indicator.center.y * scale),
                          radius: diameter / 2 * scale, rimWidth: diameter * Self.rimFraction * scale,
                          fillColor: PremultipliedColor(red: color.r, green: color.g, blue: color.b, alpha: alpha),
                          rimColor: PremultipliedColor(red: rim.r, green: rim.g, blue: rim.b, alpha: alpha))
    }
}
