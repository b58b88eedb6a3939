import SafeFiles

/// Every way a render-gif run can fail, each with one line of text that names the flag or file
/// and the problem. The command prints `Error: ` and the description.
///
/// The modules below the library report in their own error types; each stage of a render
/// converts them once, where the stage is called, into the case that says what kind of
/// failure it was, carrying that error's text (see `RenderGIFError+Stages.swift`), so no
/// other module's type is part of this one.
public enum RenderGIFError: Error, CustomStringConvertible {
    /// The command line is malformed (exit 64, followed by a usage line).
    case usage(String)
    /// A setting's value, from a flag or a scene file, is unacceptable.
    case invalidSetting(flag: String, value: String?, problem: String)
    /// A scene file cannot be read or understood.
    case sceneFile(path: String, problem: String)
    /// A picture given as pixels is not a picture (sizes and bytes disagree).
    case invalidPicture(String)
    /// A picture could not be read or decoded, or an output file could not be written; the
    /// text names the file and the problem.
    case codec(String)
    /// The GIF encoder refused a value; the text names it and the problem.
    case encoding(String)
    /// The animation would exceed a documented limit.
    case limitExceeded(String)
    /// The scene model refused the settings (a check no single setting could make); the text
    /// says which value and why.
    case invalidScene(String)
    /// `--check`: a file to compare is missing or unreadable (found before rendering).
    case cannotCheck(path: String, reason: String)
    /// `--check`: outputs differ from what would be rendered, each reason naming its file
    /// and saying what differs.
    case outOfDate(reasons: [String])
    /// A frame folder problem.
    case framesFolder(path: String, problem: String)
    /// Two outputs are one file (the GIF and the still, the still and a frame), found before
    /// anything is drawn; each is named with its role ("the output", "--poster", "a frame").
    case sameFile(OutputFile, OutputFile)
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
    /// file name, an escape sequence in a scene-file key) written as an escape and the bytes
    /// of a file name that are not UTF-8 as `\xNN`, so that the error can neither break the
    /// line nor drive the terminal; each file name is cut in the middle past
    /// `DisplayText.maxValueLength` characters, and the whole line past `DisplayText.maxLineLength`.
    public var description: String {
        DisplayText.line(message)
    }

    private var message: String {
        switch self {
        case let .usage(message): return message
        case let .invalidSetting(flag, value?, problem):
            return "invalid value '\(RenderGIFError.abbreviated(value))' for '\(flag)': \(problem)"
        case let .invalidSetting(flag, nil, problem): return "invalid value for '\(flag)': \(problem)"
        case let .sceneFile(path, problem): return "scene file '\(DisplayText.value(path))': \(problem)"
        case let .invalidPicture(problem): return "invalid picture: \(problem)"
        case let .codec(message): return message
        case let .encoding(message): return message
        case let .limitExceeded(message): return message
        case let .invalidScene(problem): return "the scene is not valid: \(problem)"
        case let .cannotCheck(path, reason): return "cannot check '\(DisplayText.value(path))': \(reason)"
        case let .outOfDate(reasons): return reasons.joined(separator: "; and ")
        case let .framesFolder(path, problem): return "frames folder '\(DisplayText.value(path))': \(problem)"
        case let .sameFile(first, second):
            return "'\(DisplayText.value(first.path))' (\(first.role)) and '\(DisplayText.value(second.path))' (\(second.role)) "
                + "are the same file; give each output a file of its own"
        case let .overBudget(maxBytes, smallestBytes):
            return "\(Setting.maxBytes.flag) \(maxBytes): the smallest GIF render-gif can make of this animation is "
                + "\(Setting.groupedDigits(smallestBytes)) bytes"
        }
    }

    /// The most characters of a value quoted in a message; longer values (a list of 10,000
    /// taps) are cut, so that the error stays one readable line.
    static let maxQuotedValueLength = 40

    /// `text` with control characters written as `\n`, `\r`, `\t` or `\u{XX}` and a file
    /// name's bytes that are not UTF-8 as `\xNN`.
    static func printable(_ text: String) -> String {
        DisplayText.printable(text)
    }

    /// `value`, or its beginning followed by "..." when it is longer than `maxQuotedValueLength`.
    static func abbreviated(_ value: String) -> String {
        guard value.count > maxQuotedValueLength else { return value }
        return String(value.prefix(maxQuotedValueLength)) + "..."
    }
}
