/// A bounds-checked big-endian cursor over part of a file's bytes, for the boxes of a HEIF
/// file (ISO/IEC 14496-12) and the parameter sets inside them: a read past the end returns
/// nil instead of trapping, as a damaged or hostile file needs.
struct HEIFCursor {
    let bytes: [UInt8]
    private(set) var at: Int
    let end: Int

    /// A cursor over `bytes[range]`, clamped to the bytes there are.
    init(_ bytes: [UInt8], _ range: Range<Int>) {
        self.bytes = bytes
        end = min(max(range.upperBound, 0), bytes.count)
        at = min(max(range.lowerBound, 0), end)
    }

    /// A cursor over `bytes` from `offset` to the end; at the end already when `offset` is
    /// past it (a layout shorter than its fixed fields), never a trap.
    init(_ bytes: [UInt8], from offset: Int) {
        self.bytes = bytes
        end = bytes.count
        at = min(max(offset, 0), end)
    }

    /// The bytes left to read.
    var remaining: Int { end - at }

    /// The next `size` bytes (0 to 8) as an unsigned big-endian number (0 for none), or nil
    /// when they are not there or do not fit an Int.
    mutating func read(_ size: Int) -> Int? {
        guard size >= 0, size <= 8, size <= remaining else { return nil }
        var value: UInt64 = 0
        for k in 0 ..< size { value = value << 8 | UInt64(bytes[at + k]) }
        guard value <= UInt64(Int.max) else { return nil }
        at += size
        return Int(value)
    }

    /// Moves past `count` bytes; false (and stays) when they are not there.
    mutating func skip(_ count: Int) -> Bool {
        guard count >= 0, count <= remaining else { return false }
        at += count
        return true
    }

    /// Reads a four-character code.
    mutating func fourCC() -> String? {
        guard remaining >= 4 else { return nil }
        defer { at += 4 }
        return HEIFBox.name(bytes[at ..< at + 4])
    }
}

/// One box: its four-character type and where its body lies in the file.
struct HEIFBox {
    let type: String
    let body: Range<Int>
    /// Where its header (size and type) begins.
    var start: Int = 0

    /// The whole box, header and body.
    var whole: Range<Int> { start ..< body.upperBound }

    /// The boxes one after another in `bytes[range]` (a file, or a container's body), or nil
    /// when one of them claims more bytes than the range holds or fewer than its header; with
    /// `untilDamaged`, the boxes before such a one instead (as libheif reads a file's top
    /// level). Fewer than 8 bytes left after the last box are ignored, as padding.
    static func list(_ bytes: [UInt8], in range: Range<Int>, untilDamaged: Bool = false) -> [HEIFBox]? {
        var cursor = HEIFCursor(bytes, range)
        var found: [HEIFBox] = []
        while cursor.remaining >= 8 {
            let start = cursor.at
            guard var size = cursor.read(4), let type = cursor.fourCC() else { return nil }
            if size == 1, let large = cursor.read(8) {
                size = large
            } else if size == 0 {
                size = cursor.end - start
            }
            let header = cursor.at - start
            guard size >= header, size <= cursor.end - start else { return untilDamaged ? found : nil }
            found.append(HEIFBox(type: type, body: cursor.at ..< start + size, start: start))
            _ = cursor.skip(size - header)
        }
        return found
    }

    /// Four bytes as a box type; bytes outside printable ASCII become "?".
    static func name(_ code: ArraySlice<UInt8>) -> String {
        String(code.map { (0x20 ..< 0x7F).contains($0) ? Character(Unicode.Scalar($0)) : "?" })
    }
}
