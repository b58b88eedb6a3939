import Raster
import SafeFiles

/// A strict JSON parser (RFC 8259) for scene files: no comments, no trailing commas, no
/// duplicate keys, nesting at most `maxDepth` deep. Errors say where (line and column) and what.
struct JSONParser {
    /// Deepest nesting of arrays and objects accepted; scene files need 3.
    static let maxDepth = 32

    /// Why a text is not JSON, with the 1-based line and column of the problem.
    struct SyntaxError: Error, Equatable, CustomStringConvertible {
        let line: Int
        let column: Int
        let message: String
        var description: String { "line \(line), column \(column): \(message)" }
    }

    private let bytes: [UInt8]
    private var index = 0
    /// Where the text starts: 3 after a UTF-8 byte order mark, which editors do not show.
    private var textStart = 0

    private init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Parses one JSON value that must make up the whole text (white space around it allowed).
    static func parse(_ bytes: [UInt8]) throws(SyntaxError) -> JSONValue {
        var parser = JSONParser(bytes)
        if parser.bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            parser.index = 3
            parser.textStart = 3
        }
        parser.skipWhitespace()
        let value = try parser.parseValue(depth: 0)
        parser.skipWhitespace()
        guard parser.index == parser.bytes.count else { throw parser.error("unexpected text after the JSON value") }
        return value
    }

    private func error(_ message: String) -> SyntaxError {
        var line = 1, column = 1
        for byte in bytes[textStart..<max(textStart, min(index, bytes.count))] {
            if byte == UInt8(ascii: "\n") { line += 1; column = 1 } else if byte & 0xC0 != 0x80 { column += 1 }
        }
        return SyntaxError(line: line, column: column, message: message)
    }

    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func skipWhitespace() {
        while let c = current, c == 0x20 || c == 0x0A || c == 0x0D || c == 0x09 { index += 1 }
    }

    private mutating func expect(_ literal: String, value: JSONValue) throws(SyntaxError) -> JSONValue {
        for expected in literal.utf8 {
            guard current == expected else { throw error("invalid literal (expected '\(literal)')") }
            index += 1
        }
        return value
    }

    private mutating func parseValue(depth: Int) throws(SyntaxError) -> JSONValue {
        guard let c = current else { throw error("unexpected end of file") }
        switch c {
        case UInt8(ascii: "{"): return try parseObject(depth: depth + 1)
        case UInt8(ascii: "["): return try parseArray(depth: depth + 1)
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): return try expect("true", value: .bool(true))
        case UInt8(ascii: "f"): return try expect("false", value: .bool(false))
        case UInt8(ascii: "n"): return try expect("null", value: .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
        default: throw error("unexpected character \(JSONParser.describe(c))")
        }
    }

    private mutating func parseObject(depth: Int) throws(SyntaxError) -> JSONValue {
        guard depth <= JSONParser.maxDepth else { throw error("nesting deeper than \(JSONParser.maxDepth) levels") }
        index += 1
        var members: [(key: String, value: JSONValue)] = []
        // The keys seen so far, so that finding a duplicate stays linear in the object's size.
        var keys: Set<String> = []
        skipWhitespace()
        if current == UInt8(ascii: "}") { index += 1; return .object(members) }
        while true {
            skipWhitespace()
            guard current == UInt8(ascii: "\"") else { throw error("expected a quoted key") }
            let keyStart = index
            let key = try parseString()
            guard keys.insert(key).inserted else {
                index = keyStart
                throw error("duplicate key '\(DisplayText.value(key))'")
            }
            skipWhitespace()
            guard current == UInt8(ascii: ":") else { throw error("expected ':' after key '\(DisplayText.value(key))'") }
            index += 1
            skipWhitespace()
            members.append((key, try parseValue(depth: depth)))
            skipWhitespace()
            if current == UInt8(ascii: ",") { index += 1; continue }
            if current == UInt8(ascii: "}") { index += 1; return .object(members) }
            throw error("expected ',' or '}' in an object")
        }
    }

    private mutating func parseArray(depth: Int) throws(SyntaxError) -> JSONValue {
        guard depth <= JSONParser.maxDepth else { throw error("nesting deeper than \(JSONParser.maxDepth) levels") }
        index += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if current == UInt8(ascii: "]") { index += 1; return .array(elements) }
        while true {
            skipWhitespace()
            elements.append(try parseValue(depth: depth))
            skipWhitespace()
            if current == UInt8(ascii: ",") { index += 1; continue }
            if current == UInt8(ascii: "]") { index += 1; return .array(elements) }
            throw error("expected ',' or ']' in an array")
        }
    }

    private mutating func parseNumber() throws(SyntaxError) -> Double {
        let start = index
        func digits(_ parser: inout JSONParser) -> Int {
            var count = 0
            while let c = parser.current, c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9") { parser.index += 1; count += 1 }
            return count
        }
        if current == UInt8(ascii: "-") { index += 1 }
        if current == UInt8(ascii: "0") {
            index += 1
            if let next = current, next >= UInt8(ascii: "0") && next <= UInt8(ascii: "9") {
                throw error("invalid number: leading zeros are not allowed")
            }
        } else if digits(&self) == 0 {
            throw error("invalid number")
        }
        if current == UInt8(ascii: ".") {
            index += 1
            guard digits(&self) > 0 else { throw error("invalid number: digits must follow '.'") }
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            index += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
            guard digits(&self) > 0 else { throw error("invalid number: digits must follow the exponent") }
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard let value = Double(text), value.isFinite else {
            index = start
            let shown = text.count > 24 ? String(text.prefix(24)) + "..." : text
            throw error("number '\(shown)' is out of range")
        }
        return value
    }

    /// A string's contents, gathered as UTF-8 bytes (runs of the text checked and copied
    /// whole, escapes encoded), so the work stays linear however many escapes it holds.
    private mutating func parseString() throws(SyntaxError) -> String {
        index += 1
        var utf8: [UInt8] = []
        var runStart = index
        func flushRun(_ parser: JSONParser, upTo end: Int, into utf8: inout [UInt8]) throws(SyntaxError) {
            guard runStart < end else { return }
            let run = parser.bytes[runStart..<end]
            guard UTF8Validation.isValid(run) else {
                var located = parser
                located.index = JSONParser.firstInvalidUTF8(in: parser.bytes, from: runStart, to: end)
                throw located.error("invalid UTF-8 in a string")
            }
            utf8.append(contentsOf: run)
        }
        while true {
            guard let c = current else { throw error("unterminated string") }
            if c == UInt8(ascii: "\"") {
                try flushRun(self, upTo: index, into: &utf8)
                index += 1
                return String(decoding: utf8, as: UTF8.self)
            }
            if c < 0x20 { throw error("control character in a string") }
            if c == UInt8(ascii: "\\") {
                try flushRun(self, upTo: index, into: &utf8)
                index += 1
                utf8.append(contentsOf: String(try parseEscape()).utf8)
                runStart = index
                continue
            }
            index += 1
        }
    }

    private mutating func parseEscape() throws(SyntaxError) -> Unicode.Scalar {
        guard let c = current else { throw error("unterminated string") }
        index += 1
        switch c {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            let high = try parseHex4()
            if (0xD800...0xDBFF).contains(high) {
                guard current == UInt8(ascii: "\\"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "u") else {
                    throw error("unpaired surrogate in a \\u escape")
                }
                index += 2
                let low = try parseHex4()
                guard (0xDC00...0xDFFF).contains(low) else { throw error("unpaired surrogate in a \\u escape") }
                return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))!
            }
            guard let scalar = Unicode.Scalar(high) else { throw error("unpaired surrogate in a \\u escape") }
            return scalar
        default:
            index -= 1
            if c >= 0x21 && c <= 0x7E { throw error("invalid escape '\\\(Unicode.Scalar(c))'") }
            throw error("invalid escape: '\\' followed by \(JSONParser.describe(c))")
        }
    }

    private mutating func parseHex4() throws(SyntaxError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let c = current else { throw error("unterminated \\u escape") }
            let nibble: UInt32
            switch c {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): nibble = UInt32(c - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): nibble = UInt32(c - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): nibble = UInt32(c - UInt8(ascii: "A") + 10)
            default: throw error("invalid \\u escape")
            }
            value = value << 4 | nibble
            index += 1
        }
        return value
    }

    /// A byte as a user can read it in a message: the character when printable ASCII, else hex.
    static func describe(_ byte: UInt8) -> String {
        if byte >= 0x21 && byte <= 0x7E { return "'\(Unicode.Scalar(byte))'" }
        let hex = Array("0123456789ABCDEF")
        return "byte 0x\(hex[Int(byte >> 4)])\(hex[Int(byte & 15)])"
    }

    /// The index of the first byte in `start..<end` where a valid UTF-8 sequence cannot begin
    /// or continue.
    static func firstInvalidUTF8(in bytes: [UInt8], from start: Int, to end: Int) -> Int {
        var i = start
        while i < end {
            let lead = bytes[i]
            let length: Int
            switch lead {
            case 0x00...0x7F: length = 1
            case 0xC2...0xDF: length = 2
            case 0xE0...0xEF: length = 3
            case 0xF0...0xF4: length = 4
            default: return i
            }
            guard i + length <= end,
                  UTF8Validation.isValid(bytes[i..<(i + length)]) else { return i }
            i += length
        }
        return end
    }
}
