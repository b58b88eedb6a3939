import Foundation
@testable import RenderGIF

/// Shared helpers: animations built in code, temporary folders, and thrown errors turned into
/// values the tests can compare exactly.
enum TestSupport {
    /// The golden render's animation, set in code: 160 x 200 points at one pixel a point,
    /// 30-point avatars, taps on buttons 1 and 3, 0.1 s holds (90 frames at 50 fps).
    static var small: Animation {
        var animation = Animation()
        animation.width = 160
        animation.height = 200
        animation.scale = 1
        animation.buttonDiameter = 30
        animation.taps = [1, 3]
        animation.hold = 0.1
        return animation
    }

    /// A new, empty folder in the temporary folder, its name starting with `prefix`; the
    /// caller removes it.
    static func temporaryFolder(_ prefix: String) throws -> String {
        let folder = NSTemporaryDirectory() + "render-gif-\(prefix)-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder
    }

    /// The bytes of the GIF the render job writes for `animation` to the file `path` on
    /// `threads` threads.
    static func renderedFile(_ animation: Animation, to path: String, threads: Int = 2) throws -> [UInt8] {
        _ = try RenderJob.run(animation, to: .file(path), progress: SilentProgress(), threads: threads)
        return Array(try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    /// The error the library's API refuses `animation` with (rendering it in memory), or nil
    /// when it renders.
    static func refusal(_ animation: Animation) -> RenderGIFError? {
        do {
            _ = try animation.renderGIF()
            return nil
        } catch {
            return error
        }
    }

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
