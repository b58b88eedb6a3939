import Raster

/// Loads the PNG and JPEG images a user hands render-gif (avatars, backgrounds).
public enum ImageFile {
    /// Reads the file at `path` and decodes it into straight (not premultiplied) RGBA8.
    ///
    /// The format is taken from the file's signature, not its name. Errors name `path`:
    /// `.unreadable` (missing, a folder, no permission; with the system's reason),
    /// `.fileTooLarge` (over `limits.maxFileBytes`), `.unsupportedFormat` (neither PNG nor JPEG),
    /// `.tooLarge` (dimensions over `limits`, refused before decoding) and `.corrupt` (the
    /// decoder's own message for damaged, truncated or empty data).
    public static func load(path: String, limits: ImageLimits = .default) throws(ImageCodecError) -> RGBAImage {
        let bytes = try FileBytes.contents(ofFile: path, maxBytes: limits.maxFileBytes)
        return try decode(bytes, path: path, limits: limits)
    }

    /// Decodes PNG or JPEG `bytes` already in memory; `path` names them in errors.
    public static func decode(_ bytes: [UInt8], path: String,
                              limits: ImageLimits = .default) throws(ImageCodecError) -> RGBAImage {
        guard !bytes.isEmpty else { throw .corrupt(path: path, message: "the file is empty") }
        switch ImageFormat(sniffing: bytes) {
        case .png?: return try PNGDecoder.decode(bytes, path: path, limits: limits)
        case .jpeg?: return try JPEGDecoder.decode(bytes, path: path, limits: limits)
        case nil:
            if let format = ImageFormat.truncatedSignature(bytes) {
                throw .corrupt(path: path, message: "the file ends inside the \(format.rawValue.uppercased()) signature")
            }
            throw .unsupportedFormat(path: path)
        }
    }
}
