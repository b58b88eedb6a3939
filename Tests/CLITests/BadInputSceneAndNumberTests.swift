import Foundation
import Testing

/// Bad scene files, and NaN, zero, negative, infinite and huge values for every numeric flag.
@Suite enum BadInputSceneAndNumberTests {
    static let small = BadInputMatrixTests.small

    static func scene(_ label: String, _ json: String, status: Int32 = 1, _ message: String) -> BadInputCase {
        BadInputCase(label: label, arguments: small + ["--scene", "scene.json"],
                     files: [("scene.json", .text(json))], status: status, message: "scene file 'scene.json': \(message)")
    }

    static let sceneCases: [BadInputCase] = [
        scene("wrong type", #"{"width": "wide"}"#, "key 'width' must be a number of points from 32 to 4096, not a string"),
        scene("boolean for a count", #"{"buttons": true}"#, "key 'buttons' must be an integer from 2 to 64, not a boolean"),
        scene("unknown key", #"{"widht": 400}"#, "unknown key 'widht' (did you mean 'width'?)"),
        scene("unknown key far from any", #"{"sparkles": 1}"#, "unknown key 'sparkles'"),
        scene("escape sequence in a key", #"{"taps\u001b[2J\r": 1}"#, #"unknown key 'taps\u{1B}[2J\r'"#),
        scene("array at the top", "[1, 2]", "must hold a JSON object, not an array"),
        scene("nesting 40 deep", String(repeating: "[", count: 40) + String(repeating: "]", count: 40),
              "not valid JSON: line 1, column 33: nesting deeper than 32 levels"),
        scene("duplicate key", #"{"fps": 10, "fps": 20}"#, "not valid JSON: line 1, column 13: duplicate key 'fps'"),
        scene("trailing comma", #"{"fps": 10,}"#, "not valid JSON: line 1, column 12: expected a quoted key"),
        scene("number out of range", #"{"hold": 1e999}"#, "not valid JSON: line 1, column 10: number '1e999' is out of range"),
        scene("tap that is a string", #"{"taps": [1, "2"]}"#, "key 'taps' must be an array of button indices, not an array holding a string"),
        scene("avatars as an array", #"{"avatars": ["a.png"]}"#,
              "key 'avatars' must be an object mapping button indices to image paths, not an array"),
        scene("empty file", "", "not valid JSON: line 1, column 1: unexpected end of file"),
        BadInputCase(label: "invalid UTF-8", arguments: small + ["--scene", "scene.json"],
                     files: [("scene.json", .raw(Array(#"{"head": ""#.utf8) + [0xFF] + Array(#"x.png"}"#.utf8)))], status: 1,
                     message: "scene file 'scene.json': not valid JSON: line 1, column 11: invalid UTF-8 in a string"),
        BadInputCase(label: "missing scene file", arguments: small + ["--scene", "absent.json"], status: 1,
                     message: "scene file 'absent.json': No such file or directory"),
        BadInputCase(label: "scene file is a folder", arguments: small + ["--scene", "scenes"],
                     files: [("scenes", .folder)], status: 1, message: "scene file 'scenes': is a folder"),
        BadInputCase(label: "10 MB of garbage", arguments: small + ["--scene", "garbage.json"],
                     files: [("garbage.json", .randomBytes(count: 10 << 20))], status: 1,
                     message: "scene file 'garbage.json': the file is 10485760 bytes, over the limit of 1048576 bytes"),
        BadInputCase(label: "4 KB of garbage", arguments: small + ["--scene", "garbage.json"],
                     files: [("garbage.json", .randomBytes(count: 4096))], status: 1,
                     message: "scene file 'garbage.json': not valid JSON: line 1, column 1: unexpected character \(firstRandomByte)"),
    ]

    /// How the parser names the first byte of the fixed random bytes.
    static let firstRandomByte: String = {
        let byte = BadInputFixture.randomBytes(count: 1).bytes![0]
        if byte >= 0x21 && byte <= 0x7E { return "'\(Character(Unicode.Scalar(byte)))'" }
        let hex = String(byte, radix: 16, uppercase: true)
        return "byte 0x" + (hex.count == 1 ? "0" + hex : hex)
    }()

    /// Every numeric flag with the range its message states (docs/scene.md) and the values
    /// outside it; values inside the range (0 for --hold, --margin, --border-width, --loop)
    /// are left out.
    static let numericFlags: [(flag: String, expectation: String, bad: [String])] = [
        ("--width", "a number of points from 32 to 4096", ["nan", "0", "-375", "inf", "1e300", "31.99"]),
        ("--height", "a number of points from 32 to 4096", ["nan", "0", "-1", "inf", "4096.5"]),
        ("--scale", "an integer from 1 to 4", ["nan", "0", "-2", "inf", "1e9", "1.5"]),
        ("--fps", "an integer from 1 to 50", ["nan", "0", "-10", "inf", "51"]),
        ("--hold", "a number of seconds from 0 to 3600", ["nan", "-0.1", "inf", "1e9"]),
        ("--one-step-duration", "a number of seconds from 0.001 to 60", ["nan", "0", "-1", "inf", "61"]),
        ("--per-step-duration", "a number of seconds from 0.001 to 60", ["nan", "0", "-1", "inf", "1e9"]),
        ("--buttons", "an integer from 2 to 64", ["nan", "0", "-4", "inf", "65", "1"]),
        ("--margin", "an angle in degrees from 0 to below 30", ["nan", "-7.5", "inf", "30", "1e9"]),
        ("--diameter", "a number of points from 1 to 1000", ["nan", "0", "-50", "inf", "1000.5"]),
        ("--border-width", "a number of points from 0 to 500", ["nan", "-2", "inf", "1e9"]),
        ("--arc-width", "a number of points from 0.1 to 100", ["nan", "0", "-1", "inf", "101"]),
        ("--colors", "an integer from 2 to 256", ["nan", "0", "-256", "inf", "257"]),
        ("--loop", "an integer from 0 to 65535", ["nan", "-1", "inf", "65536", "0x10"]),
    ]

    static let numberCases: [BadInputCase] = numericFlags.flatMap { entry in
        entry.bad.map { value in
            BadInputCase(label: "\(entry.flag) \(value)", arguments: small + [entry.flag, value], status: 64,
                         message: "invalid value '\(value)' for '\(entry.flag)': must be \(entry.expectation)")
        }
    }

    @Test(arguments: sceneCases) static func badSceneFile(_ badInput: BadInputCase) throws { try badInput.check() }
    @Test(arguments: numberCases) static func badNumber(_ badInput: BadInputCase) throws { try badInput.check() }

    /// The same numbers from a scene file name the key instead of the flag.
    @Test static func badNumberInSceneFile() throws {
        try scene("NaN-like text for a number", #"{"fps": "nan"}"#, "key 'fps' must be an integer from 1 to 50, not a string").check()
        try scene("zero scale", #"{"scale": 0}"#, "key 'scale' must be an integer from 1 to 4").check()
        try scene("negative hold", #"{"hold": -1}"#, "key 'hold' must be a number of seconds from 0 to 3600").check()
        try scene("huge width", #"{"width": 1e300}"#, "key 'width' must be a number of points from 32 to 4096").check()
    }
}
