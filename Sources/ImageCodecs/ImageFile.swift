import Raster

/// Loads the PNG and JPEG images a user hands render-gif (avatars, backgrounds).
public enum ImageFile {
    /// Reads the file at `path` and decodes it into RGBA8, upright and in sRGB: straight (not
    /// premultiplied) at full size, or, with a `fit` for a layer smaller than the picture,
    /// reduced to the layer's pixels and premultiplied.
    ///
    /// The format is taken from the file's signature, not its name. Errors name `path`:
    /// `.unreadable` (missing, a folder, no permission; with the system's reason),
    /// `.fileTooLarge` (over `limits.maxFileBytes`), `.unsupportedFormat` (neither PNG nor JPEG),
    /// `.tooLarge` (dimensions over `limits`, refused before decoding) and `.corrupt` (the
    /// decoder's own message for damaged, truncated or empty data).
    public static func load(path: String, limits: ImageLimits = .default,
                            fit: PictureFit? = nil) throws(ImageCodecError) -> RGBAImage {
        let bytes = try FileBytes.contents(ofFile: path, maxBytes: limits.maxFileBytes)
        return try decode(bytes, path: path, limits: limits, fit: fit)
    }

    /// Decodes PNG or JPEG `bytes` already in memory, as `load` does; `path` names them in errors.
    public static func decode(_ bytes: [UInt8], path: String, limits: ImageLimits = .default,
                              fit: PictureFit? = nil) throws(ImageCodecError) -> RGBAImage {
        guard !bytes.isEmpty else { throw .corrupt(path: path, message: "the file is empty") }
        switch ImageFormat(sniffing: bytes) {
        case .png?: return try PNGDecoder.decode(bytes, path: path, limits: limits, fit: fit)
        case .jpeg?: return try JPEGDecoder.decode(bytes, path: path, limits: limits, fit: fit)
        case nil:
            if let format = ImageFormat.truncatedSignature(bytes) {
                throw .corrupt(path: path, message: "the file ends inside the \(format.rawValue.uppercased()) signature")
            }
            throw .unsupportedFormat(path: path)
        }
    }
}

/// The image file formats render-gif decodes, recognised by their first bytes.
enum ImageFormat: String, Equatable, Sendable {
    /// Portable Network Graphics: starts with 89 50 4E 47 0D 0A 1A 0A.
    case png
    /// JPEG (JFIF, Exif or bare): starts with FF D8 FF.
    case jpeg

    /// The format whose signature `bytes` start with, or nil for anything else (GIF, text, ...).
    ///
    /// The file name's extension plays no part: a PNG named `photo.jpg` is a PNG.
    init?(sniffing bytes: [UInt8]) {
        if bytes.starts(with: Self.png.signature) {
            self = .png
        } else if bytes.starts(with: Self.jpeg.signature) {
            self = .jpeg
        } else {
            return nil
        }
    }

    /// The bytes every file of the format starts with.
    var signature: [UInt8] {
        switch self {
        case .png: return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        case .jpeg: return [0xFF, 0xD8, 0xFF]
        }
    }

    /// The format whose signature `bytes` (shorter than it) begin, i.e. a file cut off inside
    /// its signature; nil when `bytes` are not such a beginning.
    static func truncatedSignature(_ bytes: [UInt8]) -> ImageFormat? {
        [ImageFormat.png, .jpeg].first { !bytes.isEmpty && bytes.count < $0.signature.count && $0.signature.starts(with: bytes) }
    }
}
