import GIFFile

/// What can go wrong turning frames into a GIF: the caller handed the encoder values it
/// cannot write, or the output (giflib or the sink behind it) failed. `description` is one
/// line naming what was refused or failed and why.
public enum GIFEncodingError: Error, Equatable, Sendable, CustomStringConvertible {
    /// `context` says which value (e.g. "GIF frame 3", "GIF encoding options"), `problem` what is wrong.
    case invalidInput(context: String, problem: String)
    /// Writing the GIF failed: giflib refused a value or the sink could not take the bytes.
    case output(GIFFileError)

    /// The line shown after `Error: `.
    public var description: String {
        switch self {
        case let .invalidInput(context, problem): return "\(context): \(problem)"
        case let .output(error): return error.description
        }
    }
}
