import Testing
@testable import RenderGIF

/// The settings that are one number in a range: accepted at both ends as text (what a flag
/// gives) and from a scene file, refused outside, and refused when not a finite number (or not
/// whole, for counts).
@Suite enum SettingNumberTests {
    struct NumericSetting: Sendable, CustomStringConvertible {
        let setting: Setting
        let lowest: Double
        let highest: Double
        let isInteger: Bool
        let expectation: String
        var description: String { setting.key }
    }

    static let numericSettings: [NumericSetting] = [
        .init(setting: .width, lowest: 32, highest: 4096, isInteger: false, expectation: "a number of points from 32 to 4096"),
        .init(setting: .height, lowest: 32, highest: 4096, isInteger: false, expectation: "a number of points from 32 to 4096"),
        .init(setting: .scale, lowest: 1, highest: 4, isInteger: true, expectation: "an integer from 1 to 4"),
        .init(setting: .fps, lowest: 1, highest: 50, isInteger: true, expectation: "an integer from 1 to 50"),
        .init(setting: .hold, lowest: 0, highest: 3600, isInteger: false, expectation: "a number of seconds from 0 to 3600"),
        .init(setting: .oneStepDuration, lowest: 0.001, highest: 60, isInteger: false,
              expectation: "a number of seconds from 0.001 to 60"),
        .init(setting: .perStepDuration, lowest: 0.001, highest: 60, isInteger: false,
              expectation: "a number of seconds from 0.001 to 60"),
        .init(setting: .buttons, lowest: 2, highest: 64, isInteger: true, expectation: "an integer from 2 to 64"),
        .init(setting: .margin, lowest: 0, highest: 29.999, isInteger: false,
              expectation: "an angle in degrees from 0 to below 30"),
        .init(setting: .diameter, lowest: 1, highest: 1000, isInteger: false, expectation: "a number of points from 1 to 1000"),
        .init(setting: .borderWidth, lowest: 0, highest: 500, isInteger: false, expectation: "a number of points from 0 to 500"),
        .init(setting: .arcWidth, lowest: 0.1, highest: 100, isInteger: false, expectation: "a number of points from 0.1 to 100"),
        .init(setting: .colors, lowest: 2, highest: 256, isInteger: true, expectation: "an integer from 2 to 256"),
        .init(setting: .loop, lowest: 0, highest: 65535, isInteger: true, expectation: "an integer from 0 to 65535"),
        .init(setting: .touchDiameter, lowest: 1, highest: 1000, isInteger: false, expectation: "a number of points from 1 to 1000"),
        .init(setting: .touchOpacity, lowest: 0, highest: 1, isInteger: false, expectation: "an opacity from 0 to 1"),
        .init(setting: .touchPress, lowest: 0, highest: 10, isInteger: false, expectation: "a number of seconds from 0 to 10"),
        .init(setting: .touchFade, lowest: 0, highest: 10, isInteger: false, expectation: "a number of seconds from 0 to 10"),
    ]

    /// Where each numeric setting lands in `Animation`.
    static func stored(_ setting: Setting, in settings: Animation) -> Double? {
        switch setting {
        case .width: return settings.width
        case .height: return settings.height
        case .scale: return Double(settings.scale)
        case .fps: return Double(settings.fps)
        case .hold: return settings.hold
        case .oneStepDuration: return settings.oneStepDuration
        case .perStepDuration: return settings.perStepDuration
        case .buttons: return Double(settings.buttonCount)
        case .margin: return settings.marginDegrees
        case .diameter: return settings.buttonDiameter
        case .borderWidth: return settings.borderWidth
        case .arcWidth: return settings.arcLineWidth
        case .colors: return Double(settings.colors)
        case .loop: return Double(settings.loop)
        case .touchDiameter: return settings.touchStyle.diameter
        case .touchOpacity: return settings.touchStyle.opacity
        case .touchPress: return settings.touchTiming.press
        case .touchFade: return settings.touchTiming.fade
        default: return nil
        }
    }

    /// Text a user would type for `value`: "4" rather than "4.0" for whole numbers.
    static func typed(_ value: Double) -> String {
        value.rounded() == value ? String(Int(value)) : String(value)
    }

    @Test static func tableCoversEveryNumericSetting() {
        let numeric: [Setting] = [.width, .height, .scale, .fps, .hold, .oneStepDuration, .perStepDuration,
                                  .buttons, .margin, .diameter, .borderWidth, .arcWidth, .colors, .loop,
                                  .touchDiameter, .touchOpacity, .touchPress, .touchFade]
        #expect(numericSettings.map(\.setting) == numeric)
        #expect(numeric.allSatisfy { stored($0, in: Animation()) != nil })
    }

    @Test(arguments: numericSettings)
    static func bothEndsOfTheRangeAreAccepted(_ item: NumericSetting) {
        let middle = item.isInteger ? ((item.lowest + item.highest) / 2).rounded(.down) : (item.lowest + item.highest) / 2
        for value in [item.lowest, item.highest, middle] {
            let fromText = TestSupport.applied(item.setting, .text(typed(value)))
            #expect(fromText.flatMap { stored(item.setting, in: $0) } == value, "text \(typed(value))")
            let fromSpacedText = TestSupport.applied(item.setting, .text(" \t\(typed(value)) "))
            #expect(fromSpacedText.flatMap { stored(item.setting, in: $0) } == value, "spaced text \(typed(value))")
            let fromJSON = TestSupport.applied(item.setting, .json(.number(value)))
            #expect(fromJSON.flatMap { stored(item.setting, in: $0) } == value, "JSON \(value)")
        }
    }

    @Test(arguments: numericSettings)
    static func applyingChangesOnlyThatSetting(_ item: NumericSetting) throws {
        let changed = try #require(TestSupport.applied(item.setting, .text(typed(item.highest))))
        let defaults = Animation()
        for other in numericSettings where other.setting != item.setting {
            #expect(stored(other.setting, in: changed) == stored(other.setting, in: defaults), "\(other.setting.key)")
        }
        #expect(changed.taps == defaults.taps && changed.timing == defaults.timing && changed.pathMode == defaults.pathMode)
        #expect(changed.contentGravity == defaults.contentGravity && changed.dither == defaults.dither)
        #expect(changed.backgroundColor == defaults.backgroundColor && changed.arcColor == defaults.arcColor)
        #expect(changed.borderColor == defaults.borderColor && changed.movingBackgroundColor == defaults.movingBackgroundColor)
        #expect(changed.headImage == nil && changed.avatarImages.isEmpty)
        #expect(changed.touches == defaults.touches && changed.touchStyle.color == defaults.touchStyle.color)
    }

    @Test(arguments: numericSettings)
    static func outsideTheRangeIsRefused(_ item: NumericSetting) {
        let message = "must be \(item.expectation)"
        let step = item.isInteger ? 1.0 : 0.001
        for value in [item.lowest - step, item.highest + step, -1, 1e9, -1e9] {
            #expect(TestSupport.problem(item.setting, .text(String(value))) == message, "text \(value)")
            #expect(TestSupport.problem(item.setting, .json(.number(value))) == message, "JSON \(value)")
        }
    }

    @Test(arguments: numericSettings)
    static func nonNumbersAreRefused(_ item: NumericSetting) {
        let message = "must be \(item.expectation)"
        for text in ["", " ", "nan", "NaN", "inf", "-inf", "infinity", "1e999", "-1e999", "abc", "5px", "1,5", "--5"] {
            #expect(TestSupport.problem(item.setting, .text(text)) == message, "text '\(text)'")
        }
    }

    @Test(arguments: numericSettings)
    static func wrongJSONTypesAreNamed(_ item: NumericSetting) {
        let cases: [(JSONValue, String)] = [
            (.string("10"), "a string"), (.bool(true), "a boolean"), (.null, "null"),
            (.array([.number(10)]), "an array"), (.object([]), "an object"),
        ]
        for (value, typeName) in cases {
            #expect(TestSupport.problem(item.setting, .json(value)) == "must be \(item.expectation), not \(typeName)")
        }
    }

    @Test(arguments: numericSettings.filter { $0.isInteger })
    static func integersMustBeWhole(_ item: NumericSetting) {
        let fraction = item.lowest + 0.5
        #expect(TestSupport.problem(item.setting, .text(String(fraction))) == "must be \(item.expectation)")
        #expect(TestSupport.problem(item.setting, .json(.number(fraction))) == "must be \(item.expectation)")
        // "3.0" is a whole number written with a point, so it is accepted.
        let whole = TestSupport.applied(item.setting, .text("\(Int(item.lowest)).0"))
        #expect(whole.flatMap { stored(item.setting, in: $0) } == item.lowest)
    }

    @Test static func exponentNotationIsAcceptedFromFlags() {
        #expect(TestSupport.applied(.width, .text("4e2"))?.width == 400)
        #expect(TestSupport.applied(.hold, .text("25e-2"))?.hold == 0.25)
        #expect(TestSupport.applied(.fps, .text("2.5e1"))?.fps == 25)
    }

    @Test static func zeroIsRefusedWhereItMakesNoSense() {
        #expect(TestSupport.problem(.oneStepDuration, .text("0")) == "must be a number of seconds from 0.001 to 60")
        #expect(TestSupport.problem(.scale, .text("0")) == "must be an integer from 1 to 4")
        #expect(TestSupport.problem(.arcWidth, .json(.number(0))) == "must be a number of points from 0.1 to 100")
        #expect(TestSupport.problem(.margin, .text("30")) == "must be an angle in degrees from 0 to below 30")
    }

    @Test static func negativeZeroCountsAsZero() {
        #expect(TestSupport.applied(.loop, .text("-0"))?.loop == 0)
        #expect(TestSupport.applied(.hold, .json(.number(-0.0)))?.hold == 0)
    }
}
