@testable import RenderGIF

/// Shared helpers that turn thrown errors into values the tests can compare exactly.
enum TestSupport {
    /// The parsed value of `text`, or nil when the parser refuses it.
    static func json(_ text: String) -> JSONValue? {
        try? JSONParser.parse(Array(text.utf8))
    }

    /// The syntax error the parser reports for `bytes`, or nil when they parse.
    static func syntaxError(_ bytes: [UInt8]) -> JSONParser.SyntaxError? {
        do {
            _ = try JSONParser.parse(bytes)
            return nil
        } catch {
            return error
        }
    }

    /// The syntax error the parser reports for `text`, or nil when it parses.
    static func syntaxError(_ text: String) -> JSONParser.SyntaxError? {
        syntaxError(Array(text.utf8))
    }

    /// The problem `setting` reports for `input` applied to default settings, or nil if accepted.
    static func problem(_ setting: Setting, _ input: SettingInput, baseFolder: String? = nil) -> String? {
        var settings = Animation()
        do {
            try setting.apply(input, to: &settings, baseFolder: baseFolder)
            return nil
        } catch {
            return error.message
        }
    }

    /// Default settings with `input` applied to `setting`; nil if the value is refused.
    static func applied(_ setting: Setting, _ input: SettingInput, baseFolder: String? = nil) -> Animation? {
        var settings = Animation()
        do {
            try setting.apply(input, to: &settings, baseFolder: baseFolder)
            return settings
        } catch {
            return nil
        }
    }
}

/// SplitMix64: a tiny seeded generator so that "random" test input is the same on every run.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// `count` bytes drawn uniformly from `alphabet`.
    mutating func bytes(_ count: Int, from alphabet: [UInt8]) -> [UInt8] {
        var result = [UInt8](repeating: 0, count: count)
        for i in 0..<count {
            result[i] = alphabet[Int(next() % UInt64(alphabet.count))]
        }
        return result
    }
}
