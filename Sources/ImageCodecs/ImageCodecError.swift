/// Everything that can go wrong reading or writing an image file, with text a user can act on.
///
/// `description` is one line that names the file and the problem, ready to follow `Error: `.
public enum ImageCodecError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file could not be opened or read (missing, a folder, no permission).
    case unreadable(path: String, reason: String)
    /// The file is not in a format render-gif reads.
    case unsupportedFormat(path: String)
    /// The decoder rejected the data (corrupt, truncated); `message` is the library's own.
    case corrupt(path: String, message: String)
    /// The image is larger than the configured limits; refused before allocating.
    case tooLarge(path: String, width: Int, height: Int, limit: String)
    /// The output could not be written; the destination is untouched.
    case unwritable(path: String, reason: String)

    public var description: String {
        switch self {
        case let .unreadable(path, reason): return "cannot read '\(path)': \(reason)"
        case let .unsupportedFormat(path): return "'\(path)' is not a PNG or JPEG image"
        case let .corrupt(path, message): return "'\(path)' is not a valid image: \(message)"
        case let .tooLarge(path, width, height, limit):
            return "'\(path)' is \(width) x \(height) pixels, over the limit of \(limit)"
        case let .unwritable(path, reason): return "cannot write '\(path)': \(reason)"
        }
    }
}
