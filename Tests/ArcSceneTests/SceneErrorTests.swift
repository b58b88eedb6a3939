import Testing
@testable import ArcScene

@Suite enum SceneErrorTests {
    static let badLayouts: [(SceneLayout, SceneError)] = [
        (SceneLayout(screenWidth: 0), .notPositive(parameter: "screenWidth", value: 0)),
        (SceneLayout(screenWidth: -375), .notPositive(parameter: "screenWidth", value: -375)),
        (SceneLayout(screenWidth: .infinity), .notFinite(parameter: "screenWidth", value: .infinity)),
        (SceneLayout(screenHeight: 0), .notPositive(parameter: "screenHeight", value: 0)),
        (SceneLayout(arcSpanDegrees: 0), .notPositive(parameter: "arcSpanDegrees", value: 0)),
        (SceneLayout(arcSpanDegrees: 95),
         .outOfRange(parameter: "arcSpanDegrees", value: 95, allowed: "greater than 0 and at most 90")),
        (SceneLayout(arcLineWidth: -1), .notPositive(parameter: "arcLineWidth", value: -1)),
        (SceneLayout(buttonCount: 1), .tooFewButtons(count: 1)),
        (SceneLayout(buttonCount: -3), .tooFewButtons(count: -3)),
        (SceneLayout(buttonCount: 5000), .tooManyButtons(count: 5000, maximum: 1024)),
        (SceneLayout(buttonMarginDegrees: -1), .negative(parameter: "buttonMarginDegrees", value: -1)),
        (SceneLayout(buttonMarginDegrees: 30), .marginTooLarge(margin: 30, span: 60)),
        (SceneLayout(buttonDiameter: 0), .notPositive(parameter: "buttonDiameter", value: 0)),
        (SceneLayout(cornerRadius: -1), .negative(parameter: "cornerRadius", value: -1)),
        (SceneLayout(cornerRadius: 26),
         .outOfRange(parameter: "cornerRadius", value: 26, allowed: "at most half of buttonDiameter (25.0)")),
        (SceneLayout(borderWidth: -2), .negative(parameter: "borderWidth", value: -2)),
        (SceneLayout(borderWidth: 30),
         .outOfRange(parameter: "borderWidth", value: 30, allowed: "at most half of buttonDiameter (25.0)")),
        (SceneLayout(headStartButton: 4), .buttonOutOfRange(parameter: "headStartButton", index: 4, count: 4)),
        (SceneLayout(headStartButton: -1), .buttonOutOfRange(parameter: "headStartButton", index: -1, count: 4)),
    ]

    @Test(arguments: badLayouts)
    static func badLayoutsAreRejected(layout: SceneLayout, error: SceneError) {
        #expect(throws: error) { try layout.validate() }
        #expect(throws: error) { try Timeline(layout: layout, taps: []) }
    }

    @Test static func notANumberIsNamed() {
        #expect {
            try SceneLayout(buttonMarginDegrees: .nan).validate()
        } throws: { error in
            guard case let .notFinite(parameter, value) = error as? SceneError else { return false }
            return parameter == "buttonMarginDegrees" && value.isNaN
        }
    }

    @Test static func badTimelineParametersAreRejected() {
        #expect(throws: SceneError.buttonOutOfRange(parameter: "taps[0]", index: 4, count: 4)) {
            try Timeline(taps: [4])
        }
        #expect(throws: SceneError.buttonOutOfRange(parameter: "taps[1]", index: -1, count: 4)) {
            try Timeline(taps: [2, -1])
        }
        #expect(throws: SceneError.negative(parameter: "hold", value: -0.1)) {
            try Timeline(taps: [1], hold: -0.1)
        }
        #expect(throws: SceneError.notFinite(parameter: "hold", value: .infinity)) {
            try Timeline(taps: [1], hold: .infinity)
        }
        #expect(throws: SceneError.negative(parameter: "oneStepDuration", value: -1)) {
            try Timeline(taps: [1], durationRule: DurationRule(oneStep: -1))
        }
        #expect(throws: SceneError.notFinite(parameter: "perStepDuration", value: .infinity)) {
            try Timeline(taps: [1], durationRule: DurationRule(perStep: .infinity))
        }
        #expect(throws: SceneError.outOfRange(parameter: "timing x1", value: 2, allowed: "between 0 and 1")) {
            try Timeline(taps: [1], timing: .cubicBezier(x1: 2, y1: 0, x2: 1, y2: 1))
        }
        #expect(throws: SceneError.durationOverflow(total: .infinity)) {
            try Timeline(taps: [1, 2], hold: 1e308)
        }
    }

    @Test(arguments: badLayouts.map { $0.1 } + [
        .invalidFrameRate(fps: 0), .tooManyFrames(duration: 1e12, fps: 60),
        .durationOverflow(total: .infinity), .negative(parameter: "hold", value: -0.1),
    ])
    static func descriptionsAreOneLineNamingTheParameterAndValue(error: SceneError) {
        let text = error.description
        #expect(!text.contains("\n") && !text.isEmpty)
        switch error {
        case let .notFinite(parameter, value), let .notPositive(parameter, value),
             let .negative(parameter, value), let .outOfRange(parameter, value, _):
            #expect(text.hasPrefix("\(parameter) is \(value);"))
        case let .tooFewButtons(count), let .tooManyButtons(count, _):
            #expect(text.hasPrefix("buttonCount is \(count);"))
        case let .buttonOutOfRange(parameter, index, count):
            #expect(text == "\(parameter) is \(index); buttons are numbered 0 to \(count - 1)")
        case let .marginTooLarge(margin, span):
            #expect(text.hasPrefix("buttonMarginDegrees is \(margin);") && text.contains("\(span)"))
        case let .invalidFrameRate(fps):
            #expect(text == "fps is \(fps); it must be at least 1")
        case let .tooManyFrames(duration, fps):
            #expect(text.contains("\(duration) s at \(fps) fps"))
        case let .durationOverflow(total):
            #expect(text.contains("\(total) s"))
        }
    }
}
