import CPNG
import Raster

/// Decodes any PNG (palette, grey, grey+alpha, RGB, RGBA; 1 to 16 bits; interlaced; tRNS)
/// into straight (not premultiplied) RGBA8 through libpng's simplified `png_image` API.
///
/// That API keeps libpng's longjmp inside libpng and reports failure as a zero return with a
/// message, so no jump ever reaches Swift. Colour handling:
/// - 8-bit files without gAMA, with sRGB, or with a gAMA close to 1/2.2 come out byte for byte
///   (libpng treats all three as sRGB and has nothing to convert);
/// - 16-bit files without gAMA/sRGB are taken as sRGB-encoded (`PNG_IMAGE_FLAG_16BIT_sRGB`)
///   and scaled to 8 bits, as browsers show them, rather than as linear light;
/// - a file whose gAMA says another encoding is converted to sRGB, which is what it means.
public enum PNGDecoder {
    /// Decodes PNG `bytes`; `path` names the data in errors.
    ///
    /// The size from the header is checked against `limits` before any pixel memory exists.
    public static func decode(_ bytes: [UInt8], path: String,
                              limits: ImageLimits = .default) throws(ImageCodecError) -> RGBAImage {
        var image = png_image()
        image.version = png_uint_32(PNG_IMAGE_VERSION)
        // png_image_free releases libpng's state; it is safe after libpng already released it.
        defer { png_image_free(&image) }

        let began = bytes.withUnsafeBytes { raw in
            png_image_begin_read_from_memory(&image, raw.baseAddress, raw.count)
        }
        guard began != 0 else { throw .corrupt(path: path, message: message(of: &image)) }

        let width = Int(image.width), height = Int(image.height)
        try limits.check(width: width, height: height, path: path)

        image.format = png_uint_32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA)
        image.flags |= png_uint_32(PNG_IMAGE_FLAG_16BIT_sRGB)
        let byteCount = width * height * 4
        var finished: Int32 = 0
        let pixels = [UInt8](unsafeUninitializedCapacity: byteCount) { buffer, initialized in
            finished = png_image_finish_read(&image, nil, buffer.baseAddress, 0, nil)
            initialized = finished != 0 ? byteCount : 0
        }
        guard finished != 0 else { throw .corrupt(path: path, message: message(of: &image)) }
        return RGBAImage(width: width, height: height, pixels: pixels, isPremultiplied: false)
    }

    /// libpng's NUL-terminated message from the fixed buffer inside `png_image`.
    static func message(of image: inout png_image) -> String {
        let text = withUnsafeBytes(of: &image.message) { raw -> String in
            let characters = raw.prefix { $0 != 0 }
            return String(decoding: characters, as: UTF8.self)
        }
        return text.isEmpty ? "libpng reported an unnamed error" : text
    }
}
