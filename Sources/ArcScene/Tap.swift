/// One tap of a timeline, moving or not: the button, the instant its move starts (for a tap on
/// the button the head rests on, the end of the hold before it), and when that hold began.
struct Tap: Hashable, Sendable {
    /// The tapped button.
    let button: Int
    /// The lift (touch-up-inside): the move's start, in seconds.
    let lift: Double
    /// The start of the hold before the tap: the end of the previous move, or 0.
    let holdStart: Double

    /// The touch-down for a press of `press` seconds, shortened to the hold before the tap.
    func touchDown(press: Double) -> Double {
        lift - min(press, lift - holdStart)
    }
}
