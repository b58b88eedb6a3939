import Foundation

/// Values shown in one-line messages (file names, keys, flag values), made safe to print:
/// nothing in them can break the line, drive the terminal or make the line unbounded.
public enum DisplayText {
    /// The most characters a value takes in a message once shown; a longer value keeps its
    /// beginning and end around "...".
    public static let maxValueLength = 80

    /// The most characters of a whole message line (without "Error: ").
    public static let maxLineLength = 290

    /// `text` with control characters written as `\n`, `\r`, `\t` or `\u{XX}` and the bytes
    /// of a file name that are not UTF-8 (see `PathBytes`) as `\xNN`.
    public static func printable(_ text: String) -> String {
        pieces(text).joined()
    }

    /// `value` made printable and, when longer than `limit` characters, cut in the middle.
    public static func value(_ value: String, limit: Int = maxValueLength) -> String {
        elided(pieces(value), limit: limit)
    }

    /// A whole message line made printable and kept under `maxLineLength` characters.
    public static func line(_ text: String) -> String {
        elided(pieces(text), limit: maxLineLength)
    }

    /// A C library's message (libheif, libpng, libjpeg, giflib, the C library's `strerror`)
    /// as one printable line: the parts it puts on lines of their own joined with "; ", each
    /// trimmed, and any control character left inside (a tab) escaped as by `printable`.
    public static func libraryMessage(_ text: String) -> String {
        printable(text.split(whereSeparator: { $0.isNewline })
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }
            .joined(separator: "; "))
    }

    /// The shown form of each character of `text` (an escape never splits when cut).
    private static func pieces(_ text: String) -> [String] {
        text.unicodeScalars.map { scalar in
            if let byte = PathBytes.rawByte(scalar) { return "\\x" + hex(byte) }
            switch scalar.value {
            case 0x0A: return "\\n"
            case 0x0D: return "\\r"
            case 0x09: return "\\t"
            case 0x00..<0x20, 0x7F...0x9F, 0x2028, 0x2029:
                return "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default: return String(scalar)
            }
        }
    }

    /// The pieces joined, or their first and last pieces around "..." when they take more
    /// than `limit` characters.
    private static func elided(_ pieces: [String], limit: Int) -> String {
        let total = pieces.reduce(0) { $0 + $1.count }
        guard total > limit else { return pieces.joined() }
        let keep = max(2, limit - 3)
        var head = "", tail = ""
        var headCount = 0, tailCount = 0
        for piece in pieces {
            if headCount + piece.count > (keep + 1) / 2 { break }
            head += piece
            headCount += piece.count
        }
        for piece in pieces.reversed() {
            if tailCount + piece.count > keep / 2 { break }
            tail = piece + tail
            tailCount += piece.count
        }
        return head + "..." + tail
    }

    private static func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return String([digits[Int(byte >> 4)], digits[Int(byte & 15)]])
    }
}
