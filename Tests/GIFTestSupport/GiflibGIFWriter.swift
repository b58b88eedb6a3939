import CGIF
import GIFEncoding
import ImageCodecs
import Palette
import Raster

/// Writes an animated GIF89a through giflib, frame by frame, to a `ByteSink`: the reference
/// that the pure-Swift `GIFWriter` must match byte for byte.
///
/// The header, logical screen, global colour table and (when `loopCount` is set) the
/// NETSCAPE2.0 looping block are written by `init`; each `addFrame` writes a graphics control
/// block, an image descriptor with an optional local colour table, and the LZW-compressed
/// indices, and keeps nothing afterwards; `finish()` writes the trailer. Every giflib result is
/// checked; a failure becomes an `ImageCodecError` carrying giflib's text (or the sink's own
/// error), after which the writer refuses further work. A writer dropped before `finish()`
/// frees giflib's state without writing anything more.
public final class GiflibGIFWriter {
    /// Logical screen width in pixels.
    public let width: Int
    /// Logical screen height in pixels.
    public let height: Int
    /// The global colour table as given (unpadded), or nil when every frame has its own.
    public let globalPalette: [RGB8]?
    /// The NETSCAPE2.0 loop count (0 = forever), or nil for no looping block (play once).
    public let loopCount: Int?
    /// The global colour table index of the screen background.
    public let backgroundIndex: Int
    /// Frames written so far.
    public private(set) var frameCount = 0
    /// Bytes the sink has accepted so far; after `addFrame` returns, that frame is all written.
    public var bytesWritten: Int { bridge.bytesWritten }

    private let bridge: GIFOutputBridge
    private var gif: UnsafeMutablePointer<GifFileType>?
    private var failure: ImageCodecError?
    private var row: [GifPixelType] = []

    /// Starts a GIF on `sink` with a `width` x `height` screen. The values are not checked:
    /// this writer is only the reference for `GIFWriter`, which checks them.
    ///
    /// `globalPalette` holds 1 ... 256 colours (padded to a power of two when written), or nil.
    public init(sink: any ByteSink, width: Int, height: Int, globalPalette: [RGB8]?,
                loopCount: Int? = 0, backgroundIndex: Int = 0) throws(ImageCodecError) {
        self.width = width
        self.height = height
        self.globalPalette = globalPalette
        self.loopCount = loopCount
        self.backgroundIndex = backgroundIndex
        self.bridge = GIFOutputBridge(sink: sink)

        var openError: Int32 = 0
        gif = EGifOpen(bridge.userData, { gif, bytes, count in
            GIFOutputBridge.bridge(of: gif)?.accept(bytes, count: count) ?? 0
        }, &openError)
        guard let gif else {
            throw .encoderFailed(format: "GIF", message: "EGifOpen: \(GIFColorTable.errorText(openError))")
        }
        do throws(ImageCodecError) {
            try writeHeader(gif)
        } catch {
            abandon()
            throw error
        }
    }

    deinit { abandon() }

    /// Appends `frame`; it must lie inside the screen and use only indices of its palette.
    public func addFrame(_ frame: GIFFrame) throws(ImageCodecError) {
        try write(frame, context: "GIF frame \(frameCount)")
        frameCount += 1
    }

    /// Writes the trailer and releases giflib's state. The sink is not closed or committed.
    public func finish() throws(ImageCodecError) {
        if let failure { throw failure }
        guard let gif else { throw .invalidInput(context: "GIF writer", problem: "finish() was already called") }
        self.gif = nil
        var closeError: Int32 = 0
        let status = EGifCloseFile(gif, &closeError)
        // giflib does not check the trailer write itself; the bridge saw it.
        if let sinkFailure = bridge.failure { throw remember(sinkFailure) }
        if status != GIF_OK {
            throw remember(.encoderFailed(format: "GIF", message: "EGifCloseFile: \(GIFColorTable.errorText(closeError))"))
        }
    }

    // MARK: Writing

    private func writeHeader(_ gif: UnsafeMutablePointer<GifFileType>) throws(ImageCodecError) {
        EGifSetGifVersion(gif, true)
        let map = try globalPalette.map { (palette) throws(ImageCodecError) in try GIFColorTable.makeMap(palette) }
        defer { if let map { GifFreeMapObject(map) } }
        try check(EGifPutScreenDesc(gif, Int32(width), Int32(height), 8, Int32(backgroundIndex), map),
                  "EGifPutScreenDesc")
        guard let loopCount else { return }
        try check(EGifPutExtensionLeader(gif, APPLICATION_EXT_FUNC_CODE), "EGifPutExtensionLeader")
        let identifier = Array("NETSCAPE2.0".utf8)
        try check(EGifPutExtensionBlock(gif, Int32(identifier.count), identifier), "EGifPutExtensionBlock")
        let loop: [UInt8] = [1, UInt8(loopCount & 0xFF), UInt8(loopCount >> 8)]
        try check(EGifPutExtensionBlock(gif, Int32(loop.count), loop), "EGifPutExtensionBlock")
        try check(EGifPutExtensionTrailer(gif), "EGifPutExtensionTrailer")
    }

    private func write(_ frame: GIFFrame, context: String) throws(ImageCodecError) {
        if let failure { throw failure }
        guard let gif else { throw .invalidInput(context: context, problem: "the GIF was already finished") }

        var control = GraphicsControlBlock(DisposalMode: Int32(frame.disposal.rawValue), UserInputFlag: false,
                                           DelayTime: Int32(frame.delayCentiseconds),
                                           TransparentColor: Int32(frame.transparentIndex ?? Int(NO_TRANSPARENT_COLOR)))
        var controlBytes = [GifByteType](repeating: 0, count: 4)
        let controlLength = EGifGCBToExtension(&control, &controlBytes)
        try check(EGifPutExtension(gif, GRAPHICS_EXT_FUNC_CODE, Int32(controlLength), controlBytes), "EGifPutExtension")

        let localMap = try frame.localPalette.map { (palette) throws(ImageCodecError) in try GIFColorTable.makeMap(palette) }
        defer { if let localMap { GifFreeMapObject(localMap) } }
        let rect = frame.rect
        try check(EGifPutImageDesc(gif, Int32(rect.x), Int32(rect.y), Int32(rect.width), Int32(rect.height), false, localMap),
                  "EGifPutImageDesc")

        // EGifPutLine masks the line in place, so each row goes through a scratch copy.
        if row.count != rect.width { row = [GifPixelType](repeating: 0, count: rect.width) }
        for y in 0 ..< rect.height {
            let start = y * rect.width
            let status = frame.indices.withUnsafeBufferPointer { source in
                row.withUnsafeMutableBufferPointer { line in
                    line.baseAddress!.update(from: source.baseAddress! + start, count: rect.width)
                    return EGifPutLine(gif, line.baseAddress, Int32(rect.width))
                }
            }
            try check(status, "EGifPutLine")
        }
    }

    /// Turns a giflib status into an error carrying the sink's error or giflib's text.
    private func check(_ status: Int32, _ call: String) throws(ImageCodecError) {
        guard status != GIF_OK else { return }
        if let sinkFailure = bridge.failure { throw remember(sinkFailure) }
        let code = gif?.pointee.Error ?? 0
        throw remember(.encoderFailed(format: "GIF", message: "\(call): \(GIFColorTable.errorText(code))"))
    }

    private func remember(_ error: ImageCodecError) -> ImageCodecError {
        failure = error
        return error
    }

    /// Frees giflib's state without emitting the trailer.
    private func abandon() {
        guard let gif else { return }
        self.gif = nil
        bridge.discarding = true
        EGifCloseFile(gif, nil)
    }
}
