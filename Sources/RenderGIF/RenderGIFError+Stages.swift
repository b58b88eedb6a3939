import ArcScene
import GIFEncoding
import GIFFile
import ImageCodecs
import SafeFiles

/// The one conversion of each lower module's error into the library's: a stage of a render
/// (decoding the pictures, planning the palette, encoding the GIF, writing frames and files)
/// throws its module's own error type, and the code that calls the stage converts it here,
/// once, keeping the text word for word.
extension RenderGIFError {
    /// A picture (its file included) or a PNG that failed in the codecs module.
    init(_ error: ImageCodecError) {
        self = .codec(error.description)
    }

    /// A file or the frames folder that could not be read or written.
    init(_ error: FileError) {
        self = .codec(error.description)
    }

    /// A GIF that giflib could not write, or whose output failed (a file's failure).
    init(_ error: GIFFileError) {
        self = .codec(error.description)
    }

    /// A value the GIF encoder refused, or the output it was writing to failing (which is a
    /// file's failure, worded by the GIF file module).
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
