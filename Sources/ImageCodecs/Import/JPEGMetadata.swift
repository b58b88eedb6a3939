/// What a JPEG's marker segments before the image data say about how to show it: the frame
/// size, the Exif orientation and the embedded ICC profile.
///
/// Read by a bounded walk over the segments from SOI to the first SOS, stepping over stray
/// bytes between segments as libjpeg does; a malformed segment ends the walk and whatever was
/// found before it stands. Nothing here can fail: damaged
/// metadata means "as stored" and "sRGB", and libjpeg judges the picture itself.
struct JPEGMetadata {
    /// Width and height from the first SOFn segment, or nil when there is none (or it says 0).
    var frameSize: (width: Int, height: Int)?
    /// The body of the first APP1 Exif segment after its "Exif\0\0" prefix, or nil.
    var exif: ArraySlice<UInt8>?
    /// The ICC profile reassembled from its APP2 "ICC_PROFILE" chunks, or nil when there are
    /// none or they do not form one whole profile (a missing, repeated or mislabelled chunk).
    var iccProfile: [UInt8]?

    private static let exifPrefix: [UInt8] = Array("Exif".utf8) + [0, 0]
    private static let iccPrefix: [UInt8] = Array("ICC_PROFILE".utf8) + [0]

    /// Reads the segments of the JPEG `bytes` (which start with FF D8).
    init(_ bytes: [UInt8]) {
        var iccChunks: [(sequence: UInt8, total: UInt8, body: ArraySlice<UInt8>)] = []
        var at = 2
        walk: while let marker = Self.nextMarker(in: bytes, from: &at) {
            switch marker {
            case 0x01, 0xD0 ... 0xD7: continue  // markers without a segment
            case 0xD9, 0xDA: break walk  // end of image, start of scan
            default: break
            }
            guard at + 2 <= bytes.count else { break }
            let length = Int(bytes[at]) << 8 | Int(bytes[at + 1])
            guard length >= 2, at + length <= bytes.count else { break }
            let body = bytes[(at + 2) ..< (at + length)]
            at += length
            switch marker {
            case 0xC0 ... 0xCF where marker != 0xC4 && marker != 0xC8 && marker != 0xCC:
                if frameSize == nil, body.count >= 5 {
                    let start = body.startIndex
                    let height = Int(body[start + 1]) << 8 | Int(body[start + 2])
                    let width = Int(body[start + 3]) << 8 | Int(body[start + 4])
                    if width > 0, height > 0 { frameSize = (width, height) }
                }
            case 0xE1 where exif == nil && body.starts(with: Self.exifPrefix):
                exif = body.dropFirst(Self.exifPrefix.count)
            case 0xE2 where body.starts(with: Self.iccPrefix) && body.count >= Self.iccPrefix.count + 2:
                let start = body.startIndex + Self.iccPrefix.count
                iccChunks.append((body[start], body[start + 1], body[(start + 2)...]))
            default:
                break
            }
        }
        iccProfile = Self.assemble(iccChunks)
    }

    /// The code of the next marker at or after `at`, with `at` moved just past it; nil when the
    /// data ends first. As libjpeg does, stray bytes before the marker (which many cameras
    /// write between segments) and 0xFF fill bytes are skipped, and FF 00 is no marker. Each
    /// step moves `at` forward, so the search is linear and never reads past the end.
    private static func nextMarker(in bytes: [UInt8], from at: inout Int) -> UInt8? {
        while at < bytes.count {
            guard bytes[at] == 0xFF else { at += 1; continue }
            while at < bytes.count, bytes[at] == 0xFF { at += 1 }
            guard at < bytes.count else { return nil }
            let marker = bytes[at]
            at += 1
            if marker != 0 { return marker }
        }
        return nil
    }

    /// The chunks joined in sequence order when they are exactly chunks 1...total of one profile.
    private static func assemble(_ chunks: [(sequence: UInt8, total: UInt8, body: ArraySlice<UInt8>)]) -> [UInt8]? {
        guard let total = chunks.first?.total, total > 0, chunks.count == Int(total),
              chunks.allSatisfy({ $0.total == total }) else { return nil }
        let ordered = chunks.sorted { $0.sequence < $1.sequence }
        guard ordered.enumerated().allSatisfy({ Int($0.element.sequence) == $0.offset + 1 }) else { return nil }
        let profile = ordered.flatMap { $0.body }
        return profile.isEmpty ? nil : profile
    }
}
