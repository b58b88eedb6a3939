import CPNG
import Foundation
import Raster

/// Encodes RGBA8 images as PNG through libpng's simplified `png_image` write API.
///
/// The output is deterministic: libpng's fixed default compression and filter settings, no
/// time chunk, an sRGB chunk. Premultiplied input is accepted and turned straight first with
/// the rounding inverse of premultiplication (`c * 255 / a`, rounded, capped at 255); fully
/// transparent pixels become (0, 0, 0, 0).
public enum PNGEncoder {
    /// The PNG file bytes for `image`.
    public static func encode(_ image: RGBAImage) throws(ImageCodecError) -> Data {
        guard image.width > 0, image.height > 0 else {
            throw .invalidInput(context: "PNG image", problem: "\(image.width) x \(image.height) has no pixels")
        }
        guard image.width <= Int(Int32.max) / 4, image.height <= Int(Int32.max) else {
            throw .invalidInput(context: "PNG image", problem: "\(image.width) x \(image.height) is too large")
        }
        let straight = image.isPremultiplied ? unpremultiplied(image.pixels) : image.pixels

        var description = png_image()
        description.version = png_uint_32(PNG_IMAGE_VERSION)
        description.width = png_uint_32(image.width)
        description.height = png_uint_32(image.height)
        description.format = png_uint_32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA)
        defer { png_image_free(&description) }

        // Large enough for incompressible data (deflate's stored blocks, IDAT chunking and the
        // fixed chunks) so one pass normally suffices; libpng says so when it does not.
        let raw = image.height * (image.width * 4 + 1)
        var capacity = raw + raw / 64 + 1024
        for _ in 0 ..< 2 {
            var output = Data(count: capacity)
            var size = png_alloc_size_t(capacity)
            let written = output.withUnsafeMutableBytes { target in
                straight.withUnsafeBytes { source in
                    png_image_write_to_memory(&description, target.baseAddress, &size, 0,
                                              source.baseAddress, 0, nil)
                }
            }
            if written != 0 {
                output.count = Int(size)
                return output
            }
            guard Int(size) > capacity else { break }
            capacity = Int(size)
        }
        throw .encoderFailed(format: "PNG", message: PNGDecoder.message(of: &description))
    }

    /// Encodes `image` and writes it to `path` atomically (see `AtomicFileWriter`).
    public static func write(_ image: RGBAImage, to path: String) throws(ImageCodecError) {
        try AtomicFileWriter.writeAtomically(try encode(image), to: path)
    }

    /// Straight RGBA from premultiplied RGBA: each colour becomes round(c * 255 / a).
    static func unpremultiplied(_ pixels: [UInt8]) -> [UInt8] {
        var result = pixels
        result.withUnsafeMutableBufferPointer { bytes in
            var index = 0
            while index < bytes.count {
                let alpha = Int(bytes[index + 3])
                if alpha == 0 {
                    bytes[index] = 0; bytes[index + 1] = 0; bytes[index + 2] = 0
                } else if alpha < 255 {
                    for channel in index ..< index + 3 {
                        let value = (Int(bytes[channel]) * 255 + alpha / 2) / alpha
                        bytes[channel] = UInt8(min(255, value))
                    }
                }
                index += 4
            }
        }
        return result
    }
}
