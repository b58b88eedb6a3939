/// The largest GIF screen read: the picture decoders' default limits (16384 pixels a side,
/// 256 MB of RGBA pixels), checked from the header before the screen is allocated, so a
/// hostile or mistaken file fails fast with the words a picture over the limits gets.
package enum GIFScreenLimit {
    /// The widest and the tallest screen accepted, in pixels.
    package static let maxSide = 16384
    /// The most bytes the screen's RGBA8 pixels (`width * height * 4`) may take.
    package static let maxBytes = 256 << 20

    /// Throws `.tooLarge` naming `path` when a `width` x `height` screen breaks a limit.
    package static func check(width: Int, height: Int, path: String) throws(GIFFileError) {
        if width > maxSide || height > maxSide {
            throw .tooLarge(path: path, width: width, height: height, limit: "\(maxSide) x \(maxSide)")
        }
        let (bytes, overflow) = width.multipliedReportingOverflow(by: height * 4)
        if overflow || bytes > maxBytes {
            throw .tooLarge(path: path, width: width, height: height, limit: "\(maxBytes >> 20) MB of decoded RGBA pixels")
        }
    }
}
