import Raster

/// The whole animation as a function of time: an initial hold, then for every tap its move
/// (none for a tap on the current button) followed by another hold.
///
/// With hold h and move durations dᵢ the total is T = h·(taps + 1) + Σ dᵢ. The head starts on
/// the layout's `headStartButton`. During a move the head view is hidden and its copy slides
/// along the arc; from the move's end on (fill mode forwards) the head rests on the tapped
/// button. At exactly a move's start the copy is on the start button's centre.
///
/// Times within `boundaryTolerance` of a move's start or end count as that boundary, so sums
/// such as 0.6 + 0.7 that land a hair off a frame time do not change which state is shown.
public struct Timeline: Sendable {
    /// Seconds within which a time counts as a move's start or end.
    public static let boundaryTolerance = 1e-9

    /// The static layout.
    public let layout: SceneLayout
    /// The easing of every move.
    let timing: TimingFunction
    /// The moves, in time order; no-op taps have none.
    let transitions: [Transition]
    /// The animation's length T in seconds.
    public let totalDuration: Double
    /// Every tap, moving or not, in time order.
    let taps: [Tap]
    /// When touch indicators show; nil draws none.
    let touchTiming: TouchTiming?

    private let curve: UnitBezier
    let buttonCenters: [Point]

    /// The demo's still time before the first tap and after every move, in seconds.
    public static let demoHold = 0.6

    /// Builds the timeline, checking every parameter first.
    ///
    /// - Throws: `SceneError` naming the first bad parameter: the layout's, a tap outside the
    ///   buttons, a negative or non-finite hold or duration, a bad timing curve, or a bad
    ///   touch timing. With `touches`, every tap shows a touch indicator (see `TouchTiming`).
    public init(layout: SceneLayout = SceneLayout(), taps: [Int], hold: Double = Timeline.demoHold,
                durationRule: DurationRule = .demo, timing: TimingFunction = .moveDefault,
                pathMode: PathMode = .linear, touches: TouchTiming? = nil) throws(SceneError) {
        try layout.validate()
        try SceneError.requireNonNegative(hold, "hold")
        try durationRule.validate()
        try timing.validate()
        try touches?.validate()
        for (index, button) in taps.enumerated() where !(0..<layout.buttonCount).contains(button) {
            throw .buttonOutOfRange(parameter: "taps[\(index)]", index: button, count: layout.buttonCount)
        }
        var moves: [Transition] = []
        var tapsInOrder: [Tap] = []
        var current = layout.headStartButton
        var time = hold
        var holdStart = 0.0
        for button in taps {
            tapsInOrder.append(Tap(button: button, lift: time, holdStart: holdStart))
            if button != current {
                let duration = durationRule.duration(from: current, to: button)
                let path = ArcKeyframePath(layout: layout, from: current, to: button, mode: pathMode)
                moves.append(Transition(fromButton: current, toButton: button,
                                        startTime: time, duration: duration, path: path))
                time += duration
                current = button
            }
            holdStart = time
            time += hold
        }
        guard time.isFinite else { throw .durationOverflow(total: time) }
        self.layout = layout
        self.timing = timing
        self.transitions = moves
        self.totalDuration = time
        self.taps = tapsInOrder
        self.touchTiming = touches
        self.curve = timing.unitBezier
        self.buttonCenters = layout.buttonCenters
    }

    /// The scene at time `t` in seconds. Before 0 it is the first frame's scene, after the
    /// end the last one's; NaN counts as before the start.
    public func state(at t: Double) -> SceneState {
        SceneState(dynamicLayer: dynamicLayer(at: t), touches: touchIndicators(at: t))
    }

    /// The head at rest or the moving copy at time `t`.
    func dynamicLayer(at t: Double) -> DynamicLayer {
        guard let index = lastTransitionIndex(startingBy: t) else {
            let button = layout.headStartButton
            return .restingHead(button: button, center: buttonCenters[button])
        }
        let move = transitions[index]
        if move.duration <= 0 || t >= move.endTime - Self.boundaryTolerance {
            return .restingHead(button: move.toButton, center: buttonCenters[move.toButton])
        }
        let u = move.timeFraction(at: t)
        let v = timing.isIdentity ? u : curve.solve(u)
        return .movingCopy(center: move.path.position(at: v))
    }

    /// The index of the last move starting at or before `t` (within the tolerance).
    private func lastTransitionIndex(startingBy t: Double) -> Int? {
        let limit = t + Self.boundaryTolerance
        guard let first = transitions.first, first.startTime <= limit else { return nil }
        var low = 0
        var high = transitions.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if transitions[middle].startTime <= limit { low = middle } else { high = middle - 1 }
        }
        return low
    }
}
