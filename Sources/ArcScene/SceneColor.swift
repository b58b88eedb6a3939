/// An opaque sRGB colour with 8-bit channels, as UIKit's named colours are defined.
///
/// UIKit's `whiteColor`, `redColor`, `greenColor` and `blueColor` are exact sRGB values, so
/// the scene can name them without any colour-space conversion.
public struct SceneColor: Hashable, Sendable, CustomStringConvertible {
    /// The red channel, 0 to 255.
    public var r: UInt8
    /// The green channel, 0 to 255.
    public var g: UInt8
    /// The blue channel, 0 to 255.
    public var b: UInt8

    /// Creates the colour with channels (`r`, `g`, `b`).
    public init(r: UInt8, g: UInt8, b: UInt8) {
        self.r = r
        self.g = g
        self.b = b
    }

    /// UIColor.whiteColor: (255, 255, 255), the screen background.
    public static let white = SceneColor(r: 255, g: 255, b: 255)
    /// UIColor.redColor: (255, 0, 0), the arc.
    public static let red = SceneColor(r: 255, g: 0, b: 0)
    /// UIColor.greenColor: (0, 255, 0), the button and head borders.
    public static let green = SceneColor(r: 0, g: 255, b: 0)
    /// UIColor.blueColor: (0, 0, 255), the moving copy's background.
    public static let blue = SceneColor(r: 0, g: 0, b: 255)
    /// UIColor.blackColor: (0, 0, 0).
    public static let black = SceneColor(r: 0, g: 0, b: 0)

    /// The colour packed as 0xRRGGBB.
    public var packed: UInt32 { UInt32(r) << 16 | UInt32(g) << 8 | UInt32(b) }

    /// Creates the colour from a packed 0xRRGGBB value; bits above 24 are ignored.
    public init(packed: UInt32) {
        self.init(r: UInt8(truncatingIfNeeded: packed >> 16),
                  g: UInt8(truncatingIfNeeded: packed >> 8),
                  b: UInt8(truncatingIfNeeded: packed))
    }

    /// The colour written as "#RRGGBB".
    public var description: String {
        let digits = Array("0123456789ABCDEF")
        var text = "#"
        for channel in [r, g, b] {
            text.append(digits[Int(channel >> 4)])
            text.append(digits[Int(channel & 0x0F)])
        }
        return text
    }
}
