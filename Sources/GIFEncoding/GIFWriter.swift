import Palette
import Raster

/// Writes an animated GIF89a into memory, frame by frame; the caller takes the bytes as they
/// are produced (`takeBytes()`) and decides where they go.
///
/// `init` produces the header, the logical screen, the global colour table and (when
/// `loopCount` is set) the NETSCAPE2.0 looping block; each frame is a graphics control block,
/// an image descriptor with an optional local colour table, and the LZW-compressed indices;
/// `finish()` adds the trailer. The bytes are those giflib writes for the same calls.
///
/// An image can be encoded apart from the stream (`encodeImage(_:using:)`, safe to call on
/// several threads with one `LZWEncoder` each), compared with other variants by size, and
/// the winner added with its delay (`add(_:delayCentiseconds:)`), so no image is compressed twice.
final class GIFWriter {
    /// Logical screen width in pixels.
    let width: Int
    /// Logical screen height in pixels.
    let height: Int
    /// The global colour table as given (unpadded), or nil when every frame has its own.
    let globalPalette: [RGB8]?
    /// Frames written so far.
    private(set) var frameCount = 0
    /// Bytes produced so far, taken or not.
    private(set) var bytesWritten = 0

    private var buffer: [UInt8] = []
    private var isFinished = false
    /// The coder for frames added whole (`addFrame`), made when first needed.
    private lazy var encoder = LZWEncoder()

    /// Starts a GIF with a `width` x `height` screen (1 ... 65535 each). `globalPalette` holds
    /// 1 ... 256 colours (padded with black to a power of two), or nil; `loopCount` is the
    /// NETSCAPE2.0 repeat count (0: forever; nil: no looping block, play once).
    init(width: Int, height: Int, globalPalette: [RGB8]?, loopCount: Int? = 0,
                backgroundIndex: Int = 0) throws(GIFEncodingError) {
        let context = "GIF screen"
        guard (1 ... 65535).contains(width), (1 ... 65535).contains(height) else {
            throw .invalidInput(context: context, problem: "size \(width) x \(height) is outside 1 ... 65535")
        }
        if let globalPalette, !(1 ... 256).contains(globalPalette.count) {
            throw .invalidInput(context: context, problem: "global palette has \(globalPalette.count) colours, not 1 ... 256")
        }
        if let loopCount, !(0 ... 65535).contains(loopCount) {
            throw .invalidInput(context: context, problem: "loop count \(loopCount) is outside 0 ... 65535")
        }
        guard backgroundIndex >= 0, backgroundIndex < max(1, globalPalette?.count ?? 1) else {
            throw .invalidInput(context: context, problem: "background index \(backgroundIndex) is outside the global palette")
        }
        self.width = width
        self.height = height
        self.globalPalette = globalPalette
        buffer.append(contentsOf: Array("GIF89a".utf8))
        appendWord(width)
        appendWord(height)
        let resolution: UInt8 = 7 << 4
        if let globalPalette {
            let bits = Self.tableBits(globalPalette.count)
            buffer.append(0x80 | resolution | UInt8(bits - 1))
        } else {
            buffer.append(resolution | 0x07)
        }
        buffer.append(UInt8(backgroundIndex))
        buffer.append(0)
        if let globalPalette { appendTable(globalPalette) }
        if let loopCount {
            buffer.append(contentsOf: [0x21, 0xFF, 11] + Array("NETSCAPE2.0".utf8))
            buffer.append(contentsOf: [3, 1, UInt8(loopCount & 0xFF), UInt8(loopCount >> 8), 0])
        }
        bytesWritten = buffer.count
    }

    /// Validates and encodes `frame` as an image descriptor, optional local table and LZW data,
    /// without adding it. `encoder` does the compression (one per thread).
    func encodeImage(_ frame: GIFFrame, using encoder: any LZWCoding) throws(GIFEncodingError) -> EncodedImage {
        try encodeImage(frame, lzwData: nil, using: encoder)
    }

    /// `encodeImage(_:using:)` with the image data already made (by `LZWFriendlyIndexChooser`,
    /// for the global table's code size) when `lzwData` is given.
    func encodeImage(_ frame: GIFFrame, lzwData: [UInt8]?, using encoder: any LZWCoding) throws(GIFEncodingError) -> EncodedImage {
        try GIFFrameValidator.validate(frame, screen: PixelRect(x: 0, y: 0, width: width, height: height),
                                       globalPalette: globalPalette, context: "GIF frame \(frameCount)")
        return Self.encode(frame, globalPalette: globalPalette, lzwData: lzwData, using: encoder)
    }

    /// The minimum LZW code size of images that use the global table.
    var globalCodeSize: Int {
        LZWEncoder.minimumCodeSize(tableSize: 1 << Self.tableBits(globalPalette?.count ?? 256))
    }

    /// `encodeImage(_:using:)` with the writer's own coder (on the writer's thread).
    func encodeImage(_ frame: GIFFrame) throws(GIFEncodingError) -> EncodedImage {
        try encodeImage(frame, using: encoder)
    }

    /// Appends `frame` with its own delay, disposal and transparency.
    func addFrame(_ frame: GIFFrame) throws(GIFEncodingError) {
        let image = try encodeImage(frame)
        try add(image, delayCentiseconds: frame.delayCentiseconds)
    }

    /// Appends an image encoded by `encodeImage`, shown for `delayCentiseconds` (0 ... 65535).
    func add(_ image: EncodedImage, delayCentiseconds: Int) throws(GIFEncodingError) {
        let context = "GIF frame \(frameCount)"
        guard !isFinished else { throw .invalidInput(context: context, problem: "the GIF was already finished") }
        guard (0 ... 65535).contains(delayCentiseconds) else {
            throw .invalidInput(context: context, problem: "delay \(delayCentiseconds) cs is outside 0 ... 65535")
        }
        let flags = UInt8(image.disposal.rawValue & 0x07) << 2 | (image.transparentIndex == nil ? 0 : 1)
        let transparent = UInt8(truncatingIfNeeded: image.transparentIndex ?? 0xFF)
        buffer.append(contentsOf: [0x21, 0xF9, 4, flags, UInt8(delayCentiseconds & 0xFF), UInt8(delayCentiseconds >> 8),
                                   transparent, 0])
        buffer.append(contentsOf: image.bytes)
        bytesWritten += 8 + image.bytes.count
        frameCount += 1
    }

    /// Appends the trailer; nothing can be added afterwards.
    func finish() throws(GIFEncodingError) {
        guard !isFinished else { throw .invalidInput(context: "GIF writer", problem: "finish() was already called") }
        isFinished = true
        buffer.append(0x3B)
        bytesWritten += 1
    }

    /// The bytes produced since the last call, in order.
    func takeBytes() -> [UInt8] {
        defer { buffer = [] }
        return buffer
    }

    // MARK: Encoding

    /// The bits per entry of a table of `count` colours padded to a power of two (1 ... 8).
    static func tableBits(_ count: Int) -> Int {
        var bits = 1
        while 1 << bits < count { bits += 1 }
        return bits
    }

    private static func encode(_ frame: GIFFrame, globalPalette: [RGB8]?, lzwData: [UInt8]?,
                               using encoder: any LZWCoding) -> EncodedImage {
        let rect = frame.rect
        var bytes: [UInt8] = [0x2C]
        bytes.reserveCapacity(rect.area / 2 + 64)
        for value in [rect.x, rect.y, rect.width, rect.height] {
            bytes.append(UInt8(value & 0xFF))
            bytes.append(UInt8(value >> 8))
        }
        let tableCount: Int
        if let local = frame.localPalette {
            let bits = tableBits(local.count)
            bytes.append(0x80 | UInt8(bits - 1))
            appendTable(local, to: &bytes)
            tableCount = 1 << bits
        } else {
            bytes.append(0)
            tableCount = 1 << tableBits(globalPalette?.count ?? 256)
        }
        if let lzwData, frame.localPalette == nil {
            bytes += lzwData
        } else {
            let codeSize = LZWEncoder.minimumCodeSize(tableSize: tableCount)
            frame.indices.withUnsafeBufferPointer { indices in
                encoder.encode(indices, codeSize: codeSize, into: &bytes)
            }
        }
        return EncodedImage(rect: rect, disposal: frame.disposal, transparentIndex: frame.transparentIndex, bytes: bytes)
    }

    private func appendWord(_ value: Int) {
        buffer.append(UInt8(value & 0xFF))
        buffer.append(UInt8(value >> 8))
    }

    private func appendTable(_ colors: [RGB8]) {
        Self.appendTable(colors, to: &buffer)
    }

    private static func appendTable(_ colors: [RGB8], to bytes: inout [UInt8]) {
        let size = 1 << tableBits(colors.count)
        for color in colors { bytes.append(contentsOf: [color.r, color.g, color.b]) }
        bytes.append(contentsOf: repeatElement(0, count: (size - colors.count) * 3))
    }
}

/// One image encoded apart from the stream: its descriptor, local table and LZW data, and
/// what its graphics control block needs besides the delay.
struct EncodedImage: Sendable, Equatable {
    /// Where the image sits on the screen.
    var rect: PixelRect
    /// What a viewer does with the rectangle afterwards.
    var disposal: GIFDisposal
    /// The transparent index, if any.
    var transparentIndex: Int?
    /// Descriptor, optional local table and image data.
    var bytes: [UInt8]
}
