@testable import ArcScene
import Palette
import Testing
@testable import RenderGIF

/// Taps and timing curves: lists written as comma-separated text on the command line and as
/// JSON arrays in scene files.
@Suite enum SettingListTests {
    static let tapsExpectation = "a comma-separated list of button indices"
    /// Scene files give taps as a JSON array, and the message says so.
    static let jsonTapsExpectation = "an array of button indices"
    static let timingExpectation = "one of linear, easeIn, easeOut, easeInEaseOut, default, "
        + "or four numbers x1,y1,x2,y2 with x1 and x2 from 0 to 1"

    // MARK: taps

    @Test static func tapsFromTextAndJSON() {
        #expect(TestSupport.applied(.taps, .text("1,3,0"))?.taps == [1, 3, 0])
        #expect(TestSupport.applied(.taps, .text(" 1 , 3,\t0 "))?.taps == [1, 3, 0])
        #expect(TestSupport.applied(.taps, .text("63"))?.taps == [63])
        #expect(TestSupport.applied(.taps, .text("2,2,2"))?.taps == [2, 2, 2])
        #expect(TestSupport.applied(.taps, .json(.array([.number(1), .number(3), .number(0)])))?.taps == [1, 3, 0])
        #expect(TestSupport.applied(.taps, .json(.array([.number(2.0)])))?.taps == [2])
    }

    @Test static func emptyTaps() {
        #expect(TestSupport.applied(.taps, .text(""))?.taps == [])
        #expect(TestSupport.applied(.taps, .text("  "))?.taps == [])
        #expect(TestSupport.applied(.taps, .json(.array([])))?.taps == [])
    }

    @Test(arguments: ["1,,3", "a", "1;3", ",1", "1,", "1 3", "nan", "inf", "1,inf", "0x"])
    static func malformedTapText(text: String) {
        #expect(TestSupport.problem(.taps, .text(text)) == "must be \(tapsExpectation)")
    }

    @Test(arguments: ["-1", "1.5", "64", "1,3,-2", "1e3"])
    static func tapsThatAreNotButtonIndices(text: String) {
        #expect(TestSupport.problem(.taps, .text(text)) == "must be \(tapsExpectation) (whole numbers from 0)")
        let numbers = text.split(separator: ",").map { JSONValue.number(Double($0)!) }
        #expect(TestSupport.problem(.taps, .json(.array(numbers))) == "must be \(jsonTapsExpectation) (whole numbers from 0)")
    }

    @Test static func tapsWithWrongJSONTypes() {
        #expect(TestSupport.problem(.taps, .json(.string("1,3,0"))) == "must be \(jsonTapsExpectation), not a string")
        #expect(TestSupport.problem(.taps, .json(.number(1))) == "must be \(jsonTapsExpectation), not a number")
        #expect(TestSupport.problem(.taps, .json(.object([]))) == "must be \(jsonTapsExpectation), not an object")
        #expect(TestSupport.problem(.taps, .json(.array([.number(1), .string("3")])))
            == "must be \(jsonTapsExpectation), not an array holding a string")
        #expect(TestSupport.problem(.taps, .json(.array([.array([.number(1)])])))
            == "must be \(jsonTapsExpectation), not an array holding an array")
        #expect(TestSupport.problem(.taps, .json(.array([.null]))) == "must be \(jsonTapsExpectation), not an array holding null")
    }

    @Test static func mostTaps() {
        #expect(Setting.maxTaps == 10_000)
        let most = Array(repeating: "1", count: 10_000).joined(separator: ",")
        #expect(TestSupport.applied(.taps, .text(most))?.taps.count == 10_000)
        let tooMany = most + ",0"
        #expect(TestSupport.problem(.taps, .text(tooMany)) == "must hold at most 10000 taps")
        let tooManyJSON = JSONValue.array(Array(repeating: .number(0), count: 10_001))
        #expect(TestSupport.problem(.taps, .json(tooManyJSON)) == "must hold at most 10000 taps")
    }

    // MARK: timing

    @Test(arguments: [("linear", TimingFunction.linear), ("easeIn", .easeIn), ("easeOut", .easeOut),
                      ("easeInEaseOut", .easeInEaseOut), ("default", .default)])
    static func namedTimings(name: String, timing: TimingFunction) {
        #expect(TestSupport.applied(.timing, .text(name))?.timing == timing)
        #expect(TestSupport.applied(.timing, .json(.string(name)))?.timing == timing)
    }

    @Test static func timingNamesAreCoreAnimations() {
        #expect(Setting.timingNames.map(\.name) == ["linear", "easeIn", "easeOut", "easeInEaseOut", "default"])
    }

    @Test static func cubicBezierTimings() {
        #expect(TestSupport.applied(.timing, .text("0,0,0.58,1"))?.timing == .cubicBezier(x1: 0, y1: 0, x2: 0.58, y2: 1))
        #expect(TestSupport.applied(.timing, .text(" 0.25 , 0.1 ,0.25, 1 "))?.timing == .cubicBezier(x1: 0.25, y1: 0.1, x2: 0.25, y2: 1))
        let json = JSONValue.array([.number(0), .number(0), .number(0.58), .number(1)])
        #expect(TestSupport.applied(.timing, .json(json))?.timing == .cubicBezier(x1: 0, y1: 0, x2: 0.58, y2: 1))
        // y values may overshoot; x values at the ends of 0...1 are fine.
        #expect(TestSupport.applied(.timing, .text("1,-2,0,3"))?.timing == .cubicBezier(x1: 1, y1: -2, x2: 0, y2: 3))
        #expect(TestSupport.applied(.timing, .text("0.5,-1000,0.5,1000"))?.timing == .cubicBezier(x1: 0.5, y1: -1000, x2: 0.5, y2: 1000))
    }

    @Test(arguments: [
        "1.5,0,0.58,1", "-0.1,0,0.58,1", "0,0,1.01,1", "0,0,-0.5,1", "0,0,0.58", "0,0,0.58,1,1",
        "0,1001,1,1", "0,0,1,-1000.5", "0,0,0.58,x", "0,,0.58,1", "0,0,0.58,nan", "0,0,0.58,inf",
        "ease", "EaseOut", "easeout", "", "linear,", ",",
    ])
    static func badTimingText(text: String) {
        #expect(TestSupport.problem(.timing, .text(text)) == "must be \(timingExpectation)")
    }

    @Test static func badTimingJSON() {
        let outOfRange = JSONValue.array([.number(1.5), .number(0), .number(0.58), .number(1)])
        #expect(TestSupport.problem(.timing, .json(outOfRange)) == "must be \(timingExpectation)")
        #expect(TestSupport.problem(.timing, .json(.array([]))) == "must be \(timingExpectation)")
        #expect(TestSupport.problem(.timing, .json(.string("0,0,0.58,1"))) == "must be \(timingExpectation)")
        #expect(TestSupport.problem(.timing, .json(.number(1))) == "must be \(timingExpectation), not a number")
        #expect(TestSupport.problem(.timing, .json(.object([]))) == "must be \(timingExpectation), not an object")
        let holdsString = JSONValue.array([.number(0), .string("0"), .number(0.58), .number(1)])
        #expect(TestSupport.problem(.timing, .json(holdsString)) == "must be \(timingExpectation), not an array holding a string")
    }

    // MARK: named choices

    @Test static func pathModes() {
        #expect(TestSupport.applied(.pathMode, .text("linear"))?.pathMode == .linear)
        #expect(TestSupport.applied(.pathMode, .text("paced"))?.pathMode == .paced)
        #expect(TestSupport.applied(.pathMode, .json(.string("paced")))?.pathMode == .paced)
        #expect(TestSupport.problem(.pathMode, .text("Paced")) == "must be one of linear, paced")
        #expect(TestSupport.problem(.pathMode, .text("cubic")) == "must be one of linear, paced")
        #expect(TestSupport.problem(.pathMode, .json(.number(1))) == "must be one of linear, paced, not a number")
    }

    @Test static func gravities() {
        #expect(TestSupport.applied(.gravity, .text("resize"))?.contentGravity == .resize)
        #expect(TestSupport.applied(.gravity, .text("resizeAspectFill"))?.contentGravity == .resizeAspectFill)
        #expect(TestSupport.applied(.gravity, .json(.string("resizeAspectFill")))?.contentGravity == .resizeAspectFill)
        #expect(TestSupport.problem(.gravity, .text("resizeAspect")) == "must be one of resize, resizeAspectFill")
        #expect(TestSupport.problem(.gravity, .text(" resize")) == "must be one of resize, resizeAspectFill")
        #expect(TestSupport.problem(.gravity, .json(.bool(true))) == "must be one of resize, resizeAspectFill, not a boolean")
    }

    @Test static func dithers() {
        for (text, expected) in [("none", DitherMode.none), ("ordered", .ordered), ("diffusion", .diffusion)] {
            #expect(TestSupport.applied(.dither, .text(text))?.dither == expected)
            #expect(TestSupport.applied(.dither, .json(.string(text)))?.dither == expected)
        }
        #expect(TestSupport.problem(.dither, .text("floyd")) == "must be one of none, ordered, diffusion")
        #expect(TestSupport.problem(.dither, .text("")) == "must be one of none, ordered, diffusion")
        #expect(TestSupport.problem(.dither, .json(.null)) == "must be one of none, ordered, diffusion, not null")
    }
}
