/// The image file formats render-gif decodes, recognised by their first bytes.
public enum ImageFormat: String, Equatable, Sendable {
    /// Portable Network Graphics: starts with 89 50 4E 47 0D 0A 1A 0A.
    case png
    /// JPEG (JFIF, Exif or bare): starts with FF D8 FF.
    case jpeg

    /// The format whose signature `bytes` start with, or nil for anything else (GIF, text, ...).
    ///
    /// The file name's extension plays no part: a PNG named `photo.jpg` is a PNG.
    public init?(sniffing bytes: [UInt8]) {
        let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        if bytes.starts(with: pngSignature) {
            self = .png
        } else if bytes.starts(with: [0xFF, 0xD8, 0xFF]) {
            self = .jpeg
        } else {
            return nil
        }
    }
}
