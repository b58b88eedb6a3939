import Raster
import SafeFiles

/// Loads the pictures a user hands render-gif (avatars, backgrounds): PNG, JPEG, GIF (the first
/// frame), WebP, HEIC/HEIF and AVIF.
public enum ImageFile {
    /// The formats `load` reads, for help text: "PNG, JPEG, GIF, WebP, HEIC/HEIF or AVIF".
    public static var readableFormats: String { ImageFormat.readableList }

    /// Reads the file at `path` and decodes it into RGBA8, upright and in sRGB: straight (not
    /// premultiplied) at full size, or, with a `fit` for a layer smaller than the picture,
    /// reduced to the layer's pixels and premultiplied.
    ///
    /// The format is taken from the file's signature, not its name. Errors name `path`:
    /// `.file` (`.unreadable`: missing, a folder, no permission, with the system's reason;
    /// `.fileTooLarge`: over `limits.maxFileBytes`), `.foreignFormat` (a format recognised but not read, named),
    /// `.unsupportedFormat` (anything else),
    /// `.tooLarge` (dimensions over `limits`, refused before decoding) and `.corrupt` (the
    /// decoder's own message for damaged, truncated or empty data).
    public static func load(path: String, limits: ImageLimits = .default,
                            fit: PictureFit? = nil) throws(ImageCodecError) -> RGBAImage {
        let bytes: [UInt8]
        do { bytes = try FileBytes.contents(ofFile: path, maxBytes: limits.maxFileBytes) } catch { throw .file(error) }
        return try decode(bytes, path: path, limits: limits, fit: fit)
    }

    /// Whether the file at `path` is a picture libheif decodes (HEIC/HEIF or AVIF), told by its
    /// first `IsoMediaBrands.largestBoxBytes` bytes, which give the format `load` finds in the
    /// whole file. True when it cannot be read: the answer is for counting what decoding it
    /// may map, and a reading that fails now (a passing error) may succeed later. A file
    /// replaced between this answer and its `load` is not foreseen.
    package static func isDecodedByLibheif(path: String) -> Bool {
        guard let head = try? FileBytes.head(ofFile: path, count: IsoMediaBrands.largestBoxBytes) else { return true }
        switch ImageFormat(sniffing: head) {
        case .heif?, .avif?: return true
        case .png?, .jpeg?, .gif?, .webp?, nil: return false
        }
    }

    /// Decodes `bytes` already in memory, as `load` does; `path` names them in errors.
    public static func decode(_ bytes: [UInt8], path: String, limits: ImageLimits = .default,
                              fit: PictureFit? = nil) throws(ImageCodecError) -> RGBAImage {
        guard !bytes.isEmpty else { throw .corrupt(path: path, message: "the file is empty") }
        switch ImageFormat(sniffing: bytes) {
        case .png?: return try PNGDecoder.decode(bytes, path: path, limits: limits, fit: fit)
        case .jpeg?: return try JPEGDecoder.decode(bytes, path: path, limits: limits, fit: fit)
        case .gif?: return try GIFPictureDecoder.decode(bytes, path: path, limits: limits, fit: fit)
        case .webp?: return try WebPDecoder.decode(bytes, path: path, limits: limits, fit: fit)
        case .heif?, .avif?: return try HEIFDecoder.decode(bytes, path: path, limits: limits, fit: fit)
        case nil:
            if let format = ImageFormat.truncatedSignature(bytes) {
                throw .corrupt(path: path, message: "the file ends inside the \(format.name) signature")
            }
            if let foreign = ForeignImageFormat(sniffing: bytes) {
                throw .foreignFormat(path: path, looksLike: foreign.description)
            }
            throw .unsupportedFormat(path: path)
        }
    }
}
