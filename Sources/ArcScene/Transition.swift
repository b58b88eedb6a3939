/// One move of the head: a tap on a button other than the one it rests on.
///
/// The head view hides at `startTime`; a copy of it slides along `path` from the centre of
/// `fromButton` to the centre of `toButton` with the timeline's timing function, and at
/// `endTime` the head shows again on `toButton`.
public struct Transition: Hashable, Sendable {
    /// The position of the tap in the timeline's tap list.
    public let tapIndex: Int
    /// The button the head rests on before the move.
    public let fromButton: Int
    /// The tapped button, where the head rests after the move.
    public let toButton: Int
    /// The time in seconds the move starts; the copy is exactly on `fromButton`'s centre here.
    public let startTime: Double
    /// The move's length in seconds.
    public let duration: Double
    /// The path the copy follows.
    public let path: ArcKeyframePath

    /// Creates a transition.
    public init(tapIndex: Int, fromButton: Int, toButton: Int, startTime: Double,
                duration: Double, path: ArcKeyframePath) {
        self.tapIndex = tapIndex
        self.fromButton = fromButton
        self.toButton = toButton
        self.startTime = startTime
        self.duration = duration
        self.path = path
    }

    /// The time in seconds the move ends and the head rests on `toButton`.
    public var endTime: Double { startTime + duration }

    /// How many buttons the move crosses.
    public var steps: Int { abs(toButton - fromButton) }

    /// True when the move runs counter-clockwise on screen: toward a higher index.
    public var isCounterClockwiseOnScreen: Bool { toButton > fromButton }

    /// The linear time fraction u in [0, 1] at time `t` (clamped; 1 for a zero duration).
    public func timeFraction(at t: Double) -> Double {
        guard duration > 0 else { return 1 }
        let u = (t - startTime) / duration
        return u.isNaN ? 0 : min(max(u, 0), 1)
    }
}
