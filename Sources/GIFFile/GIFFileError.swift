import SafeFiles

/// Everything that can go wrong writing a GIF through giflib or reading one for a report,
/// with text a user can act on: one line, ready to follow `Error: `, that names the file,
/// the call or the value and the problem.
public enum GIFFileError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The output failed: the sink could not take the bytes (a file's own failure, or any
    /// other error of the sink's as the GIF output's).
    case output(FileError)
    /// giflib's writer refused a call; `message` names the call and gives giflib's text.
    case encoderFailed(message: String)
    /// The caller handed the writer values it cannot write (`context` says which, e.g. "GIF image 3").
    case invalidInput(context: String, problem: String)
    /// The bytes read are not a GIF that giflib can read; `message` is giflib's or says what is wrong.
    case corrupt(path: String, message: String)
    /// The GIF's screen is larger than `GIFScreenLimit`; refused before allocating it.
    case tooLarge(path: String, width: Int, height: Int, limit: String)

    /// The line shown after `Error: `.
    public var description: String {
        switch self {
        case let .output(error): return error.description
        case let .encoderFailed(message): return "GIF encoding failed: \(message)"
        case let .invalidInput(context, problem): return "\(context): \(problem)"
        case let .corrupt(path, message): return "'\(DisplayText.value(path))' is not a valid image: \(message)"
        case let .tooLarge(path, width, height, limit):
            return "'\(DisplayText.value(path))' is \(width) x \(height) pixels, over the limit of \(limit)"
        }
    }
}
