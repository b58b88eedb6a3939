/// The picture formats render-gif decodes, recognised by their first bytes, never by the name.
enum ImageFormat: String, CaseIterable, Equatable, Sendable {
    /// Portable Network Graphics: starts with 89 50 4E 47 0D 0A 1A 0A.
    case png
    /// JPEG (JFIF, Exif or bare): starts with FF D8 FF.
    case jpeg
    /// GIF87a or GIF89a (the first frame).
    case gif
    /// WebP: a RIFF file of form type "WEBP" (still or animated).
    case webp
    /// HEIF (HEIC and other HEIF brands): an ISO media file whose `ftyp` box names a HEIF brand.
    case heif
    /// AVIF: an ISO media file whose `ftyp` box names the `avif` or `avis` brand.
    case avif

    /// The format's name as users know it.
    var name: String {
        switch self {
        case .png: return "PNG"
        case .jpeg: return "JPEG"
        case .gif: return "GIF"
        case .webp: return "WebP"
        case .heif: return "HEIC/HEIF"
        case .avif: return "AVIF"
        }
    }

    /// "PNG, JPEG, GIF, WebP, HEIC/HEIF or AVIF": every format read, for messages.
    static var readableList: String {
        let names = allCases.map(\.name)
        return names.dropLast().joined(separator: ", ") + " or " + names.last!
    }

    /// The format `bytes` are in, or nil for anything render-gif does not decode.
    init?(sniffing bytes: [UInt8]) {
        guard let found = Self.allCases.first(where: { $0.matches(bytes) }) else { return nil }
        self = found
    }

    /// The HEIF brands (ISO/IEC 23008-12) libheif reads; `mif1` alone is HEIF's generic brand.
    static let heifBrands: Set<String> = ["heic", "heix", "heim", "heis", "hevc", "hevx", "mif1", "msf1"]
    /// The AVIF brands: still picture and sequence.
    static let avifBrands: Set<String> = ["avif", "avis"]

    private func matches(_ bytes: [UInt8]) -> Bool {
        switch self {
        case .png, .jpeg, .gif, .webp:
            return signatures.contains { Self.matches(bytes, $0) }
        case .avif:
            return IsoMediaBrands(bytes).map { !$0.all.isDisjoint(with: Self.avifBrands) } ?? false
        case .heif:
            // AVIF files name HEIF's generic brand (mif1) too: an AVIF brand decides.
            return IsoMediaBrands(bytes).map { !$0.all.isDisjoint(with: Self.heifBrands) && $0.all.isDisjoint(with: Self.avifBrands) } ?? false
        }
    }

    /// The byte patterns files of the format start with (nil matches any byte); empty for the
    /// ISO media formats, which are recognised by their brands.
    var signatures: [[UInt8?]] {
        switch self {
        case .png: return [[0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]]
        case .jpeg: return [[0xFF, 0xD8, 0xFF]]
        case .gif: return [Array("GIF87a".utf8), Array("GIF89a".utf8)]
        case .webp: return [Array("RIFF".utf8) + [nil, nil, nil, nil] + Array("WEBP".utf8)]
        case .heif, .avif: return []
        }
    }

    static func matches(_ bytes: [UInt8], _ pattern: [UInt8?]) -> Bool {
        bytes.count >= pattern.count && zip(bytes, pattern).allSatisfy { $1 == nil || $0 == $1 }
    }

    /// The format whose signature `bytes` (shorter than it) begin, i.e. a file cut off inside
    /// its signature; nil when `bytes` are not such a beginning.
    /// An ISO media file cut inside its `ftyp` box counts as HEIF (AVIF when the part of the
    /// major brand that is there says so).
    static func truncatedSignature(_ bytes: [UInt8]) -> ImageFormat? {
        guard !bytes.isEmpty else { return nil }
        let ftyp = Array("ftyp".utf8)
        if bytes.count > 4, bytes.count < 16 || IsoMediaBrands(bytes) == nil && bytes.count < IsoMediaBrands.largestBoxBytes,
           ftyp.starts(with: bytes[4 ..< min(8, bytes.count)]),
           bytes.count < Int(bytes[0]) << 24 | Int(bytes[1]) << 16 | Int(bytes[2]) << 8 | Int(bytes[3]) {
            return Array("avif".utf8).starts(with: bytes.dropFirst(8).prefix(4)) && bytes.count > 8 ? .avif : .heif
        }
        return allCases.first { format in
            format.signatures.contains { pattern in
                bytes.count < pattern.count && zip(bytes, pattern).allSatisfy { $1 == nil || $0 == $1 }
            }
        }
    }
}

/// The brands an ISO base media file (HEIF, AVIF, MP4, ...) declares in its leading `ftyp` box.
struct IsoMediaBrands {
    /// The major brand and every compatible brand.
    var all: Set<String>

    /// The longest `ftyp` box read: a file's first this many bytes tell its format as the
    /// whole file does.
    static let largestBoxBytes = 4096

    /// The brands of `bytes`, or nil when they do not start with a whole `ftyp` box.
    init?(_ bytes: [UInt8]) {
        guard bytes.count >= 16, Array(bytes[4 ..< 8]) == Array("ftyp".utf8) else { return nil }
        let size = Int(bytes[0]) << 24 | Int(bytes[1]) << 16 | Int(bytes[2]) << 8 | Int(bytes[3])
        guard size >= 16, size <= bytes.count, size <= Self.largestBoxBytes else { return nil }
        func brand(_ at: Int) -> String { String(decoding: bytes[at ..< at + 4], as: UTF8.self) }
        all = [brand(8)]
        for at in stride(from: 16, to: size - 3, by: 4) { all.insert(brand(at)) }
    }
}
