/// Picture and document formats render-gif does not decode but names when it refuses one, so
/// a user learns what the file is (recognised by the first bytes, as the readable formats are).
enum ForeignImageFormat: CaseIterable, Equatable, Sendable {
    case bmp
    case tiff
    case jpegXL
    case jpeg2000
    case photoshop
    case icon
    case pdf
    /// An ISO media file with no picture brand (an MP4 or QuickTime video, for example).
    case isoMedia

    /// How a message names the file: "a BMP image", ...
    var description: String {
        switch self {
        case .bmp: return "a BMP image"
        case .tiff: return "a TIFF image"
        case .jpegXL: return "a JPEG XL image"
        case .jpeg2000: return "a JPEG 2000 image"
        case .photoshop: return "a Photoshop document"
        case .icon: return "a Windows icon"
        case .pdf: return "a PDF document"
        case .isoMedia: return "an ISO media file (MP4, QuickTime or similar) without a HEIF or AVIF picture"
        }
    }

    /// The format `bytes` look like, or nil when they look like nothing known.
    init?(sniffing bytes: [UInt8]) {
        guard let found = Self.allCases.first(where: { $0.matches(bytes) }) else { return nil }
        self = found
    }

    private func matches(_ bytes: [UInt8]) -> Bool {
        func starts(_ pattern: [UInt8?]) -> Bool { ImageFormat.matches(bytes, pattern) }
        switch self {
        case .bmp:
            // "BM", then a file size, two reserved words and a header size that BMP defines.
            guard starts(Array("BM".utf8)), bytes.count >= 18 else { return false }
            let header = Int(bytes[14]) | Int(bytes[15]) << 8 | Int(bytes[16]) << 16 | Int(bytes[17]) << 24
            return [12, 40, 52, 56, 64, 108, 124].contains(header)
        case .tiff: return starts([0x49, 0x49, 0x2A, 0x00]) || starts([0x4D, 0x4D, 0x00, 0x2A])
        case .jpegXL: return starts([0xFF, 0x0A]) || starts([0, 0, 0, 0x0C] + Array("JXL ".utf8) + [0x0D, 0x0A, 0x87, 0x0A])
        case .jpeg2000: return starts([0, 0, 0, 0x0C] + Array("jP  ".utf8)) || starts([0xFF, 0x4F, 0xFF, 0x51])
        case .photoshop: return starts(Array("8BPS".utf8))
        case .icon: return starts([0, 0, 1, 0]) && bytes.count >= 6 && (bytes[4] != 0 || bytes[5] != 0)
        case .pdf: return starts(Array("%PDF-".utf8))
        case .isoMedia: return IsoMediaBrands(bytes) != nil
        }
    }
}
