/// A file that could not be read or written, with text a user can act on.
///
/// `description` is one line that names the file and the problem, ready to follow `Error: `;
/// the file name is shown printable and cut in the middle when long (`DisplayText.value`).
public enum FileError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file could not be opened or read (missing, a folder, a FIFO, no permission);
    /// `reason` is the system's ("No such file or directory") or names what the file is.
    case unreadable(path: String, reason: String)
    /// The file holds more bytes than `limit`; refused before reading it all.
    case fileTooLarge(path: String, bytes: Int, limit: Int)
    /// The output could not be written; the destination is untouched.
    case unwritable(path: String, reason: String)

    /// The file the error is about.
    public var path: String {
        switch self {
        case let .unreadable(path, _), let .fileTooLarge(path, _, _), let .unwritable(path, _): return path
        }
    }

    public var description: String {
        let path = DisplayText.value(self.path)
        switch self {
        case let .unreadable(_, reason): return "cannot read '\(path)': \(reason)"
        // Every capped read whose error is shown as it is reads a picture or an output that
        // is one (a scene file words its own).
        case let .fileTooLarge(_, bytes, limit):
            return "'\(path)' is \(bytes) bytes, over the limit of \(limit) bytes for an image file"
        case let .unwritable(_, reason): return "cannot write '\(path)': \(reason)"
        }
    }
}
