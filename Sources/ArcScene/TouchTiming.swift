/// When a tap's touch indicator shows, as UIKit sees a tap on a button that acts on
/// touch-up-inside: the finger goes down `press` seconds before the move starts, lifts at the
/// move's start, and the indicator then fades to nothing over `fade` seconds.
///
/// The press is taken from the hold before the tap and shortened when that hold is shorter,
/// so a touch never goes down before the previous move has ended. The timeline's length and
/// every frame time stay as they are without touches.
public struct TouchTiming: Hashable, Sendable {
    /// Seconds the finger rests on the button before it lifts (0.1 s by default).
    public var press: Double
    /// Seconds the indicator takes to fade out after the lift (0.25 s by default).
    public var fade: Double

    /// Creates the timing; the defaults are a quick tap's.
    public init(press: Double = 0.1, fade: Double = 0.25) {
        self.press = press
        self.fade = fade
    }

    /// The indicator's presence, from 1 (pressed) to 0 (gone), at `t` seconds for a touch
    /// that went down at `touchDown` and lifted at `lift`; nil outside [touchDown, lift + fade).
    ///
    /// While pressed the presence is 1; after the lift it falls linearly,
    /// 1 − (t − lift) / fade. Times within `Timeline.boundaryTolerance` of the touch-down or
    /// the lift count as those instants, and the end of the fade counts as gone.
    func presence(at t: Double, touchDown: Double, lift: Double) -> Double? {
        let tolerance = Timeline.boundaryTolerance
        guard t >= touchDown - tolerance else { return nil }
        if t <= lift + tolerance { return 1 }
        guard t < lift + fade - tolerance else { return nil }
        return 1 - (t - lift) / fade
    }

    /// Throws the first bad value, naming it.
    func validate() throws(SceneError) {
        try SceneError.requireNonNegative(press, "touchPress")
        try SceneError.requireNonNegative(fade, "touchFade")
    }
}
