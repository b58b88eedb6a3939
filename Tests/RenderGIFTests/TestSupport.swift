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
