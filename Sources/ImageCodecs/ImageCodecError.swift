/// Everything that can go wrong reading or writing an image file, with text a user can act on.
///
/// `description` is one line that names the file and the problem, ready to follow `Error: `;
/// the file name is shown printable and cut in the middle when long (`DisplayText.value`).
public enum ImageCodecError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file could not be opened or read (missing, a folder, no permission).
    case unreadable(path: String, reason: String)
    /// The file is not in a format render-gif reads, nor in one it can name.
    case unsupportedFormat(path: String)
    /// The file is in a format render-gif recognises but does not read; `looksLike` names it
    /// ("a BMP image").
    case foreignFormat(path: String, looksLike: String)
    /// The decoder rejected the data (corrupt, truncated); `message` is the library's own.
    case corrupt(path: String, message: String)
    /// The image is larger than the configured limits; refused before allocating.
    case tooLarge(path: String, width: Int, height: Int, limit: String)
    /// The file holds more bytes than `limit`; refused before reading it all.
    case fileTooLarge(path: String, bytes: Int, limit: Int)
    /// The output could not be written; the destination is untouched.
    case unwritable(path: String, reason: String)
    /// The encoding library refused the data; `message` is the library's own text.
    case encoderFailed(format: String, message: String)
    /// The caller handed an encoder values it cannot write (`context` says which, e.g. "GIF frame 3").
    case invalidInput(context: String, problem: String)

    /// The file the error is about, nil for the encoder's errors.
    public var path: String? {
        switch self {
        case let .unreadable(path, _), let .unsupportedFormat(path), let .foreignFormat(path, _), let .corrupt(path, _),
             let .tooLarge(path, _, _, _), let .fileTooLarge(path, _, _), let .unwritable(path, _):
            return path
        case .encoderFailed, .invalidInput:
            return nil
        }
    }

    public var description: String {
        let path = DisplayText.value(self.path ?? "")
        switch self {
        case let .unreadable(_, reason): return "cannot read '\(path)': \(reason)"
        case .unsupportedFormat: return "'\(path)' is not a \(ImageFormat.readableList) image"
        case let .foreignFormat(_, looksLike):
            return "'\(path)' is \(looksLike); render-gif reads \(ImageFormat.readableList) pictures"
        case let .corrupt(_, message): return "'\(path)' is not a valid image: \(message)"
        case let .tooLarge(_, width, height, limit):
            return "'\(path)' is \(width) x \(height) pixels, over the limit of \(limit)"
        case let .fileTooLarge(_, bytes, limit):
            return "'\(path)' is \(bytes) bytes, over the limit of \(limit) bytes for an image file"
        case let .unwritable(_, reason): return "cannot write '\(path)': \(reason)"
        case let .encoderFailed(format, message): return "\(format) encoding failed: \(message)"
        case let .invalidInput(context, problem): return "\(context): \(problem)"
        }
    }
}
