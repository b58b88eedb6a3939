import ArcScene
import GIFEncoding
import ImageCodecs

/// Every way a render-gif run can fail, each with one line of text that names the flag or file
/// and the problem. The command prints `Error: ` and the description.
public enum RenderGIFError: Error, CustomStringConvertible {
    /// The command line is malformed (exit 64, followed by a usage line).
    case usage(String)
    /// A setting's value, from a flag or a scene file, is unacceptable.
    case invalidSetting(flag: String, value: String?, problem: String)
    /// A scene file cannot be read or understood.
    case sceneFile(path: String, problem: String)
    /// A picture given as pixels is not a picture (sizes and bytes disagree).
    case invalidPicture(String)
    /// An image or output file failed.
    case codec(ImageCodecError)
    /// The GIF encoder refused a value.
    case encoding(GIFEncodingError)
    /// The animation would exceed a documented limit.
    case limitExceeded(String)
    /// The scene model refused the settings (a check no single setting could make).
    case invalidScene(SceneError)
    /// `--check`: a file to compare is missing or unreadable (found before rendering).
    case cannotCheck(path: String, reason: String)
    /// `--check`: outputs differ from what would be rendered, each reason naming its file
    /// and saying what differs.
    case outOfDate(reasons: [String])
    /// A frame folder problem.
    case framesFolder(path: String, problem: String)
    /// Even the smallest GIF of the size ladder is larger than the `--max-bytes` budget.
    case overBudget(maxBytes: Int, smallestBytes: Int)

    /// True for errors about how the command was called, which exit with 64.
    package var isUsageError: Bool {
        switch self {
        case .usage, .invalidSetting: return true
        default: return false
        }
    }

    /// One line: the message, with any control character from the input (a newline in a
    /// file name, an escape sequence in a scene-file key) written as an escape, so that
    /// the error can neither break the line nor drive the terminal.
    public var description: String {
        RenderGIFError.printable(message)
    }

    private var message: String {
        switch self {
        case let .usage(message): return message
        case let .invalidSetting(flag, value?, problem):
            return "invalid value '\(RenderGIFError.abbreviated(value))' for '\(flag)': \(problem)"
        case let .invalidSetting(flag, nil, problem): return "invalid value for '\(flag)': \(problem)"
        case let .sceneFile(path, problem): return "scene file '\(path)': \(problem)"
        case let .invalidPicture(problem): return "invalid picture: \(problem)"
        case let .codec(error): return error.description
        case let .encoding(error): return error.description
        case let .limitExceeded(message): return message
        case let .invalidScene(error): return "the scene is not valid: \(error)"
        case let .cannotCheck(path, reason): return "cannot check '\(path)': \(reason)"
        case let .outOfDate(reasons): return reasons.joined(separator: "; and ")
        case let .framesFolder(path, problem): return "frames folder '\(path)': \(problem)"
        case let .overBudget(maxBytes, smallestBytes):
            return "\(Setting.maxBytes.flag) \(maxBytes): the smallest GIF render-gif can make of this animation is "
                + "\(Setting.groupedDigits(smallestBytes)) bytes"
        }
    }

    /// The most characters of a value quoted in a message; longer values (a list of 10,000
    /// taps) are cut, so that the error stays one readable line.
    static let maxQuotedValueLength = 40

    /// `text` with control characters written as `\n`, `\r`, `\t` or `\u{XX}`.
    static func printable(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x0A: result += "\\n"
            case 0x0D: result += "\\r"
            case 0x09: result += "\\t"
            case 0x00..<0x20, 0x7F...0x9F, 0x2028, 0x2029:
                result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// `value`, or its beginning followed by "..." when it is longer than `maxQuotedValueLength`.
    static func abbreviated(_ value: String) -> String {
        guard value.count > maxQuotedValueLength else { return value }
        return String(value.prefix(maxQuotedValueLength)) + "..."
    }
}
