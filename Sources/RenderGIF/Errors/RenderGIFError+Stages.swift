import ArcScene
import GIFEncoding
import GIFFile
import ImageCodecs
import SafeFiles
import WorkThreads

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The one conversion of each lower module's error into the library's: a stage of a render
/// (decoding the pictures, planning the palette, encoding the GIF, writing frames and files)
/// throws its module's own error type, and the code that calls the stage converts it here,
/// once, keeping the text word for word.
extension RenderGIFError {
    /// A picture that failed in the codecs module (its file included), or a PNG the encoder
    /// refused.
    init(_ error: ImageCodecError) {
        let line = error.description
        switch error {
        case let .file(fileError):
            self.init(fileError)
        case .encoderFailed, .invalidInput:
            self = .encoding(line)
        case let .unsupportedFormat(path):
            self = .picture(FileFailure(path: path, kind: .unsupportedFormat, reason: "", description: line))
        case let .foreignFormat(path, looksLike):
            self = .picture(FileFailure(path: path, kind: .unsupportedFormat, reason: looksLike, description: line))
        case let .corrupt(path, message):
            self = .damagedPicture(path, message, line)
        case let .tooLarge(path, width, height, limit):
            self = .pictureOverLimit(path, width, height, limit, line)
        case let .threadRefused(path):
            self = .picture(FileFailure(path: path, kind: .unreadable, reason: ThreadStart.refusalDescription, description: line))
        case let .decoderUnavailable(path, library, reason):
            self = .picture(FileFailure(path: path, kind: .decoderUnavailable, reason: "\(library) cannot be used: \(reason)",
                                        description: line))
        }
    }

    /// A file that could not be read (a picture: the only files a render reads through the
    /// file layer's errors) or written (an output: the GIF, the still, a frame).
    init(_ error: FileError) {
        let line = error.description
        switch error {
        case let .unreadable(path, reason):
            let kind: FileFailure.Kind = reason == String(cString: strerror(ENOENT)) ? .missing : .unreadable
            self = .picture(FileFailure(path: path, kind: kind, reason: reason, description: line))
        case let .fileTooLarge(path, bytes, limit):
            self = .picture(FileFailure(path: path, kind: .overLimit, reason: "\(bytes) bytes, over the limit of \(limit) bytes",
                                        description: line))
        case let .unwritable(path, reason):
            self = .output(FileFailure(path: path, kind: .unwritable, reason: reason, description: line))
        }
    }

    /// A GIF that giflib could not write, whose output failed (a file's failure), or that a
    /// check could not read.
    init(_ error: GIFFileError) {
        let line = error.description
        switch error {
        case let .output(fileError): self.init(fileError)
        case .encoderFailed, .invalidInput: self = .encoding(line)
        case let .corrupt(path, message):
            self = .damagedPicture(path, message, line)
        case let .tooLarge(path, width, height, limit):
            self = .pictureOverLimit(path, width, height, limit, line)
        }
    }

    /// A picture whose data a decoder (or giflib, reading a GIF to compare) rejected.
    private static func damagedPicture(_ path: String, _ message: String, _ line: String) -> RenderGIFError {
        .picture(FileFailure(path: path, kind: .damaged, reason: message, description: line))
    }

    /// A picture whose declared size is over the limits.
    private static func pictureOverLimit(_ path: String, _ width: Int, _ height: Int, _ limit: String, _ line: String) -> RenderGIFError {
        .picture(FileFailure(path: path, kind: .overLimit, reason: "\(width) x \(height) pixels, over the limit of \(limit)", description: line))
    }

    /// A value the GIF encoder refused, or the output it was writing to failing (which is a
    /// file's failure, worded by the codecs module).
    init(_ error: GIFEncodingError) {
        switch error {
        case let .output(fileError): self.init(fileError)
        case .invalidInput: self = .encoding(error.description)
        }
    }

    /// Settings the scene model refused as a whole.
    init(_ error: SceneError) {
        self = .invalidScene("\(error)")
    }
}
