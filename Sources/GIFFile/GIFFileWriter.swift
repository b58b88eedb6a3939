import CGIF
import Raster
import SafeFiles

/// Writes a GIF89a through giflib onto a `ByteSink` from plain values: a screen, then images
/// whose LZW codes arrive already compressed and are not compressed again, then the end. It
/// knows nothing of palettes or animations; the encoder decides what the values are.
///
/// `writeScreen` writes the header, the logical screen, the global colour table and (when
/// there is a loop count) the NETSCAPE2.0 looping block; `writeImage` writes a graphics control
/// block, the image descriptor with its optional local colour table (after which giflib writes
/// the LZW minimum code size byte, from the table's size), and the compressed data cut into
/// sub-blocks of at most 255 bytes (`EGifPutCode`, `EGifPutCodeNext`); `finish` writes the
/// trailer and releases giflib's state. Each call's bytes reach the sink whole, once giflib
/// has written all of them. Every giflib result is checked; a failure becomes a
/// `GIFFileError` carrying giflib's text (or the sink's own error), after which the writer
/// refuses further work. A writer dropped before `finish` frees giflib's state and writes
/// nothing more.
public final class GIFFileWriter {
    private let bridge: GIFOutputBridge
    private var gif: UnsafeMutablePointer<GifFileType>?
    private var hasScreen = false
    private var imageCount = 0
    private var failure: GIFFileError?
    /// One sub-block: its length byte and up to 255 bytes of data.
    private var block = [GifByteType](repeating: 0, count: 256)

    /// Starts a GIF on `sink`; nothing is written until the first part.
    public init(sink: any ByteSink) throws(GIFFileError) {
        bridge = GIFOutputBridge(sink: sink)
        let gif = try bridge.open()
        EGifSetGifVersion(gif, true)
        self.gif = gif
    }

    deinit {
        guard let gif else { return }
        // The trailer giflib writes now stays in the bridge: an abandoned file gets nothing more.
        EGifCloseFile(gif, nil)
    }

    /// Writes the trailer and releases giflib's state; nothing can be written after it.
    public func finish() throws(GIFFileError) {
        try perform { gif throws(GIFFileError) in
            self.gif = nil
            var closeError: Int32 = 0
            guard EGifCloseFile(gif, &closeError) == GIF_OK else {
                throw .encoderFailed(message: "EGifCloseFile: \(GIFColorTable.errorText(closeError))")
            }
        }
    }

    /// Writes one image: its graphics control block (`delayCentiseconds`, `disposal` as the
    /// GIF's disposal method number, `transparentIndex` or nil), its descriptor at `rect` with
    /// the optional local table, and `compressedData`, the LZW code stream for
    /// `minimumCodeSize`, which must be the code size giflib writes for the image's table.
    public func writeImage(rect: PixelRect, localPalette: [RGB8]?, delayCentiseconds: Int, disposal: Int,
                           transparentIndex: Int?, minimumCodeSize: Int, compressedData: [UInt8]) throws(GIFFileError) {
        try writeImage(rect: rect, localPalette: localPalette, delayCentiseconds: delayCentiseconds, disposal: disposal,
                       transparentIndex: transparentIndex) { gif, codeSize throws(GIFFileError) in
            try putCodes(compressedData, minimumCodeSize: minimumCodeSize, codeSize: codeSize, gif)
        }
    }

    /// Writes the header, the logical screen, the global colour table padded to a power of two
    /// (nil: none), and the NETSCAPE2.0 block with `loopCount` (nil: none).
    public func writeScreen(width: Int, height: Int, globalPalette: [RGB8]?, backgroundIndex: Int,
                             loopCount: Int?) throws(GIFFileError) {
        try perform { gif throws(GIFFileError) in
            guard !hasScreen else { throw .invalidInput(context: "GIF writer", problem: "the screen was already written") }
            hasScreen = true
            let map = try globalPalette.map { (palette) throws(GIFFileError) in try GIFColorTable.makeMap(palette) }
            defer { if let map { GifFreeMapObject(map) } }
            try check(EGifPutScreenDesc(gif, Int32(width), Int32(height), 8, Int32(backgroundIndex), map), "EGifPutScreenDesc")
            guard let loopCount else { return }
            try check(EGifPutExtensionLeader(gif, APPLICATION_EXT_FUNC_CODE), "EGifPutExtensionLeader")
            let identifier = Array("NETSCAPE2.0".utf8)
            try check(EGifPutExtensionBlock(gif, Int32(identifier.count), identifier), "EGifPutExtensionBlock")
            let loop: [UInt8] = [1, UInt8(loopCount & 0xFF), UInt8(loopCount >> 8)]
            try check(EGifPutExtensionBlock(gif, Int32(loop.count), loop), "EGifPutExtensionBlock")
            try check(EGifPutExtensionTrailer(gif), "EGifPutExtensionTrailer")
        }
    }

    /// Writes an image's graphics control block and its descriptor with the optional local
    /// table (padded to a power of two); then `data` writes the image data, given the handle
    /// and the LZW minimum code size giflib has just written for the image's table.
    package func writeImage(rect: PixelRect, localPalette: [RGB8]?, delayCentiseconds: Int, disposal: Int,
                            transparentIndex: Int?,
                            data: (UnsafeMutablePointer<GifFileType>, Int) throws(GIFFileError) -> Void) throws(GIFFileError) {
        try perform { gif throws(GIFFileError) in
            guard hasScreen else {
                throw .invalidInput(context: "GIF image \(imageCount)", problem: "written before the screen")
            }
            var control = GraphicsControlBlock(DisposalMode: Int32(disposal), UserInputFlag: false,
                                               DelayTime: Int32(delayCentiseconds),
                                               TransparentColor: Int32(transparentIndex ?? Int(NO_TRANSPARENT_COLOR)))
            var controlBytes = [GifByteType](repeating: 0, count: 4)
            let controlLength = EGifGCBToExtension(&control, &controlBytes)
            try check(EGifPutExtension(gif, GRAPHICS_EXT_FUNC_CODE, Int32(controlLength), controlBytes), "EGifPutExtension")

            let localMap = try localPalette.map { (palette) throws(GIFFileError) in try GIFColorTable.makeMap(palette) }
            defer { if let localMap { GifFreeMapObject(localMap) } }
            // giflib 5.2 keeps a copy of an image's local table until the next image, and drops
            // it without freeing when that image has none: freed here first, so no table leaks.
            if localMap == nil, let previous = gif.pointee.Image.ColorMap {
                GifFreeMapObject(previous)
                gif.pointee.Image.ColorMap = nil
            }
            try check(EGifPutImageDesc(gif, Int32(rect.x), Int32(rect.y), Int32(rect.width), Int32(rect.height), false, localMap),
                      "EGifPutImageDesc")
            // giflib's rule for the code size byte it wrote: the table's bits, at least 2.
            let table = gif.pointee.Image.ColorMap ?? gif.pointee.SColorMap
            try data(gif, max(2, Int(table?.pointee.BitsPerPixel ?? 0)))
            imageCount += 1
        }
    }

    // MARK: Private

    /// Runs `body` on the open handle, then passes what giflib wrote to the sink; the first
    /// failure is kept and thrown again by every later call.
    private func perform(_ body: (UnsafeMutablePointer<GifFileType>) throws(GIFFileError) -> Void) throws(GIFFileError) {
        if let failure { throw failure }
        guard let gif else { throw .invalidInput(context: "GIF writer", problem: "the GIF was already finished") }
        do throws(GIFFileError) {
            try body(gif)
            try bridge.flush()
        } catch {
            failure = error
            throw error
        }
    }

    /// The image's compressed data in sub-blocks, then the empty block that ends them.
    private func putCodes(_ data: [UInt8], minimumCodeSize: Int, codeSize: Int,
                          _ gif: UnsafeMutablePointer<GifFileType>) throws(GIFFileError) {
        let context = "GIF image \(imageCount)"
        guard minimumCodeSize == codeSize else {
            throw .invalidInput(context: context, problem: "LZW minimum code size \(minimumCodeSize) does not match "
                                + "its colour table, for which giflib writes \(codeSize)")
        }
        guard !data.isEmpty else { throw .invalidInput(context: context, problem: "no compressed data") }
        var offset = 0
        while offset < data.count {
            let length = min(255, data.count - offset)
            let first = offset == 0
            let status = data.withUnsafeBufferPointer { source in
                block.withUnsafeMutableBufferPointer { block in
                    block[0] = GifByteType(length)
                    (block.baseAddress! + 1).update(from: source.baseAddress! + offset, count: length)
                    return first ? EGifPutCode(gif, Int32(codeSize), block.baseAddress)
                                 : EGifPutCodeNext(gif, block.baseAddress)
                }
            }
            try check(status, first ? "EGifPutCode" : "EGifPutCodeNext")
            offset += length
        }
        try check(EGifPutCodeNext(gif, nil), "EGifPutCodeNext")
    }

    /// Turns a giflib status into an error carrying giflib's text.
    private func check(_ status: Int32, _ call: String) throws(GIFFileError) {
        guard status != GIF_OK else { return }
        let code = gif?.pointee.Error ?? 0
        throw .encoderFailed(message: "\(call): \(GIFColorTable.errorText(code))")
    }
}
