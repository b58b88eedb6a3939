import SafeFiles
import WorkThreads

/// Everything that can go wrong reading or writing an image file, with text a user can act on.
///
/// `description` is one line that names the file and the problem, ready to follow `Error: `;
/// the file name is shown printable and cut in the middle when long (`DisplayText.value`).
public enum ImageCodecError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file itself failed: it could not be read (missing, a folder, no permission), held
    /// more bytes than the limit, or could not be written (the destination is untouched).
    case file(FileError)
    /// The file is not in a format render-gif reads, nor in one it can name.
    case unsupportedFormat(path: String)
    /// The file is in a format render-gif recognises but does not read; `looksLike` names it
    /// ("a BMP image").
    case foreignFormat(path: String, looksLike: String)
    /// The decoder rejected the data (corrupt, truncated); `message` is the library's own.
    case corrupt(path: String, message: String)
    /// The picture's decoder needs threads the system refused (a process at its task limit);
    /// nothing was decoded.
    case threadRefused(path: String)
    /// The picture's format is read through a library this process cannot open (`library`:
    /// "libheif", opened when a picture needs it); `reason` is the system's; nothing was decoded.
    case decoderUnavailable(path: String, library: String, reason: String)
    /// The image is larger than the configured limits; refused before allocating.
    case tooLarge(path: String, width: Int, height: Int, limit: String)
    /// The encoding library refused the data; `message` is the library's own text.
    case encoderFailed(format: String, message: String)
    /// The caller handed an encoder values it cannot write (`context` says which, e.g. "GIF frame 3").
    case invalidInput(context: String, problem: String)

    /// The file the error is about, nil for the encoder's errors.
    public var path: String? {
        switch self {
        case let .file(error): return error.path
        case let .unsupportedFormat(path), let .foreignFormat(path, _), let .corrupt(path, _), let .tooLarge(path, _, _, _),
             let .threadRefused(path), let .decoderUnavailable(path, _, _):
            return path
        case .encoderFailed, .invalidInput:
            return nil
        }
    }

    public var description: String {
        let path = DisplayText.value(self.path ?? "")
        switch self {
        case let .file(error): return error.description
        case .unsupportedFormat: return "'\(path)' is not a \(ImageFormat.readableList) image"
        case let .foreignFormat(_, looksLike):
            return "'\(path)' is \(looksLike); render-gif reads \(ImageFormat.readableList) pictures"
        case let .corrupt(_, message): return "'\(path)' is not a valid image: \(message)"
        case .threadRefused: return "'\(path)' cannot be decoded: its decoder \(ThreadStart.refusalDescription)"
        case let .decoderUnavailable(_, library, reason):
            return "'\(path)' cannot be decoded: \(library) cannot be used: \(reason)"
        case let .tooLarge(_, width, height, limit):
            return "'\(path)' is \(width) x \(height) pixels, over the limit of \(limit)"
        case let .encoderFailed(format, message): return "\(format) encoding failed: \(message)"
        case let .invalidInput(context, problem): return "\(context): \(problem)"
        }
    }
}
