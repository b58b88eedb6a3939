/// How long a move takes, by how many buttons it crosses.
///
/// The demo's rule: a move to a neighbouring button takes `oneStep` (0.7 s); a longer move
/// takes `perStep` (0.4 s) for every step, so two steps take 0.8 s and three 1.2 s. A tap on
/// the button the head already rests on is no move at all and takes no time.
public struct DurationRule: Hashable, Sendable, CustomStringConvertible {
    /// The demo's rule: 0.7 s for one step, 0.4 s per step otherwise.
    public static let demo = DurationRule()

    /// Seconds for a move of exactly one step.
    public var oneStep: Double
    /// Seconds per step for a move of two steps or more.
    public var perStep: Double

    /// Creates the rule; the defaults are the demo's.
    public init(oneStep: Double = 0.7, perStep: Double = 0.4) {
        self.oneStep = oneStep
        self.perStep = perStep
    }

    /// The duration in seconds of a move across `steps` buttons (in either direction).
    func duration(steps: Int) -> Double {
        switch steps.magnitude {
        case 0: return 0
        case 1: return oneStep
        default: return perStep * Double(steps.magnitude)
        }
    }

    /// The duration in seconds of a move from button `from` to button `to`.
    func duration(from: Int, to: Int) -> Double {
        let (difference, overflow) = to.subtractingReportingOverflow(from)
        return overflow ? .infinity : duration(steps: difference)
    }

    /// Checks that both durations are finite and not negative.
    func validate() throws(SceneError) {
        try SceneError.requireNonNegative(oneStep, "oneStepDuration")
        try SceneError.requireNonNegative(perStep, "perStepDuration")
    }

    /// The rule written as "0.7 s for one step, 0.4 s per step".
    public var description: String { "\(oneStep) s for one step, \(perStep) s per step" }
}
