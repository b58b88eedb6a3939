/// A Core Animation media timing function: maps the linear time fraction u in [0, 1] to the
/// animation's progress v.
///
/// The named cases carry Apple's published control points for the kCAMediaTimingFunction
/// constants; `.cubicBezier` takes any curve whose x control values lie in [0, 1] (the y
/// values may overshoot). The moves use `.easeOut`, the demo's curve.
public enum TimingFunction: Hashable, Sendable, CustomStringConvertible {
    /// kCAMediaTimingFunctionLinear: (0, 0, 1, 1), progress equals time.
    case linear
    /// kCAMediaTimingFunctionEaseIn: (0.42, 0, 1, 1).
    case easeIn
    /// kCAMediaTimingFunctionEaseOut: (0, 0, 0.58, 1), the default for the moves.
    case easeOut
    /// kCAMediaTimingFunctionEaseInEaseOut: (0.42, 0, 0.58, 1).
    case easeInEaseOut
    /// kCAMediaTimingFunctionDefault: (0.25, 0.1, 0.25, 1).
    case `default`
    /// A custom curve with control points (x1, y1) and (x2, y2).
    case cubicBezier(x1: Double, y1: Double, x2: Double, y2: Double)

    /// The curve the moves use unless told otherwise.
    public static let moveDefault = TimingFunction.easeOut

    /// The named functions, in the order Core Animation lists them.
    static let named: [TimingFunction] = [.linear, .easeIn, .easeOut, .easeInEaseOut, .default]

    /// The control points (x1, y1, x2, y2).
    var controlPoints: (x1: Double, y1: Double, x2: Double, y2: Double) {
        switch self {
        case .linear: return (0, 0, 1, 1)
        case .easeIn: return (0.42, 0, 1, 1)
        case .easeOut: return (0, 0, 0.58, 1)
        case .easeInEaseOut: return (0.42, 0, 0.58, 1)
        case .default: return (0.25, 0.1, 0.25, 1)
        case let .cubicBezier(x1, y1, x2, y2): return (x1, y1, x2, y2)
        }
    }

    /// The curve's solver.
    var unitBezier: UnitBezier {
        let points = controlPoints
        return UnitBezier(x1: points.x1, y1: points.y1, x2: points.x2, y2: points.y2)
    }

    /// True when the curve is the identity (control points on the diagonal): progress is time.
    var isIdentity: Bool {
        let points = controlPoints
        return points.x1 == points.y1 && points.x2 == points.y2
    }

    /// The progress at linear time fraction `u`; `u` outside [0, 1] is clamped.
    func progress(at u: Double) -> Double {
        let time = u.isNaN ? 0 : min(max(u, 0), 1)
        return isIdentity ? time : unitBezier.solve(time)
    }

    /// Checks that all control values are finite and x1, x2 lie in [0, 1].
    func validate() throws(SceneError) {
        let points = controlPoints
        try SceneError.requireFinite(points.x1, "timing x1")
        try SceneError.requireFinite(points.y1, "timing y1")
        try SceneError.requireFinite(points.x2, "timing x2")
        try SceneError.requireFinite(points.y2, "timing y2")
        for (name, value) in [("timing x1", points.x1), ("timing x2", points.x2)]
        where !(0...1).contains(value) {
            throw .outOfRange(parameter: name, value: value, allowed: "between 0 and 1")
        }
    }

    /// The name Core Animation uses, or "cubic-bezier(x1, y1, x2, y2)" for a custom curve.
    public var description: String {
        switch self {
        case .linear: return "linear"
        case .easeIn: return "easeIn"
        case .easeOut: return "easeOut"
        case .easeInEaseOut: return "easeInEaseOut"
        case .default: return "default"
        case let .cubicBezier(x1, y1, x2, y2): return "cubic-bezier(\(x1), \(y1), \(x2), \(y2))"
        }
    }
}
