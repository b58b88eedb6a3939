import ArcScene
import GIFEncoding
import ImageCodecs
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
    /// A picture, file or frame that failed in the codecs module: an output that could not
    /// be written, a PNG the encoder refused, or a picture.
    init(_ error: ImageCodecError) {
        let line = error.description
        switch error {
        case let .unwritable(path, reason):
            self = .output(FileFailure(path: path, kind: .unwritable, reason: reason, description: line))
        case .encoderFailed, .invalidInput:
            self = .encoding(line)
        case let .unreadable(path, reason):
            let kind: FileFailure.Kind = reason == String(cString: strerror(ENOENT)) ? .missing : .unreadable
            self = .picture(FileFailure(path: path, kind: kind, reason: reason, description: line))
        case let .unsupportedFormat(path):
            self = .picture(FileFailure(path: path, kind: .unsupportedFormat, reason: "", description: line))
        case let .foreignFormat(path, looksLike):
            self = .picture(FileFailure(path: path, kind: .unsupportedFormat, reason: looksLike, description: line))
        case let .corrupt(path, message):
            self = .picture(FileFailure(path: path, kind: .damaged, reason: message, description: line))
        case let .tooLarge(path, width, height, limit):
            self = .picture(FileFailure(path: path, kind: .overLimit, reason: "\(width) x \(height) pixels, over the limit of \(limit)",
                                        description: line))
        case let .fileTooLarge(path, bytes, limit):
            self = .picture(FileFailure(path: path, kind: .overLimit, reason: "\(bytes) bytes, over the limit of \(limit) bytes",
                                        description: line))
        }
    }

    /// A value the GIF encoder refused, or the output it was writing to failing (which is a
    /// file's failure, worded by the codecs module).
    init(_ error: GIFEncodingError) {
        switch error {
        case let .output(codecError): self.init(codecError)
        case .invalidInput: self = .encoding(error.description)
        }
    }

    /// Settings the scene model refused as a whole.
    init(_ error: SceneError) {
        self = .invalidScene("\(error)")
    }
}
