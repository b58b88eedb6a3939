import CJPEGReader
import Raster
import SafeFiles

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Decodes baseline and progressive JPEGs (greyscale, YCbCr, RGB, CMYK and YCCK) into opaque
/// RGBA8 through libjpeg, shown as a photo viewer shows them: turned upright by the Exif
/// orientation, converted to sRGB from an embedded RGB ICC profile, and, for a layer smaller
/// than the picture, decoded at a reduced DCT scale and area-filtered to the layer's pixels.
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
        bytes.withUnsafeBufferPointer { buffer in
            jpeg_reader_decode(buffer.baseAddress, buffer.count, caps, UInt32(clamping: target?.width ?? 0),
                               UInt32(clamping: target?.height ?? 0), &result)
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
        guard let source = result.pixels else {
            throw .corrupt(path: path, message: "libjpeg returned no pixels")
        }
        if result.components == 3, let profile = metadata.iccProfile, let transform = ColorProfileTransform(profile: profile) {
            transform.convert(source, count: width * height)
        }
        if let target, target.width < width || target.height < height {
            var reducer = AreaReducer(sourceWidth: width, sourceHeight: height,
                                      width: min(target.width, width), height: min(target.height, height))
            for y in 0 ..< height {
                reducer.add(source + y * width * 4, y: y, firstColumn: 0, step: 1, count: width)
            }
            return orientation.apply(to: reducer.image())
        }
        let byteCount = width * height * 4
        let pixels = [UInt8](unsafeUninitializedCapacity: byteCount) { buffer, initialized in
            if let target = buffer.baseAddress { memcpy(target, source, byteCount) }
            initialized = byteCount
        }
        return orientation.apply(to: RGBAImage(width: width, height: height, pixels: pixels, isPremultiplied: false))
    }

    /// The NUL-terminated library message held in the result's fixed buffer.
    private static func message(of result: inout JPEGReaderResult) -> String {
        let text = withUnsafeBytes(of: &result.message) { raw in
            DisplayText.libraryMessage(String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self))
        }
        return text.isEmpty ? "libjpeg reported an unnamed error" : text
    }
}
