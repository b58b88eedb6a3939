import Palette
import Raster

/// The start of a GIF as the encoder hands it over: the logical screen, its global colour
/// table and the NETSCAPE2.0 loop count, checked by the encoder.
public struct GIFScreen: Sendable, Equatable {
    /// Logical screen width in pixels (1 ... 65535).
    public let width: Int
    /// Logical screen height in pixels (1 ... 65535).
    public let height: Int
    /// The global colour table, 1 ... 256 colours, unpadded (a file stores it padded with
    /// black to a power of two); nil when every image has its own.
    public let globalPalette: [RGB8]?
    /// The global colour table index of the screen's background.
    public let backgroundIndex: Int
    /// The NETSCAPE2.0 repeat count (0: forever, up to 65535), or nil for no looping block
    /// (the animation plays once).
    public let loopCount: Int?

    /// The repeat counts a NETSCAPE2.0 block can hold (16 bits; 0 repeats forever).
    public static let loopCountRange = 0 ... 65535
}
