import SharedTestSupport
import Testing
@testable import RenderGIF

/// Texts the strict JSON reader refuses, with the exact line, column and message of each
/// refusal. Columns are 1-based and count characters, not bytes.
@Suite enum JSONParserErrorTests {
    private static func error(_ line: Int, _ column: Int, _ message: String) -> JSONParser.SyntaxError {
        JSONParser.SyntaxError(line: line, column: column, message: message)
    }

    @Test(arguments: [
        // Trailing commas.
        ("[1,]", error(1, 4, "unexpected character ']'")),
        ("{\n  \"a\": 1,\n}", error(3, 1, "expected a quoted key")),
        // Duplicate keys point at the second key's opening quote.
        ("{\"a\": 1, \"a\": 2}", error(1, 10, "duplicate key 'a'")),
        ("{\n\"fps\": 1,\n  \"fps\": 2\n}", error(3, 3, "duplicate key 'fps'")),
        // Strings.
        ("\"abc", error(1, 5, "unterminated string")),
        ("[\"abc", error(1, 6, "unterminated string")),
        ("\"ab\\", error(1, 5, "unterminated string")),
        ("\"a\tb\"", error(1, 3, "control character in a string")),
        ("\"ab\ncd\"", error(1, 4, "control character in a string")),
        ("\"a\\x\"", error(1, 4, "invalid escape '\\x'")),
        ("\"\\U0041\"", error(1, 3, "invalid escape '\\U'")),
        ("\"\\u12G4\"", error(1, 6, "invalid \\u escape")),
        ("\"\\u12", error(1, 6, "unterminated \\u escape")),
        ("\"\\ud83d\"", error(1, 8, "unpaired surrogate in a \\u escape")),
        ("\"\\ud83dx\"", error(1, 8, "unpaired surrogate in a \\u escape")),
        ("\"\\ud83d\\u0041\"", error(1, 14, "unpaired surrogate in a \\u escape")),
        ("\"\\ude00\"", error(1, 8, "unpaired surrogate in a \\u escape")),
        // Numbers.
        ("1.", error(1, 3, "invalid number: digits must follow '.'")),
        ("[1.e5]", error(1, 4, "invalid number: digits must follow '.'")),
        ("-", error(1, 2, "invalid number")),
        ("-a", error(1, 2, "invalid number")),
        ("1e", error(1, 3, "invalid number: digits must follow the exponent")),
        ("1e+", error(1, 4, "invalid number: digits must follow the exponent")),
        (".5", error(1, 1, "unexpected character '.'")),
        ("+1", error(1, 1, "unexpected character '+'")),
        ("1e999", error(1, 1, "number '1e999' is out of range")),
        ("{\"w\": -1e999}", error(1, 7, "number '-1e999' is out of range")),
        // Literals.
        ("tru", error(1, 4, "invalid literal (expected 'true')")),
        ("fals", error(1, 5, "invalid literal (expected 'false')")),
        ("nulx", error(1, 4, "invalid literal (expected 'null')")),
        ("True", error(1, 1, "unexpected character 'T'")),
        // Structure.
        ("", error(1, 1, "unexpected end of file")),
        ("  \n \n", error(3, 1, "unexpected end of file")),
        ("[", error(1, 2, "unexpected end of file")),
        ("{\"a\":", error(1, 6, "unexpected end of file")),
        ("[1", error(1, 3, "expected ',' or ']' in an array")),
        ("[1 2]", error(1, 4, "expected ',' or ']' in an array")),
        ("{\"a\" 1}", error(1, 6, "expected ':' after key 'a'")),
        ("{1: 2}", error(1, 2, "expected a quoted key")),
        ("{\"a\": 1 \"b\": 2}", error(1, 9, "expected ',' or '}' in an object")),
        ("{\"a\": 1", error(1, 8, "expected ',' or '}' in an object")),
        // Text after the value.
        ("{} x", error(1, 4, "unexpected text after the JSON value")),
        ("1 2", error(1, 3, "unexpected text after the JSON value")),
        ("[]\n\n ]", error(3, 2, "unexpected text after the JSON value")),
        // Columns count characters: "é" and "日本" are one column per character.
        ("\"é\" x", error(1, 5, "unexpected text after the JSON value")),
        ("[\n\"日本\", x]", error(2, 7, "unexpected character 'x'")),
    ])
    static func refusals(text: String, expected: JSONParser.SyntaxError) {
        #expect(TestSupport.syntaxError(text) == expected)
    }

    /// "01" is refused where the second digit stands (JSON forbids leading zeros).
    @Test static func leadingZeros() {
        let bare = TestSupport.syntaxError("01")
        #expect(bare?.line == 1 && bare?.column == 2)
        let inObject = TestSupport.syntaxError("{\"fps\": 01}")
        #expect(inObject?.line == 1 && inObject?.column == 10)
        let negative = TestSupport.syntaxError("-01")
        #expect(negative?.line == 1 && negative?.column == 3)
    }

    @Test static func nestingOneLevelTooDeep() {
        let depth = JSONParser.maxDepth + 1
        let arrays = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        #expect(TestSupport.syntaxError(arrays) == error(1, 33, "nesting deeper than 32 levels"))
        // 32 objects of `{"k":` (5 characters each) put the 33rd brace at column 161.
        let objects = String(repeating: "{\"k\":", count: depth - 1) + "{}" + String(repeating: "}", count: depth - 1)
        #expect(TestSupport.syntaxError(objects) == error(1, 161, "nesting deeper than 32 levels"))
    }

    @Test(arguments: [
        [0xFF] as [UInt8],          // never valid in UTF-8
        [0x80],                     // a continuation byte alone
        [0xC0, 0x80],               // an overlong encoding of U+0000
        [0xE2, 0x82],               // a three-byte sequence cut short
        [0xED, 0xA0, 0x80],         // a UTF-16 surrogate encoded as UTF-8
        [0xF4, 0x90, 0x80, 0x80],   // above U+10FFFF
    ])
    static func invalidUTF8InAString(bad: [UInt8]) {
        let bytes = Array("{\"a\": \"x".utf8) + bad + Array("y\"}".utf8)
        let refusal = TestSupport.syntaxError(bytes)
        #expect(refusal?.message == "invalid UTF-8 in a string")
        #expect(refusal?.line == 1)
        let beforeEscape = Array("[\"".utf8) + bad + Array("\\n\"]".utf8)
        #expect(TestSupport.syntaxError(beforeEscape)?.message == "invalid UTF-8 in a string")
        let key = Array("{\"".utf8) + bad + Array("\": 1}".utf8)
        #expect(TestSupport.syntaxError(key)?.message == "invalid UTF-8 in a string")
    }

    @Test static func invalidUTF8OutsideStringsIsRefused() {
        #expect(TestSupport.syntaxError([0xFF]) != nil)
        #expect(TestSupport.syntaxError(Array("[1, ".utf8) + [0xC3, 0xA9] + Array("]".utf8))?.column == 5)
    }

    @Test static func byteOrderMarkAloneIsEmpty() {
        #expect(TestSupport.syntaxError([0xEF, 0xBB, 0xBF])?.message == "unexpected end of file")
        // A mark anywhere but the start is not white space.
        #expect(TestSupport.syntaxError(Array(" ".utf8) + [0xEF, 0xBB, 0xBF] + Array("1".utf8)) != nil)
    }

    private static let tenMegabytes = 10 << 20

    @Test static func tenMegabytesOfRandomBytes() {
        var generator = SeededGenerator(seed: 0x5EED_0001)
        let bytes = generator.bytes(tenMegabytes, from: (0...255).map { UInt8($0) })
        #expect(TestSupport.syntaxError(bytes) != nil)
    }

    @Test static func tenMegabytesOfRandomJSONTokens() {
        var generator = SeededGenerator(seed: 0x5EED_0002)
        let alphabet = Array("{}[]{}[]\"\"\"::,,,, \n0123456789-+.eEtruefalsn\\u".utf8)
        for prefix in ["", "[", "{\"k\":", "\""] {
            let bytes = Array(prefix.utf8) + generator.bytes(tenMegabytes, from: alphabet)
            #expect(TestSupport.syntaxError(bytes) != nil)
        }
    }

    @Test static func tenMegabytesInsideAnUnterminatedString() {
        var generator = SeededGenerator(seed: 0x5EED_0003)
        let alphabet = (0x20...0xFF).map { UInt8($0) }.filter { $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }
        let bytes = Array("\"".utf8) + generator.bytes(tenMegabytes, from: alphabet)
        #expect(TestSupport.syntaxError(bytes)?.message == "unterminated string")
    }

    @Test static func tenMegabytesOfOpeningBrackets() {
        let bytes = [UInt8](repeating: UInt8(ascii: "["), count: tenMegabytes)
        #expect(TestSupport.syntaxError(bytes) == error(1, 33, "nesting deeper than 32 levels"))
    }

    @Test static func tenMillionDigitsAreOutOfRange() {
        let bytes = [UInt8](repeating: UInt8(ascii: "9"), count: 10_000_000)
        let refusal = TestSupport.syntaxError(bytes)
        #expect(refusal?.line == 1 && refusal?.column == 1)
        #expect(refusal?.message.hasSuffix("is out of range") == true)
    }
}
