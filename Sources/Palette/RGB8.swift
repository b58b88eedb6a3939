/// An opaque sRGB colour with 8-bit channels: one entry of a GIF colour table.
public struct RGB8: Hashable, Sendable, Comparable, CustomStringConvertible {
    public var r: UInt8
    public var g: UInt8
    public var b: UInt8

    public init(_ r: UInt8, _ g: UInt8, _ b: UInt8) {
        self.r = r
        self.g = g
        self.b = b
    }

    /// The colour packed as 0xRRGGBB, handy as a dictionary key and for ordering.
    public var packed: UInt32 { UInt32(r) << 16 | UInt32(g) << 8 | UInt32(b) }

    public static func < (lhs: RGB8, rhs: RGB8) -> Bool { lhs.packed < rhs.packed }

    public var description: String { "(\(r),\(g),\(b))" }
}
