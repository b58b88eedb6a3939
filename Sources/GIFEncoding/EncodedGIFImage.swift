import Palette
import Raster

/// One image of a GIF, compressed: what its graphics control block, image descriptor and
/// optional local colour table say, and its LZW data.
///
/// The LZW data is the code stream alone, packed least significant bit first; a file stores
/// it behind the minimum code size byte, cut into sub-blocks of at most 255 bytes, each after
/// its length byte, and ended by an empty block.
public struct EncodedGIFImage: Sendable, Equatable {
    /// Where the image sits on the screen.
    public let rect: PixelRect
    /// The image's own colour table (unpadded, 1 ... 256 colours), or nil for the global one.
    public let localPalette: [RGB8]?
    /// How long the image shows, in hundredths of a second (0 ... 65535).
    public internal(set) var delayCentiseconds: Int
    /// What a viewer does with the rectangle afterwards.
    public let disposal: GIFDisposal
    /// The index drawn as "leave the pixel below", or nil.
    public let transparentIndex: Int?
    /// The LZW minimum code size: the bits of the colour table the image uses, at least 2.
    public let minimumCodeSize: Int
    /// The LZW code stream (never empty: it starts with a clear code and ends with the end code).
    public let compressedData: [UInt8]

    /// The bytes the image takes in a file after its graphics control block: the descriptor
    /// (10), the local table padded to a power of two, the code size byte, the sub-blocks
    /// with their length bytes, and the terminator. Variants of a frame are compared by it.
    var fileSize: Int {
        let table = localPalette.map { 3 << GIFStreamBuilder.tableBits($0.count) } ?? 0
        let blocks = (compressedData.count + 254) / 255
        return 10 + table + 1 + blocks + compressedData.count + 1
    }
}
