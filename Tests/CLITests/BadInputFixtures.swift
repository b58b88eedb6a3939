import Foundation
import SharedTestSupport

/// The files a bad-input case puts into its folder before running the command: damaged,
/// mislabelled, oversized and empty images, scene files, folders. Every damaged file is made
/// here from a valid one by a stated change, so the reason it is bad is visible in the test.
enum BadInputFixture: Sendable {
    /// A valid PNG (the first built-in avatar, 256 x 256 RGBA).
    case validPNG
    /// The valid PNG cut after `bytes` bytes.
    case truncatedPNG(bytes: Int)
    /// The valid PNG with one bit of its IDAT chunk's CRC flipped.
    case crcCorruptedPNG
    /// A well-formed PNG header claiming `width` x `height` RGBA pixels, with one tiny IDAT.
    case claimedSizePNG(width: UInt32, height: UInt32)
    /// A valid opaque PNG of `width` x `height` mid-grey pixels (stored, uncompressed).
    case solidPNG(width: Int, height: Int)
    /// A valid 8 x 8 baseline JPEG.
    case validJPEG
    /// The valid JPEG cut after `bytes` bytes.
    case truncatedJPEG(bytes: Int)
    /// The valid JPEG with its frame header claiming `width` x `height`.
    case claimedSizeJPEG(width: UInt16, height: UInt16)
    /// `count` bytes from a fixed-seed generator.
    case randomBytes(count: Int)
    /// Text.
    case text(String)
    /// Exactly these bytes.
    case raw([UInt8])
    /// An empty file.
    case empty
    /// A folder rather than a file.
    case folder

    /// The bytes of the file (nil for a folder).
    var bytes: [UInt8]? {
        switch self {
        case .validPNG: return Self.png
        case let .truncatedPNG(count): return Array(Self.png.prefix(count))
        case .crcCorruptedPNG:
            var png = Self.png
            let idat = Self.chunkOffset(png, type: "IDAT")
            let length = Int(png[idat - 4]) << 24 | Int(png[idat - 3]) << 16 | Int(png[idat - 2]) << 8 | Int(png[idat - 1])
            png[idat + 4 + length] ^= 0x01
            return png
        case let .claimedSizePNG(width, height):
            var header = Self.bigEndian(width) + Self.bigEndian(height)
            header += [8, 6, 0, 0, 0]  // 8 bits, RGBA, deflate, no filter method, no interlace
            // A zlib stream holding one empty stored block, as IDAT data.
            let idat: [UInt8] = [0x78, 0x01, 0x01, 0x00, 0x00, 0xFF, 0xFF, 0x00, 0x00, 0x00, 0x01]
            return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
                + Self.chunk("IHDR", header) + Self.chunk("IDAT", idat) + Self.chunk("IEND", [])
        case let .solidPNG(width, height):
            let row: [UInt8] = [0] + [UInt8](repeating: 0x80, count: width * 4)
            var pixels: [UInt8] = []
            for _ in 0..<height { pixels += row }
            var header = Self.bigEndian(UInt32(width)) + Self.bigEndian(UInt32(height))
            header += [8, 6, 0, 0, 0]
            return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
                + Self.chunk("IHDR", header) + Self.chunk("IDAT", Self.storedZlib(pixels)) + Self.chunk("IEND", [])
        case .validJPEG: return Self.jpeg
        case let .truncatedJPEG(count): return Array(Self.jpeg.prefix(count))
        case let .claimedSizeJPEG(width, height):
            var jpeg = Self.jpeg
            // SOF0: FF C0, length (2), precision (1), height (2), width (2).
            let sof = (0..<jpeg.count - 1).first { jpeg[$0] == 0xFF && jpeg[$0 + 1] == 0xC0 }!
            jpeg[sof + 5] = UInt8(height >> 8)
            jpeg[sof + 6] = UInt8(height & 0xFF)
            jpeg[sof + 7] = UInt8(width >> 8)
            jpeg[sof + 8] = UInt8(width & 0xFF)
            return jpeg
        case let .randomBytes(count):
            // From a fixed seed: the same bytes on every run (the first is 0xC1, not JSON).
            return SeededGenerator.bytes(count: count, seed: 1)
        case let .text(text): return Array(text.utf8)
        case let .raw(bytes): return bytes
        case .empty: return []
        case .folder: return nil
        }
    }

    /// Creates the fixture at `url`.
    func create(at url: URL) throws {
        if let bytes {
            try Data(bytes).write(to: url)
        } else {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
        }
    }

    // MARK: Building blocks

    /// The package's root folder, found from this file's path.
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static let png: [UInt8] = {
        let url = packageRoot.appendingPathComponent("Assets/1.png")
        return (try? [UInt8](Data(contentsOf: url))) ?? []
    }()

    /// An 8 x 8 reddish baseline JPEG, 286 bytes.
    static let jpeg: [UInt8] = [UInt8](Data(base64Encoded: """
        /9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAMCAgMCAgMDAwMEAwMEBQgFBQQEBQoHBwYIDAoMDAsKCwsNDhIQDQ4RDgsLEBYQERMU\
        FRUVDA8XGBYUGBIUFRT/2wBDAQMEBAUEBQkFBQkUDQsNFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQU\
        FBQUFBQUFBT/wAARCAAIAAgDAREAAhEBAxEB/8QAFAABAAAAAAAAAAAAAAAAAAAAB//EABQQAQAAAAAAAAAAAAAAAAAAAAD/xAAV\
        AQEBAAAAAAAAAAAAAAAAAAAHCP/EABQRAQAAAAAAAAAAAAAAAAAAAAD/2gAMAwEAAhEDEQA/ABcVLDf/2Q==
        """)!)

    /// The offset of the first chunk of `type` (the type's first byte).
    static func chunkOffset(_ png: [UInt8], type: String) -> Int {
        let name = Array(type.utf8)
        return (8..<png.count - 4).first { Array(png[$0..<$0 + 4]) == name }!
    }

    static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    /// A PNG chunk: length, type, data, CRC-32 of type and data.
    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typed = Array(type.utf8) + data
        return bigEndian(UInt32(data.count)) + typed + bigEndian(crc32(typed))
    }

    /// A zlib stream of stored (uncompressed) deflate blocks, with its Adler-32.
    static func storedZlib(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var offset = 0
        repeat {
            let count = min(65535, data.count - offset)
            let last: UInt8 = offset + count == data.count ? 1 : 0
            out += [last, UInt8(count & 0xFF), UInt8(count >> 8), UInt8(~count & 0xFF), UInt8(~count >> 8 & 0xFF)]
            out += data[offset..<offset + count]
            offset += count
        } while offset < data.count
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in data {
            a = (a + UInt32(byte)) % 65521
            b = (b + a) % 65521
        }
        return out + bigEndian(b << 16 | a)
    }

    /// CRC-32 (ISO 3309, reflected polynomial 0xEDB88320), bit by bit.
    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }
}
