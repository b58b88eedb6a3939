import Palette
import Raster

/// One image of an animated GIF: a rectangle of palette indices and how long it shows.
public struct GIFFrame: Equatable, Sendable {
    /// Where the frame's pixels sit on the logical screen.
    public var rect: PixelRect
    /// `rect.width * rect.height` palette indices, rows top to bottom.
    public var indices: [UInt8]
    /// The frame's own colour table, or nil to use the global one.
    ///
    /// Written tables are padded with black to a power of two (2 ... 256 entries), so a table
    /// read back from a file can be longer than the one written.
    public var localPalette: [RGB8]?
    /// How long the frame shows, in hundredths of a second (0 ... 65535).
    public var delayCentiseconds: Int
    /// What happens to the frame's rectangle before the next frame.
    public var disposal: GIFDisposal
    /// The index drawn as "leave the pixel below", or nil when every index is a colour.
    public var transparentIndex: Int?

    /// Creates a frame; the encoder validates it when it is added.
    public init(rect: PixelRect, indices: [UInt8], localPalette: [RGB8]? = nil,
                delayCentiseconds: Int, disposal: GIFDisposal = .keep, transparentIndex: Int? = nil) {
        self.rect = rect
        self.indices = indices
        self.localPalette = localPalette
        self.delayCentiseconds = delayCentiseconds
        self.disposal = disposal
        self.transparentIndex = transparentIndex
    }
}

/// What a GIF viewer does with a frame's rectangle before drawing the next frame.
public enum GIFDisposal: Int, Equatable, Sendable, CaseIterable {
    /// No instruction; viewers keep the frame, as for `.keep`.
    case unspecified = 0
    /// Leave the frame in place; the next one draws over it.
    case keep = 1
    /// Clear the rectangle to the background, which browsers show as transparent.
    case restoreBackground = 2
    /// Put back what the rectangle held before this frame was drawn.
    case restorePrevious = 3
}
