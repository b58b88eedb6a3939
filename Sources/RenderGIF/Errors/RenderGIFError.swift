import GIFEncoding
import SafeFiles
import WorkThreads

/// Every way rendering an animation can fail, each case carrying its facts (the setting and
/// its value, the file and what was wrong with it, the limit and the need), with one line of
/// text for people as its `description`.
///
/// The modules below the library report in their own error types; each stage of a render
/// converts them once, where the stage is called (see `RenderGIFError+Stages.swift`), so no
/// other module's type is part of this one. The text names settings by their property names;
/// the command formats the same errors with its flags.
public enum RenderGIFError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A setting's value cannot be rendered, alone or with the others.
    case invalidSetting(InvalidSetting)
    /// A scene file cannot be read or understood; `problem` names the key where there is one.
    case sceneFile(path: String, problem: String)
    /// A picture given as pixels is not a picture (sizes and bytes disagree).
    case invalidPicture(String)
    /// A picture could not be read or decoded.
    case picture(FileFailure)
    /// An output could not be written; what was there before is untouched.
    case output(FileFailure)
    /// The render would need more memory than the process may have (`ulimit -v` or `-d`).
    case memoryLimit(needBytes: Int, limitBytes: Int, limit: String)
    /// The animation would have more frames than a GIF of render-gif may hold.
    case tooManyFrames(seconds: Double, fps: Int, limit: Int)
    /// The GIF encoder refused a value; the text names it and the problem.
    case encoding(String)
    /// The scene model refused the settings (a check no single setting could make); the text
    /// says which value and why.
    case invalidScene(String)
    /// A file to compare is missing or unreadable (found before rendering).
    case cannotCheck(path: String, reason: String)
    /// Files differ from what would be rendered.
    case outOfDate([CheckDifference])
    /// Two outputs are one file (the GIF and the still, the still and a frame), found before
    /// anything is drawn.
    case sameFile(OutputFile, OutputFile)
    /// Even the smallest GIF of the size ladder is larger than `maxBytes`.
    case overBudget(maxBytes: Int, smallestBytes: Int)
    /// The render was asked to stop (its task was cancelled) and did, writing nothing; the
    /// `async` calls throw `CancellationError` instead.
    case cancelled
    /// The system refused the thread an `async` render runs on (too many threads, or no memory
    /// for its stack); nothing was rendered. Other threads a render would like are optional:
    /// without them it does their work on the threads it has.
    case threadRefused

    /// One line: the message, with any control character from the input (a newline in a
    /// file name, an escape sequence in a scene-file key) written as an escape and the bytes
    /// of a file name that are not UTF-8 as `\xNN`, so that the error can neither break the
    /// line nor drive the terminal; each file name is cut in the middle past
    /// `DisplayText.maxValueLength` characters, and the whole line past `DisplayText.maxLineLength`,
    /// except a check's report (`.outOfDate`): its file names are shortened, never its findings.
    public var description: String { description(naming: .properties) }

    /// `description` with the settings named by `naming`.
    package func description(naming: SettingNaming) -> String {
        if case .outOfDate = self { return DisplayText.printable(message(naming: naming)) }
        return DisplayText.line(message(naming: naming))
    }

    private func message(naming: SettingNaming) -> String {
        switch self {
        case let .invalidSetting(invalid):
            let name = naming.property(invalid.property)
            guard let value = invalid.value else { return "invalid value for '\(name)': \(invalid.problem)" }
            return "invalid value '\(RenderGIFError.abbreviated(value))' for '\(name)': \(invalid.problem)"
        case let .sceneFile(path, problem): return "scene file '\(DisplayText.value(path))': \(problem)"
        case let .invalidPicture(problem): return "invalid picture: \(problem)"
        case let .picture(failure), let .output(failure): return failure.description
        case let .memoryLimit(need, limit, name):
            return "the render needs about \(MemoryNeed.megabytes(need)) MB of memory, over the process's limit of "
                + "\(MemoryNeed.megabytes(limit)) MB (\(name)); raise the limit or render a smaller \(naming.property(.scale))"
        case let .tooManyFrames(seconds, fps, limit):
            return "the animation would last \(seconds.shortDescription) s, \(Int((seconds * Double(fps)).rounded(.up))) frames "
                + "at \(fps) fps, over the limit of \(limit) frames"
        case let .encoding(message): return message
        case let .invalidScene(problem): return "the scene is not valid: \(problem)"
        case let .cannotCheck(path, reason): return "cannot check '\(DisplayText.value(path))': \(reason)"
        case let .outOfDate(differences): return differences.map { $0.description(naming: naming) }.joined(separator: "; and ")
        case let .sameFile(first, second):
            return "'\(DisplayText.value(first.path))' (\(first.role.name(naming))) and "
                + "'\(DisplayText.value(second.path))' (\(second.role.name(naming))) "
                + "are the same file; give each output a file of its own"
        case let .overBudget(maxBytes, smallestBytes):
            return "\(naming.property(.maxBytes)) \(maxBytes): the smallest GIF render-gif can make of this animation is "
                + "\(Setting.groupedDigits(smallestBytes)) bytes"
        case .cancelled: return "the render was cancelled"
        case .threadRefused: return ThreadStart.refusalDescription
        }
    }

    /// The most characters of a value quoted in a message; longer values (a list of 10,000
    /// taps) are cut, so that the error stays one readable line.
    static let maxQuotedValueLength = 40

    /// `text` with control characters written as `\n`, `\r`, `\t` or `\u{XX}` and a file
    /// name's bytes that are not UTF-8 as `\xNN`.
    package static func printable(_ text: String) -> String {
        DisplayText.printable(text)
    }

    /// `value`, or its beginning followed by "..." when it is longer than `maxQuotedValueLength`.
    static func abbreviated(_ value: String) -> String {
        guard value.count > maxQuotedValueLength else { return value }
        return String(value.prefix(maxQuotedValueLength)) + "..."
    }
}
