import CJPEGReader
import Raster
import SafeFiles
import WorkThreads

/// Decodes baseline and progressive JPEGs (greyscale, YCbCr, RGB, CMYK and YCCK) into opaque
/// RGBA8 through libjpeg, shown as a photo viewer shows them: turned upright by the Exif
/// orientation, converted to sRGB from an embedded RGB ICC profile, and, for a layer smaller
/// than the picture, area-filtered to the layer's pixels row by row as libjpeg decodes them
/// (the whole picture never exists in RGBA). libjpeg decodes at 1/8, 2/8 or 4/8 of the size
/// only where that is still JPEG_READER_SCALE_MARGIN times the layer's size, and whole
/// otherwise, so the result agrees with the whole picture area-filtered.
///
/// All libjpeg calls happen inside the C function `jpeg_reader_decode`, which holds the setjmp
/// that libjpeg's errors jump back to; Swift only sees its status and message. Truncated or
/// damaged entropy data is an error here, not a picture with grey blocks. Damaged metadata
/// (orientation, profile) is no error: the picture is shown as stored.
enum JPEGDecoder {
    /// Decodes JPEG `bytes`; `path` names the data in errors. With a `fit`, a picture larger
    /// than the layer comes back reduced (and premultiplied); otherwise at its full size, straight.
    ///
    /// The size from the frame header is checked against `limits` before any pixel memory exists,
    /// and so is the memory libjpeg would need (a progressive file keeps all its coefficients).
    static func decode(_ bytes: [UInt8], path: String, limits: ImageLimits = .default,
                              fit: PictureFit? = nil) throws(ImageCodecError) -> RGBAImage {
        let metadata = JPEGMetadata(bytes)
        let orientation = metadata.exif.map { ExifOrientation(tiff: $0) } ?? .up
        // The reduced size in the stored orientation; nil when the whole picture is wanted.
        var target: (width: Int, height: Int)?
        if let fit, let stored = metadata.frameSize {
            let upright = orientation.exchangedSize(width: stored.width, height: stored.height)
            let reduced = fit.reducedSize(width: upright.width, height: upright.height)
            let storedReduced = orientation.exchangedSize(width: reduced.width, height: reduced.height)
            if storedReduced != stored { target = storedReduced }
        }

        var result = JPEGReaderResult()
        let caps = JPEGReaderLimits(max_width: UInt32(clamping: limits.maxWidth),
                                    max_height: UInt32(clamping: limits.maxHeight),
                                    max_decoded_bytes: UInt64(clamping: limits.maxDecodedBytes),
                                    max_working_bytes: UInt64(clamping: limits.maxWorkingBytes))
        let rows = JPEGRowCollector(target: target, profile: metadata.iccProfile,
                                    decodedSize: metadata.frameSize.map { decodedSize(stored: $0, target: target) })
        func decodeRows() {
            withExtendedLifetime(rows) {
                let context = Unmanaged.passUnretained(rows).toOpaque()
                bytes.withUnsafeBufferPointer { buffer in
                    jpeg_reader_decode(buffer.baseAddress, buffer.count, caps, UInt32(clamping: target?.width ?? 0),
                                       UInt32(clamping: target?.height ?? 0), { context, decoding, rgba, y in
                                           guard let context, let decoding, let rgba else { return }
                                           Unmanaged<JPEGRowCollector>.fromOpaque(context).takeUnretainedValue()
                                               .take(rgba, y: Int(y), decoding: decoding.pointee)
                                       }, context, &result)
                }
            }
            rows.finish()
        }
        if rows.queue != nil {
            // Piece 0 decodes; piece 1, on a helper if there is one, converts rows meanwhile.
            WorkerPool.shared.perform(2) { piece in piece == 0 ? decodeRows() : rows.convertRows() }
        } else {
            decodeRows()
        }
        defer { jpeg_reader_free_pixels(result.pixels) }

        let width = Int(result.width), height = Int(result.height)
        switch result.status {
        case JPEG_READER_OK:
            break
        case JPEG_READER_TOO_LARGE:
            try limits.check(width: width, height: height, path: path)
            throw .tooLarge(path: path, width: width, height: height, limit: "the configured limits")
        case JPEG_READER_OVER_MEMORY:
            throw limits.overMemory(path: path, width: Int(result.image_width), height: Int(result.image_height),
                                    needed: Int(clamping: result.working_bytes), progressive: result.progressive != 0)
        default:
            throw .corrupt(path: path, message: message(of: &result))
        }
        guard let sink = rows.sink, rows.rowsTaken == height else {
            throw .corrupt(path: path, message: "libjpeg returned no pixels")
        }
        return orientation.apply(to: sink.image())
    }

    /// Where the decoded rows go: the whole picture, or a reducer from what libjpeg decoded to
    /// the target; at a reduced scale one that maps each target pixel onto the part of the
    /// picture it covers at full size.
    static func sink(decoded result: JPEGReaderResult, target: (width: Int, height: Int)?) -> PictureRowSink {
        let width = Int(result.width), height = Int(result.height)
        guard let target, target.width < width || target.height < height else {
            return PictureRowSink(width: width, height: height, target: (width, height))
        }
        let reduced = (width: min(target.width, width), height: min(target.height, height))
        let eighths = Int(result.scale_num)
        if eighths >= 1 && eighths < 8 {
            return PictureRowSink(reducer: AreaReducer(pictureWidth: Int(result.image_width), pictureHeight: Int(result.image_height),
                                                       eighths: eighths, width: reduced.width, height: reduced.height))
        }
        return PictureRowSink(width: width, height: height, target: reduced)
    }

    /// The size libjpeg decodes a picture stored at `stored` to, for `target` (nil: whole):
    /// the stored size times the scale `jpeg_reader_scale_num` picks, rounded up.
    static func decodedSize(stored: (width: Int, height: Int), target: (width: Int, height: Int)?)
        -> (width: Int, height: Int) {
        let eighths = Int(jpeg_reader_scale_num(UInt32(clamping: stored.width), UInt32(clamping: stored.height),
                                                UInt32(clamping: target?.width ?? 0), UInt32(clamping: target?.height ?? 0)))
        return ((stored.width * eighths + 7) / 8, (stored.height * eighths + 7) / 8)
    }

    /// The NUL-terminated library message held in the result's fixed buffer.
    private static func message(of result: inout JPEGReaderResult) -> String {
        let text = withUnsafeBytes(of: &result.message) { raw in
            DisplayText.libraryMessage(String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self))
        }
        return text.isEmpty ? "libjpeg reported an unnamed error" : text
    }
}
