import Testing
@testable import ArcScene

@Suite enum TimingFunctionTests {
    static let curves: [TimingFunction] = TimingFunction.named + [
        .cubicBezier(x1: 0.1, y1: 0.8, x2: 0.3, y2: 1.4),
        .cubicBezier(x1: 1, y1: 0, x2: 0, y2: 1),
    ]

    @Test static func easeOutHitsTheSpecsCheckValues() {
        let expected = [(0.25, 0.378), (0.5, 0.685), (0.75, 0.907)]
        for (u, v) in expected {
            let progress = TimingFunction.easeOut.progress(at: u)
            #expect(abs((progress * 1000).rounded() / 1000 - v) < 1e-12)
            #expect(abs(progress - Reference.timingProgress(0, 0, 0.58, 1, u)) < 1e-9)
        }
        #expect(TimingFunction.moveDefault == .easeOut)
    }

    @Test static func namedCurvesCarryApplesControlPoints() {
        let expected: [(TimingFunction, [Double])] = [
            (.linear, [0, 0, 1, 1]), (.easeIn, [0.42, 0, 1, 1]), (.easeOut, [0, 0, 0.58, 1]),
            (.easeInEaseOut, [0.42, 0, 0.58, 1]), (.default, [0.25, 0.1, 0.25, 1]),
        ]
        for (curve, points) in expected {
            let p = curve.controlPoints
            #expect([p.x1, p.y1, p.x2, p.y2] == points)
        }
    }

    @Test(arguments: curves)
    static func progressMatchesBisectionAndIsMonotonic(curve: TimingFunction) {
        let p = curve.controlPoints
        // Where dx/ds vanishes, y(x) has an infinite slope: a 1e-12 residual in x allows a
        // cube-root-sized error in y, so that curve gets a looser comparison.
        let flatTangent = curve == .cubicBezier(x1: 1, y1: 0, x2: 0, y2: 1)
        let tolerance = flatTangent ? 1e-4 : 1e-8
        var previous = curve.progress(at: 0)
        #expect(previous == 0)
        for step in 1...10_000 {
            let u = Double(step) / 10_000
            let v = curve.progress(at: u)
            if p.y1 >= 0, p.y1 <= 1, p.y2 >= 0, p.y2 <= 1 { #expect(v >= previous) }
            if step % 100 == 0 {
                #expect(abs(v - Reference.timingProgress(p.x1, p.y1, p.x2, p.y2, u)) < tolerance)
            }
            previous = v
        }
        #expect(abs(curve.progress(at: 1) - 1) < 1e-12)
    }

    @Test(arguments: curves)
    static func solverResidualIsBelowTenToTheMinusSeven(curve: TimingFunction) {
        let p = curve.controlPoints
        let solver = curve.unitBezier
        var worst = 0.0
        for step in 0...2_000 {
            let u = Double(step) / 2_000
            let s = solver.parameter(forX: u)
            #expect(s >= 0 && s <= 1)
            worst = max(worst, abs(Reference.timingX(p.x1, p.x2, s) - u))
        }
        #expect(worst <= 1e-7)
    }

    @Test static func flatTangentFallsBackToBisection() {
        // x(s) = 3s − 6s² + 4s³ has a flat tangent at s = 1/2, where x = 1/2.
        let solver = UnitBezier(x1: 1, y1: 0, x2: 0, y2: 1)
        for u in [0.5, 0.5 + 1e-9, 0.499_99, 0.500_01] {
            let s = solver.parameter(forX: u)
            #expect(abs(3 * s - 6 * s * s + 4 * s * s * s - u) <= 1e-7)
        }
    }

    @Test static func timeOutsideTheUnitIntervalIsClamped() {
        #expect(TimingFunction.easeOut.progress(at: -0.5) == 0)
        #expect(TimingFunction.easeOut.progress(at: 1.5) == 1)
        #expect(TimingFunction.easeOut.progress(at: .nan) == 0)
        #expect(TimingFunction.linear.progress(at: 0.3) == 0.3)
    }

    @Test static func badCurvesAreRejected() {
        #expect(throws: SceneError.outOfRange(parameter: "timing x1", value: 1.5, allowed: "between 0 and 1")) {
            try TimingFunction.cubicBezier(x1: 1.5, y1: 0, x2: 0.5, y2: 1).validate()
        }
        #expect(throws: SceneError.outOfRange(parameter: "timing x2", value: -0.1, allowed: "between 0 and 1")) {
            try TimingFunction.cubicBezier(x1: 0.5, y1: 0, x2: -0.1, y2: 1).validate()
        }
        #expect(throws: SceneError.self) {
            try TimingFunction.cubicBezier(x1: 0.5, y1: .nan, x2: 0.5, y2: 1).validate()
        }
        #expect(TimingFunction.easeOut.description == "easeOut")
    }
}
