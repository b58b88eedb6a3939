/// One move of the head: a tap on a button other than the one it rests on.
///
/// The head view hides at `startTime`; a copy of it slides along `path` from the centre of
/// `fromButton` to the centre of `toButton` with the timeline's timing function, and at
/// `endTime` the head shows again on `toButton`.
struct Transition: Hashable, Sendable {
    /// The button the head rests on before the move.
    let fromButton: Int
    /// The tapped button, where the head rests after the move.
    let toButton: Int
    /// The time in seconds the move starts; the copy is exactly on `fromButton`'s centre here.
    let startTime: Double
    /// The move's length in seconds.
    let duration: Double
    /// The path the copy follows.
    let path: ArcKeyframePath

    /// The time in seconds the move ends and the head rests on `toButton`.
    var endTime: Double { startTime + duration }

    /// The linear time fraction u in [0, 1] at time `t` (clamped; 1 for a zero duration).
    func timeFraction(at t: Double) -> Double {
        guard duration > 0 else { return 1 }
        let u = (t - startTime) / duration
        return u.isNaN ? 0 : min(max(u, 0), 1)
    }
}
