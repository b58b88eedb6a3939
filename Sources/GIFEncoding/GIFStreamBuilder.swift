import Palette
import Raster

/// Assembles an animated GIF as parts (`GIFStreamPart`), frame by frame; the caller takes the
/// parts as they are produced (`takeParts()`) and decides how they are written.
///
/// `init` checks the screen and produces it (with the global colour table and loop count);
/// each frame becomes an image with its delay, disposal, transparency, rectangle, optional
/// local colour table and LZW data; `finish()` adds the end.
///
/// An image can be encoded apart from the stream (`encodeImage(_:codeStream:using:)`, safe to call on
/// several threads with one `LZWEncoder` each), compared with other variants by size, and
/// the winner added with its delay (`add(_:delayCentiseconds:)`), so no image is compressed twice.
final class GIFStreamBuilder {
    /// Logical screen width in pixels.
    let width: Int
    /// Logical screen height in pixels.
    let height: Int
    /// The global colour table as given (unpadded), or nil when every frame has its own.
    let globalPalette: [RGB8]?
    /// Frames added so far.
    private(set) var frameCount = 0

    private var parts: [GIFStreamPart] = []
    private var isFinished = false
    /// The coder for frames added whole (`addFrame`), made when first needed.
    private lazy var encoder = LZWEncoder()

    /// Starts a GIF with a `width` x `height` screen (1 ... 65535 each). `globalPalette` holds
    /// 1 ... 256 colours (padded with black to a power of two when written), or nil;
    /// `loopCount` is the NETSCAPE2.0 repeat count (0: forever; nil: no looping block, play once).
    init(width: Int, height: Int, globalPalette: [RGB8]?, loopCount: Int? = 0,
         backgroundIndex: Int = 0) throws(GIFEncodingError) {
        let context = "GIF screen"
        guard (1 ... 65535).contains(width), (1 ... 65535).contains(height) else {
            throw .invalidInput(context: context, problem: "size \(width) x \(height) is outside 1 ... 65535")
        }
        if let globalPalette, !(1 ... 256).contains(globalPalette.count) {
            throw .invalidInput(context: context, problem: "global palette has \(globalPalette.count) colours, not 1 ... 256")
        }
        if let loopCount, !GIFScreen.loopCountRange.contains(loopCount) {
            throw .invalidInput(context: context, problem: "loop count \(loopCount) is outside \(GIFScreen.loopCountRange.lowerBound) ... \(GIFScreen.loopCountRange.upperBound)")
        }
        guard backgroundIndex >= 0, backgroundIndex < max(1, globalPalette?.count ?? 1) else {
            throw .invalidInput(context: context, problem: "background index \(backgroundIndex) is outside the global palette")
        }
        self.width = width
        self.height = height
        self.globalPalette = globalPalette
        parts.append(.screen(GIFScreen(width: width, height: height, globalPalette: globalPalette,
                                       backgroundIndex: backgroundIndex, loopCount: loopCount)))
    }

    /// Validates and compresses `frame` (its delay is left for `add`), without adding it.
    /// `encoder` does the compression (one per thread), unless `codeStream` brings the code
    /// stream of `frame.indices` already made (by `LZWFriendlyIndexChooser`, or ahead on
    /// another thread) for the code size of the table the frame uses (`codeSize(of:)`).
    func encodeImage(_ frame: GIFFrame, codeStream: LZWCodeStream? = nil,
                     using encoder: any LZWCoding) throws(GIFEncodingError) -> EncodedGIFImage {
        try GIFFrameValidator.validate(frame, screen: PixelRect(x: 0, y: 0, width: width, height: height),
                                       globalPalette: globalPalette, context: "GIF frame \(frameCount)")
        let codeSize = codeSize(of: frame)
        precondition(codeStream.map { $0.codeSize == codeSize } ?? true, "a code stream made for another code size")
        let data = (codeStream ?? LZWCodeStream(of: frame.indices, codeSize: codeSize, using: encoder)).bytes
        return EncodedGIFImage(rect: frame.rect, localPalette: frame.localPalette, delayCentiseconds: 0,
                               disposal: frame.disposal, transparentIndex: frame.transparentIndex,
                               minimumCodeSize: codeSize, compressedData: data)
    }

    /// The minimum LZW code size of images that use the global table.
    var globalCodeSize: Int {
        Self.codeSize(tableOf: globalPalette?.count ?? 256)
    }

    /// The minimum LZW code size `frame` is encoded with: its local table's, else the global one's.
    func codeSize(of frame: GIFFrame) -> Int {
        frame.localPalette.map { Self.codeSize(tableOf: $0.count) } ?? globalCodeSize
    }

    /// The minimum LZW code size of an image using a table of `count` colours.
    static func codeSize(tableOf count: Int) -> Int {
        LZWEncoder.minimumCodeSize(tableSize: 1 << tableBits(count))
    }

    /// `encodeImage(_:codeStream:using:)` with the builder's own coder (on the builder's thread).
    func encodeImage(_ frame: GIFFrame, codeStream: LZWCodeStream? = nil) throws(GIFEncodingError) -> EncodedGIFImage {
        try encodeImage(frame, codeStream: codeStream, using: encoder)
    }

    /// Appends `frame` with its own delay, disposal and transparency.
    func addFrame(_ frame: GIFFrame) throws(GIFEncodingError) {
        let image = try encodeImage(frame)
        try add(image, delayCentiseconds: frame.delayCentiseconds)
    }

    /// Appends an image made by `encodeImage`, shown for `delayCentiseconds` (0 ... 65535).
    func add(_ image: EncodedGIFImage, delayCentiseconds: Int) throws(GIFEncodingError) {
        let context = "GIF frame \(frameCount)"
        guard !isFinished else { throw .invalidInput(context: context, problem: "the GIF was already finished") }
        guard (0 ... 65535).contains(delayCentiseconds) else {
            throw .invalidInput(context: context, problem: "delay \(delayCentiseconds) cs is outside 0 ... 65535")
        }
        var image = image
        image.delayCentiseconds = delayCentiseconds
        parts.append(.image(image))
        frameCount += 1
    }

    /// Appends the end; nothing can be added afterwards.
    func finish() throws(GIFEncodingError) {
        guard !isFinished else { throw .invalidInput(context: "GIF writer", problem: "finish() was already called") }
        isFinished = true
        parts.append(.end)
    }

    /// The parts produced since the last call, in order.
    func takeParts() -> [GIFStreamPart] {
        defer { parts = [] }
        return parts
    }

    /// The bits per entry of a table of `count` colours padded to a power of two (1 ... 8).
    static func tableBits(_ count: Int) -> Int {
        var bits = 1
        while 1 << bits < count { bits += 1 }
        return bits
    }
}

/// The LZW code stream of an image's indices, made apart from the image, with the minimum code
/// size it was made for.
struct LZWCodeStream: Sendable {
    /// The minimum code size (at least 2).
    let codeSize: Int
    /// The codes, packed least significant bit first.
    let bytes: [UInt8]
}

extension LZWCodeStream {
    /// The code stream of `indices` at `codeSize`, made by `coder`.
    init(of indices: [UInt8], codeSize: Int, using coder: any LZWCoding) {
        var data: [UInt8] = []
        data.reserveCapacity(indices.count / 2 + 64)
        indices.withUnsafeBufferPointer { indices in
            coder.encode(indices, codeSize: codeSize, into: &data)
        }
        self.init(codeSize: codeSize, bytes: data)
    }
}
