/// Why a scene, timing function or timeline could not be built.
///
/// Every case names the parameter and the value it was given; `description` is one line,
/// ready to follow `Error: `.
public enum SceneError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A number parameter is NaN or infinite.
    case notFinite(parameter: String, value: Double)
    /// A size that must be above zero is zero or negative.
    case notPositive(parameter: String, value: Double)
    /// A hold, duration or width that may be zero is negative.
    case negative(parameter: String, value: Double)
    /// A number lies outside the range the parameter allows; `allowed` states the range.
    case outOfRange(parameter: String, value: Double, allowed: String)
    /// Fewer than two buttons: spacing them along the arc needs at least two.
    case tooFewButtons(count: Int)
    /// More buttons than the scene supports.
    case tooManyButtons(count: Int, maximum: Int)
    /// A tap or the head's start names a button that does not exist.
    case buttonOutOfRange(parameter: String, index: Int, count: Int)
    /// The angular margins at both ends leave no room for the buttons within the span.
    case marginTooLarge(margin: Double, span: Double)
    /// The frame rate is zero or negative.
    case invalidFrameRate(fps: Int)
    /// The timeline sampled at `fps` would have more frames than can be counted.
    case tooManyFrames(duration: Double, fps: Int)
    /// The timeline's total length overflows to infinity.
    case durationOverflow(total: Double)

    /// One line naming the parameter, the value and what is wrong.
    public var description: String {
        switch self {
        case let .notFinite(parameter, value):
            return "\(parameter) is \(value); it must be a finite number"
        case let .notPositive(parameter, value):
            return "\(parameter) is \(value); it must be greater than zero"
        case let .negative(parameter, value):
            return "\(parameter) is \(value); it must not be negative"
        case let .outOfRange(parameter, value, allowed):
            return "\(parameter) is \(value); it must be \(allowed)"
        case let .tooFewButtons(count):
            return "buttonCount is \(count); there must be at least 2 buttons"
        case let .tooManyButtons(count, maximum):
            return "buttonCount is \(count); there can be at most \(maximum) buttons"
        case let .buttonOutOfRange(parameter, index, count):
            return "\(parameter) is \(index); buttons are numbered 0 to \(count - 1)"
        case let .marginTooLarge(margin, span):
            return "buttonMarginDegrees is \(margin); twice the margin must be less than "
                + "the arc span of \(span) degrees"
        case let .invalidFrameRate(fps):
            return "fps is \(fps); it must be at least 1"
        case let .tooManyFrames(duration, fps):
            return "a timeline of \(duration) s at \(fps) fps has too many frames to count"
        case let .durationOverflow(total):
            return "the total duration is \(total) s; holds and durations are too large"
        }
    }
}

extension SceneError {
    /// Throws `.notFinite` unless `value` is finite.
    static func requireFinite(_ value: Double, _ parameter: String) throws(SceneError) {
        guard value.isFinite else { throw .notFinite(parameter: parameter, value: value) }
    }

    /// Throws unless `value` is finite and greater than zero.
    static func requirePositive(_ value: Double, _ parameter: String) throws(SceneError) {
        try requireFinite(value, parameter)
        guard value > 0 else { throw .notPositive(parameter: parameter, value: value) }
    }

    /// Throws unless `value` is finite and zero or more.
    static func requireNonNegative(_ value: Double, _ parameter: String) throws(SceneError) {
        try requireFinite(value, parameter)
        guard value >= 0 else { throw .negative(parameter: parameter, value: value) }
    }
}
