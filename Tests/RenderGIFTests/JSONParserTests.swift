import Testing
@testable import RenderGIF

/// Values the strict JSON reader accepts, and what it makes of them.
@Suite enum JSONParserTests {
    @Test static func literals() {
        #expect(TestSupport.json("null") == .null)
        #expect(TestSupport.json("true") == .bool(true))
        #expect(TestSupport.json("false") == .bool(false))
    }

    @Test(arguments: [
        ("0", 0.0), ("-0", 0.0), ("7", 7.0), ("123", 123.0), ("-42", -42.0), ("0.5", 0.5),
        ("-2.25", -2.25), ("1e3", 1000.0), ("1E+2", 100.0), ("25e-2", 0.25), ("-2.5e-3", -0.0025),
        ("4096", 4096.0), ("1.0", 1.0),
    ])
    static func numbers(text: String, expected: Double) {
        #expect(TestSupport.json(text) == .number(expected))
    }

    @Test static func negativeZeroKeepsItsSign() throws {
        guard case let .number(value) = try #require(TestSupport.json("-0")) else {
            Issue.record("-0 is not a number")
            return
        }
        #expect(value.sign == .minus)
    }

    @Test static func strings() {
        #expect(TestSupport.json(#""""#) == .string(""))
        #expect(TestSupport.json(#""abc""#) == .string("abc"))
        #expect(TestSupport.json(#""café 😀""#) == .string("café 😀"))
    }

    @Test static func simpleEscapes() {
        #expect(TestSupport.json(#""\" \\ \/ \b \f \n \r \t""#) == .string("\" \\ / \u{08} \u{0C} \n \r \t"))
    }

    @Test static func unicodeEscapes() {
        #expect(TestSupport.json(#""\u0041\u00e9\u00E9""#) == .string("Aéé"))
        #expect(TestSupport.json(#""\u0000""#) == .string("\u{0}"))
        #expect(TestSupport.json(#""\u20AC""#) == .string("€"))
        // U+1F600 is D83D DE00 in UTF-16: 0x10000 + (0x3D << 10) + 0x200 = 0x1F600.
        #expect(TestSupport.json(#""\ud83d\ude00""#) == .string("\u{1F600}"))
        #expect(TestSupport.json(#""a\uD834\uDD1Eb""#) == .string("a\u{1D11E}b"))
        // The highest scalar, U+10FFFF, is DBFF DFFF.
        #expect(TestSupport.json(#""\uDBFF\uDFFF""#) == .string("\u{10FFFF}"))
    }

    @Test static func escapesBetweenRunsOfText() {
        #expect(TestSupport.json(#""ab\ncd\u0021ef""#) == .string("ab\ncd!ef"))
    }

    @Test static func arrays() {
        #expect(TestSupport.json("[]") == .array([]))
        #expect(TestSupport.json("[ ]") == .array([]))
        #expect(TestSupport.json(#"[1, "a", true, null, [false]]"#)
            == .array([.number(1), .string("a"), .bool(true), .null, .array([.bool(false)])]))
    }

    @Test static func objectsKeepKeyOrder() throws {
        let value = try #require(TestSupport.json(#"{"zeta": 1, "alpha": {"y": [], "b": {}, "x": null}, "mid": "m"}"#))
        guard case let .object(members) = value else {
            Issue.record("not an object")
            return
        }
        #expect(members.map(\.key) == ["zeta", "alpha", "mid"])
        guard case let .object(inner) = members[1].value else {
            Issue.record("inner value is not an object")
            return
        }
        #expect(inner.map(\.key) == ["y", "b", "x"])
        #expect(inner[1].value == .object([]))
        #expect(members[2].value == .string("m"))
    }

    @Test static func emptyObject() {
        #expect(TestSupport.json("{}") == .object([]))
        #expect(TestSupport.json("{ \n }") == .object([]))
    }

    @Test static func whitespaceAroundEverything() {
        let text = " \t\r\n{ \"a\" \n:\t[ 1 ,\r\n 2 ] , \"b\" : \"c\" }\n\n "
        #expect(TestSupport.json(text) == .object([(key: "a", value: .array([.number(1), .number(2)])),
                                                   (key: "b", value: .string("c"))]))
    }

    @Test static func byteOrderMarkIsSkipped() throws {
        #expect(TestSupport.syntaxError([0xEF, 0xBB, 0xBF] + Array("{\"a\": 1}".utf8)) == nil)
        #expect(try JSONParser.parse([0xEF, 0xBB, 0xBF] + Array("[true]".utf8)) == .array([.bool(true)]))
    }

    @Test static func escapedKeysCompareByValue() {
        // "\u0061" is "a", so this object has one key written two ways: a duplicate.
        #expect(TestSupport.syntaxError(#"{"a": 1, "\u0061": 2}"#)?.message == "duplicate key 'a'")
    }

    @Test static func nestingExactlyAtTheLimitIsAccepted() {
        let depth = JSONParser.maxDepth
        #expect(depth == 32)
        let arrays = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        #expect(TestSupport.syntaxError(arrays) == nil)
        let objects = String(repeating: "{\"k\":", count: depth - 1) + "{}" + String(repeating: "}", count: depth - 1)
        #expect(TestSupport.syntaxError(objects) == nil)
        let mixed = String(repeating: "[{\"k\":", count: depth / 2) + "0" + String(repeating: "}]", count: depth / 2)
        #expect(TestSupport.syntaxError(mixed) == nil)
    }

    @Test static func objectEqualityDependsOnOrder() {
        let ab = JSONValue.object([(key: "a", value: .null), (key: "b", value: .null)])
        let ba = JSONValue.object([(key: "b", value: .null), (key: "a", value: .null)])
        #expect(ab == ab)
        #expect(ab != ba)
        #expect(JSONValue.number(1) != .string("1"))
        #expect(JSONValue.array([.null]) != .array([.null, .null]))
    }

    @Test static func typeNames() {
        #expect(JSONValue.null.typeName == "null")
        #expect(JSONValue.bool(false).typeName == "a boolean")
        #expect(JSONValue.number(1).typeName == "a number")
        #expect(JSONValue.string("").typeName == "a string")
        #expect(JSONValue.array([]).typeName == "an array")
        #expect(JSONValue.object([]).typeName == "an object")
    }

    @Test static func syntaxErrorDescription() {
        let error = JSONParser.SyntaxError(line: 3, column: 14, message: "unterminated string")
        #expect(error.description == "line 3, column 14: unterminated string")
    }
}
