import Foundation
import Raster
import SafeFiles

/// Encodes RGBA8 images as PNG through libpng's low-level write API (the `CPNGWriter` target).
///
/// The output is deterministic: fixed compression and filter settings (`PNGEncodingOptions`),
/// no time chunk, an sRGB chunk. An image whose every alpha is 255 is written as RGB (colour
/// type 2), which decodes to the same RGBA pixels and is smaller and faster to compress.
/// Premultiplied input is turned straight first with the rounding inverse of premultiplication
/// (`c * 255 / a`, rounded, capped at 255); fully transparent pixels become (0, 0, 0, 0).
/// Opaque premultiplied pixels are already straight, so they are passed on without a copy.
public enum PNGEncoder {
    /// The PNG file bytes for `image` with the settings the frames folder's PNGs use, so a
    /// still and the frame of the same time are the same file.
    public static func encode(_ image: RGBAImage) throws(ImageCodecError) -> Data {
        try encode(image, options: .fast)
    }

    /// The PNG file bytes for `image`, compressed as `options` say.
    static func encode(_ image: RGBAImage, options: PNGEncodingOptions) throws(ImageCodecError) -> Data {
        guard image.width > 0, image.height > 0 else {
            throw .invalidInput(context: "PNG image", problem: "\(image.width) x \(image.height) has no pixels")
        }
        guard image.width <= Int(Int32.max) / 4, image.height <= Int(Int32.max) else {
            throw .invalidInput(context: "PNG image", problem: "\(image.width) x \(image.height) is too large")
        }
        try options.validate()
        let opaque = isOpaque(image.pixels)
        let straight = image.isPremultiplied && !opaque ? image.unpremultiplied().pixels : image.pixels
        var encoded: Result<Data, ImageCodecError> = .failure(.encoderFailed(format: "PNG", message: "not run"))
        straight.withUnsafeBytes { raw in
            do throws(ImageCodecError) {
                encoded = .success(try PNGLibraryWriter.encode(pixels: raw, width: image.width, height: image.height,
                                                               rowBytes: image.width * 4, opaque: opaque,
                                                               options: options))
            } catch {
                encoded = .failure(error)
            }
        }
        return try encoded.get()
    }

    /// Encodes `image` and writes it to `path` atomically (see `AtomicFileWriter`).
    static func write(_ image: RGBAImage, to path: String,
                             options: PNGEncodingOptions = .fast) throws(ImageCodecError) {
        let png = try encode(image, options: options)
        do { try AtomicFileWriter.writeAtomically(png, to: path) } catch { throw .file(error) }
    }

    /// True when every pixel's alpha byte (every fourth byte) is 255.
    ///
    /// Reads whole pixels as 32-bit words when the bytes are aligned for it (array storage
    /// always is), which lets the loop run on vector registers, several times faster than
    /// byte by byte.
    static func isOpaque(_ pixels: [UInt8]) -> Bool {
        pixels.withUnsafeBufferPointer { bytes in
            guard let base = bytes.baseAddress, bytes.count % 4 == 0,
                  Int(bitPattern: base) % MemoryLayout<UInt32>.alignment == 0 else {
                return alphaBytesAreOpaque(bytes)
            }
            return bytes.withMemoryRebound(to: UInt32.self) { words in
                // AND a block of pixels with no branch inside, then look at the alpha byte
                // (the fourth in memory, so the top byte read little-endian); stop at the
                // first block holding a translucent pixel.
                var start = 0
                while start < words.count {
                    let end = min(start + opacityBlock, words.count)
                    var combined = UInt32.max
                    for index in start ..< end { combined &= words[index] }
                    if UInt32(littleEndian: combined) >> 24 != 255 { return false }
                    start = end
                }
                return true
            }
        }
    }

    /// `isOpaque` one byte at a time, for storage not aligned to whole words.
    static func alphaBytesAreOpaque(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var start = 0
        while start < bytes.count {
            let end = min(start + opacityBlock * 4, bytes.count)
            var combined: UInt8 = 255
            var index = start + 3
            while index < end {
                combined &= bytes[index]
                index += 4
            }
            if combined != 255 { return false }
            start = end
        }
        return true
    }

    /// Pixels checked between early exits in the opacity test.
    private static let opacityBlock = 256
}
