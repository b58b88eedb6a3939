/// One RGBA8 colour with red, green and blue already multiplied by alpha, the form the
/// canvas stores and composites.
public struct PremultipliedColor: Hashable, Sendable, CustomStringConvertible {
    /// Red, multiplied by alpha (never above `alpha` for a colour made by `init(red:green:blue:alpha:)`).
    var red: UInt8
    /// Green, multiplied by alpha.
    var green: UInt8
    /// Blue, multiplied by alpha.
    var blue: UInt8
    /// Opacity, 0 (transparent) to 255 (opaque).
    var alpha: UInt8

    /// Creates a colour from straight (not premultiplied) components; each colour channel is
    /// multiplied by `alpha / 255` and rounded to nearest.
    public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
        let a = Int(alpha)
        func scaled(_ c: UInt8) -> UInt8 { UInt8((Int(c) * a + 127) / 255) }
        self.red = scaled(red)
        self.green = scaled(green)
        self.blue = scaled(blue)
        self.alpha = alpha
    }

    /// Creates a colour from components that are already premultiplied.
    init(premultipliedRed red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// Fully transparent.
    public static let clear = PremultipliedColor(premultipliedRed: 0, green: 0, blue: 0, alpha: 0)
    /// `color`, opaque.
    public init(_ color: RGB8) {
        self.init(premultipliedRed: color.r, green: color.g, blue: color.b, alpha: 255)
    }

    /// The named colours of `RGB8`, opaque.
    static let black = PremultipliedColor(RGB8.black)
    static let white = PremultipliedColor(RGB8.white)
    static let red = PremultipliedColor(RGB8.red)
    static let green = PremultipliedColor(RGB8.green)
    static let blue = PremultipliedColor(RGB8.blue)

    /// The colour as `(r,g,b,a)` premultiplied components.
    public var description: String { "(\(red),\(green),\(blue),\(alpha))" }
}
