import CJPEGReader
import Raster

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Decodes baseline and progressive JPEGs (greyscale, YCbCr, RGB, CMYK and YCCK) into opaque
/// straight RGBA8 through libjpeg.
///
/// All libjpeg calls happen inside the C function `jpeg_reader_decode`, which holds the setjmp
/// that libjpeg's errors jump back to; Swift only sees its status and message. Truncated or
/// damaged entropy data is an error here, not a picture with grey blocks.
public enum JPEGDecoder {
    /// Decodes JPEG `bytes`; `path` names the data in errors.
    ///
    /// The size from the frame header is checked against `limits` before any pixel memory exists.
    public static func decode(_ bytes: [UInt8], path: String,
                              limits: ImageLimits = .default) throws(ImageCodecError) -> RGBAImage {
        var result = JPEGReaderResult()
        let caps = JPEGReaderLimits(max_width: UInt32(clamping: limits.maxWidth),
                                    max_height: UInt32(clamping: limits.maxHeight),
                                    max_decoded_bytes: UInt64(clamping: limits.maxDecodedBytes))
        bytes.withUnsafeBufferPointer { buffer in
            jpeg_reader_decode(buffer.baseAddress, buffer.count, caps, &result)
        }
        defer { jpeg_reader_free_pixels(result.pixels) }

        let width = Int(result.width), height = Int(result.height)
        switch result.status {
        case JPEG_READER_OK:
            break
        case JPEG_READER_TOO_LARGE:
            try limits.check(width: width, height: height, path: path)
            throw .tooLarge(path: path, width: width, height: height, limit: "the configured limits")
        default:
            throw .corrupt(path: path, message: message(of: &result))
        }
        guard let source = result.pixels else {
            throw .corrupt(path: path, message: "libjpeg returned no pixels")
        }
        let byteCount = width * height * 4
        let pixels = [UInt8](unsafeUninitializedCapacity: byteCount) { buffer, initialized in
            if let target = buffer.baseAddress { memcpy(target, source, byteCount) }
            initialized = byteCount
        }
        return RGBAImage(width: width, height: height, pixels: pixels, isPremultiplied: false)
    }

    /// The NUL-terminated library message held in the result's fixed buffer.
    private static func message(of result: inout JPEGReaderResult) -> String {
        let text = withUnsafeBytes(of: &result.message) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        return text.isEmpty ? "libjpeg reported an unnamed error" : text
    }
}
