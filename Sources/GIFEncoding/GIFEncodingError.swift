/// What can go wrong turning frames into a GIF: the caller handed the encoder values it
/// cannot write. `description` is one line naming what was refused and why.
public enum GIFEncodingError: Error, Equatable, Sendable, CustomStringConvertible {
    /// `context` says which value (e.g. "GIF frame 3", "GIF encoding options"), `problem` what is wrong.
    case invalidInput(context: String, problem: String)

    /// The line shown after `Error: `.
    public var description: String {
        switch self {
        case let .invalidInput(context, problem): return "\(context): \(problem)"
        }
    }
}
