import CGIF
import GIFEncoding
import GIFFile
import Palette
import Raster
import SafeFiles

/// Writes an animated GIF89a through giflib with giflib's own LZW encoder (`EGifPutLine`),
/// frame by frame, to a `ByteSink`: the reference that files written from GIFEncoding's
/// compressed images must match byte for byte.
///
/// The screen, the blocks and the descriptors go through `GIFFileWriter`, the product's
/// writer; only the image data differs, compressed here by giflib from the frame's indices.
/// `init` writes the header, logical screen, global colour table and (when `loopCount` is set)
/// the NETSCAPE2.0 looping block; each `addFrame` writes one image; `finish()` the trailer.
public final class GiflibGIFWriter {
    private let writer: GIFFileWriter
    private var row: [GifPixelType] = []

    /// Starts a GIF on `sink` with a `width` x `height` screen. The values are not checked:
    /// this writer is only a reference for tests.
    ///
    /// `globalPalette` holds 1 ... 256 colours (padded to a power of two when written), or nil.
    public init(sink: any ByteSink, width: Int, height: Int, globalPalette: [RGB8]?,
                loopCount: Int? = 0, backgroundIndex: Int = 0) throws(GIFFileError) {
        writer = try GIFFileWriter(sink: sink)
        try writer.writeScreen(width: width, height: height, globalPalette: globalPalette,
                               backgroundIndex: backgroundIndex, loopCount: loopCount)
    }

    /// Appends `frame`; it must lie inside the screen and use only indices of its palette.
    public func addFrame(_ frame: GIFFrame) throws(GIFFileError) {
        let rect = frame.rect
        try writer.writeImage(rect: rect, localPalette: frame.localPalette, delayCentiseconds: frame.delayCentiseconds,
                              disposal: frame.disposal.rawValue, transparentIndex: frame.transparentIndex) { gif, _ throws(GIFFileError) in
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
                guard status == GIF_OK else {
                    throw .encoderFailed(message: "EGifPutLine: \(GIFColorTable.errorText(gif.pointee.Error))")
                }
            }
        }
    }

    /// Writes the trailer and releases giflib's state. The sink is not closed or committed.
    public func finish() throws(GIFFileError) {
        try writer.finish()
    }
}
