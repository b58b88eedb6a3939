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
    /// An image or output file failed.
    case codec(ImageCodecError)
    /// The animation would exceed a documented limit.
    case limitExceeded(String)
    /// `--check`: the existing output differs from what would be rendered.
    case checkFailed(path: String, reason: String)
    /// A frame folder problem.
    case framesFolder(path: String, problem: String)

    /// True for errors about how the command was called, which exit with 64.
    public var isUsageError: Bool {
        switch self {
        case .usage, .invalidSetting: return true
        default: return false
        }
    }

    public var description: String {
        switch self {
        case let .usage(message): return message
        case let .invalidSetting(flag, value?, problem):
            return "invalid value '\(RenderGIFError.abbreviated(value))' for '\(flag)': \(problem)"
        case let .invalidSetting(flag, nil, problem): return "invalid value for '\(flag)': \(problem)"
        case let .sceneFile(path, problem): return "scene file '\(path)': \(problem)"
        case let .codec(error): return error.description
        case let .limitExceeded(message): return message
        case let .checkFailed(path, reason): return "'\(path)' is out of date: \(reason)"
        case let .framesFolder(path, problem): return "frames folder '\(path)': \(problem)"
        }
    }

    /// The most characters of a value quoted in a message; longer values (a list of 10,000
    /// taps) are cut, so that the error stays one readable line.
    static let maxQuotedValueLength = 40

    /// `value`, or its beginning followed by "..." when it is longer than `maxQuotedValueLength`.
    static func abbreviated(_ value: String) -> String {
        guard value.count > maxQuotedValueLength else { return value }
        return String(value.prefix(maxQuotedValueLength)) + "..."
    }
}
