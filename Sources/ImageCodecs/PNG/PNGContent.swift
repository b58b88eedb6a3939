import CPNGReader
import Raster
import SafeFiles

/// What a PNG file shows, apart from how its image data was compressed: the header's picture
/// fields, the chunks that change how the pixels look, and the decoded pixels.
///
/// Two PNGs with equal content are the same picture to every viewer, whatever zlib build,
/// level, strategy or row filters wrote them, and whether they are interlaced. That is what
/// `--check` compares for a still: zlib-ng (Fedora's system zlib) and Apple's zlib pack the
/// same rows into other bytes than the zlib render-gif was built with.
public struct PNGContent: Equatable {
    /// The header's picture fields: width, height, bit depth and colour type (IHDR bytes 0
    /// to 9); the compression, filter and interlace methods are how the data was stored.
    public let picture: [UInt8]
    /// The chunks that change how the pixels look, in file order: PLTE, tRNS, cHRM, gAMA,
    /// sBIT, sRGB, eXIf as stored; iCCP as its profile name and the decompressed profile.
    public let appearance: [Chunk]
    /// The pixels as straight RGBA8, rows top to bottom (lossless for the 8-bit files
    /// compared here: a 16-bit file already differs in `picture`).
    public let pixels: [UInt8]

    /// A chunk's type ("gAMA") and the bytes it is compared by.
    public struct Chunk: Equatable {
        public let type: String
        public let data: [UInt8]
    }

    /// The chunk types that decide how pixels look (iCCP is handled apart: its profile is
    /// compared decompressed).
    static let appearanceTypes: Set<String> = ["PLTE", "tRNS", "cHRM", "gAMA", "sBIT", "sRGB", "eXIf"]

    /// Reads the content of the PNG `bytes`; `path` names them in errors. Throws
    /// `.corrupt` for data that is not a PNG libpng can decode.
    public init(_ bytes: [UInt8], path: String, limits: ImageLimits = .default) throws(ImageCodecError) {
        let chunks = try PNGChunks(bytes, path: path)
        picture = Array(chunks.header.prefix(10))
        var appearance: [Chunk] = []
        var profileName: [UInt8]?
        for chunk in chunks.list {
            if Self.appearanceTypes.contains(chunk.type) {
                appearance.append(Chunk(type: chunk.type, data: Array(bytes[chunk.data])))
            } else if chunk.type == "iCCP" {
                profileName = Array(bytes[chunk.data].prefix { $0 != 0 })
            }
        }
        let decoded = try Self.decode(bytes, path: path, limits: limits)
        if let profileName {
            appearance.append(Chunk(type: "iCCP", data: profileName + [0] + decoded.profile))
        }
        self.appearance = appearance
        pixels = decoded.pixels
    }

    /// The picture's width and height, from the header.
    public var size: (width: Int, height: Int) {
        func word(_ offset: Int) -> Int { picture[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (word(0), word(4))
    }

    /// Every pixel, each row's pixels in place (Adam7 passes put back together), with
    /// libpng's conversion to straight RGBA8 and no colour correction; and the iCCP profile
    /// as libpng decompressed it.
    private static func decode(_ bytes: [UInt8], path: String,
                               limits: ImageLimits) throws(ImageCodecError) -> (pixels: [UInt8], profile: [UInt8]) {
        try bytes.withUnsafeBufferPointer { (buffer) throws(ImageCodecError) -> ([UInt8], [UInt8]) in
            guard let reader = png_reader_open(buffer.baseAddress, buffer.count) else {
                throw .corrupt(path: path, message: "out of memory for the PNG reader")
            }
            defer { png_reader_close(reader) }
            var info = PNGReaderInfo()
            guard png_reader_info(reader, &info) != 0 else { throw PNGDecoder.failure(reader, path: path) }
            let width = Int(info.width), height = Int(info.height)
            try limits.check(width: width, height: height, path: path)
            try limits.checkWorkingMemory(needed: 2 * width * height * 4, width: width, height: height, path: path)
            let profile = info.icc_profile.map { Array(UnsafeBufferPointer(start: $0, count: Int(info.icc_profile_size))) } ?? []
            guard png_reader_start(reader, 0) != 0 else { throw PNGDecoder.failure(reader, path: path) }
            var pixels = [UInt8](repeating: 0, count: width * height * 4)
            var row = [UInt8](repeating: 0, count: width * 4)
            var place = PNGReaderRow()
            while true {
                let status = row.withUnsafeMutableBufferPointer { png_reader_next_row(reader, $0.baseAddress, &place) }
                if status == 0 { break }
                guard status == 1 else { throw PNGDecoder.failure(reader, path: path) }
                let y = Int(place.y), first = Int(place.first_column), step = Int(place.column_step)
                for i in 0 ..< Int(place.count) {
                    let to = (y * width + first + i * step) * 4
                    for c in 0 ..< 4 { pixels[to + c] = row[i * 4 + c] }
                }
            }
            return (pixels, profile)
        }
    }
}

/// The chunks of a PNG file, as stored: their types and where their data lies.
struct PNGChunks {
    /// The IHDR chunk's 13 bytes.
    let header: ArraySlice<UInt8>
    /// Every chunk after the signature, in file order.
    let list: [(type: String, data: Range<Int>)]

    private static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// Splits `bytes` into chunks up to IEND; throws `.corrupt` for data that is not a PNG or
    /// a chunk that runs past the end. CRCs are libpng's to check when it decodes.
    init(_ bytes: [UInt8], path: String) throws(ImageCodecError) {
        guard bytes.starts(with: Self.signature) else { throw .corrupt(path: path, message: "not a PNG file") }
        var list: [(type: String, data: Range<Int>)] = []
        var offset = Self.signature.count
        while offset + 12 <= bytes.count {
            let length = bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            let type = String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self)
            let start = offset + 8
            guard length <= bytes.count - start - 4 else {
                throw .corrupt(path: path, message: "the \(DisplayText.value(type)) chunk runs past the end of the file")
            }
            list.append((type, start..<start + length))
            offset = start + length + 4
            if type == "IEND" { break }
        }
        guard let first = list.first, first.type == "IHDR", first.data.count == 13 else {
            throw .corrupt(path: path, message: "the file does not begin with a PNG header (IHDR)")
        }
        header = bytes[first.data]
        self.list = list
    }
}
