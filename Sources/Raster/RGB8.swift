/// An opaque sRGB colour with 8-bit channels: a colour the scene names, and one entry of a
/// GIF colour table.
///
/// UIKit's named colours are exact sRGB values, so the scene uses them without any
/// colour-space conversion. The description is the `#RRGGBB` text that flags, scene files and
/// the help show.
public struct RGB8: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The red channel, 0 to 255.
    public var r: UInt8
    /// The green channel, 0 to 255.
    public var g: UInt8
    /// The blue channel, 0 to 255.
    public var b: UInt8

    /// Creates the colour with channels (`r`, `g`, `b`).
    public init(_ r: UInt8, _ g: UInt8, _ b: UInt8) {
        self.r = r
        self.g = g
        self.b = b
    }

    /// Creates the colour from a packed 0xRRGGBB value; bits above 24 are ignored.
    public init(packed: UInt32) {
        self.init(UInt8(truncatingIfNeeded: packed >> 16), UInt8(truncatingIfNeeded: packed >> 8),
                  UInt8(truncatingIfNeeded: packed))
    }

    /// UIColor.whiteColor: (255, 255, 255), the screen background.
    public static let white = RGB8(255, 255, 255)
    /// UIColor.redColor: (255, 0, 0), the arc.
    public static let red = RGB8(255, 0, 0)
    /// UIColor.greenColor: (0, 255, 0), the button and head borders.
    public static let green = RGB8(0, 255, 0)
    /// UIColor.blueColor: (0, 0, 255), the moving copy's background.
    public static let blue = RGB8(0, 0, 255)
    /// UIColor.blackColor: (0, 0, 0).
    public static let black = RGB8(0, 0, 0)

    /// The colour packed as 0xRRGGBB, handy as a dictionary key and for ordering.
    public var packed: UInt32 { UInt32(r) << 16 | UInt32(g) << 8 | UInt32(b) }

    /// Orders colours by their packed value: red first, then green, then blue.
    public static func < (lhs: RGB8, rhs: RGB8) -> Bool { lhs.packed < rhs.packed }

    /// The colour written as "#RRGGBB", upper-case hex digits.
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
