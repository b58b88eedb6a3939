/// File names are bytes, not text: a name on the command line or in a folder may hold bytes
/// that are not UTF-8. `PathBytes` carries such names in a `String` without losing a byte, and
/// hands the exact bytes back to the system.
///
/// A byte that does not start or continue a valid UTF-8 sequence is held as one character of
/// Supplementary Private Use Area-B, U+10FF80 to U+10FFFF (byte 0x80 to 0xFF). A valid UTF-8
/// sequence that itself encodes one of those characters is held byte by byte the same way, so
/// every byte sequence decodes to exactly one string and encodes back to itself. Text that is
/// valid UTF-8 without those characters, which is every name in practice, is unchanged.
public enum PathBytes {
    /// The first character that stands for a raw byte (0x80); 0xFF is U+10FFFF.
    static let firstEscape: UInt32 = 0x10FF80

    /// The string holding the bytes of a NUL-terminated C string exactly.
    public static func string(fromCString pointer: UnsafePointer<CChar>) -> String {
        var count = 0
        while pointer[count] != 0 { count += 1 }
        return pointer.withMemoryRebound(to: UInt8.self, capacity: count) {
            string(fromBytes: UnsafeBufferPointer(start: $0, count: count))
        }
    }

    /// The string holding `bytes` exactly (see the type's description).
    public static func string<Bytes: Collection<UInt8>>(fromBytes bytes: Bytes) -> String {
        let bytes = Array(bytes)
        var scalars = String.UnicodeScalarView()
        var index = 0
        while index < bytes.count {
            let lead = bytes[index]
            if lead < 0x80 {
                scalars.append(Unicode.Scalar(lead))
                index += 1
                continue
            }
            if let (scalar, length) = validScalar(in: bytes, at: index), scalar.value < firstEscape {
                scalars.append(scalar)
                index += length
            } else {
                scalars.append(escape(lead))
                index += 1
            }
        }
        return String(scalars)
    }

    /// The string a name read as text (a scene file's JSON string) stands for as a path: the
    /// same text, except that characters in the escape range are held as their UTF-8 bytes,
    /// so they reach the file system as written.
    public static func string(fromText text: String) -> String {
        guard text.unicodeScalars.contains(where: { $0.value >= firstEscape }) else { return text }
        return string(fromBytes: Array(text.utf8))
    }

    /// The bytes `path` stands for.
    public static func bytes(_ path: String) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(path.utf8.count)
        for scalar in path.unicodeScalars {
            if scalar.value >= firstEscape {
                result.append(UInt8(scalar.value - firstEscape + 0x80))
            } else {
                result.append(contentsOf: String(scalar).utf8)
            }
        }
        return result
    }

    /// Calls `body` with `path`'s bytes as a NUL-terminated C string.
    public static func withCString<Result>(_ path: String, _ body: (UnsafePointer<CChar>) throws -> Result) rethrows -> Result {
        var terminated = bytes(path)
        terminated.append(0)
        return try terminated.withUnsafeBufferPointer { buffer in
            try buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) { try body($0) }
        }
    }

    /// The raw byte a character stands for, or nil for an ordinary character.
    static func rawByte(_ scalar: Unicode.Scalar) -> UInt8? {
        scalar.value >= firstEscape ? UInt8(scalar.value - firstEscape + 0x80) : nil
    }

    private static func escape(_ byte: UInt8) -> Unicode.Scalar {
        Unicode.Scalar(firstEscape + UInt32(byte) - 0x80)!
    }

    /// The scalar of the valid UTF-8 sequence starting at `index`, and its length, by the
    /// standard library's decoder (the shortest form only, no surrogates, nothing above U+10FFFF).
    private static func validScalar(in bytes: [UInt8], at index: Int) -> (Unicode.Scalar, Int)? {
        var decoder = UTF8()
        var iterator = bytes[index...].makeIterator()
        guard case .scalarValue(let scalar) = decoder.decode(&iterator) else { return nil }
        return (scalar, UTF8.width(scalar))
    }
}
