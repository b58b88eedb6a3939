/// A picture that could not be used, or an output that could not be written: the file, what
/// kind of failure it was, and the one line that says so (the decoder's or the system's words
/// included).
public struct FileFailure: Sendable, Equatable, CustomStringConvertible {
    /// What went wrong with the file.
    public enum Kind: Sendable, Equatable {
        /// A picture that does not exist.
        case missing
        /// A picture that exists but cannot be read (a folder, no permission, a FIFO).
        case unreadable
        /// A picture whose data the decoder rejected (truncated, corrupt).
        case damaged
        /// A file in no format render-gif reads (a BMP, a PDF, or unknown).
        case unsupportedFormat
        /// A picture in a format whose library this process cannot use (libheif, which
        /// render-gif opens when a HEIC or AVIF picture needs it: missing, damaged, lacking a
        /// library of its own or a function render-gif calls, or refused its memory).
        case decoderUnavailable
        /// A picture over the size limits (pixels a side, decoded bytes, file bytes).
        case overLimit
        /// An output that could not be written; the file there before is untouched.
        case unwritable
    }

    /// The file, as given.
    public var path: String
    /// What went wrong.
    public var kind: Kind
    /// The system's or the library's reason, as it said it.
    public var reason: String
    /// The whole line: the file and the problem.
    public var description: String

    package init(path: String, kind: Kind, reason: String, description: String) {
        self.path = path
        self.kind = kind
        self.reason = reason
        self.description = description
    }
}
