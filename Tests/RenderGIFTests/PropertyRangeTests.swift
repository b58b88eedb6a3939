import Testing
@testable import RenderGIF

/// Numbers set in code are checked by the rules scene files are checked by: every numeric
/// property out of its range fails the render with `.invalidSetting` naming that property, its
/// value and the problem, its `allowedRange` the rule's.
@Suite enum PropertyRangeTests {
    /// `animation` with the numeric property `property` set to `value` (whole for counts).
    static func setting(_ property: Animation.Property, to value: Double, in animation: Animation = Animation()) -> Animation {
        var animation = animation
        switch property {
        case .width: animation.width = value
        case .height: animation.height = value
        case .scale: animation.scale = Int(value)
        case .fps: animation.fps = Int(value)
        case .hold: animation.hold = value
        case .oneStepDuration: animation.oneStepDuration = value
        case .perStepDuration: animation.perStepDuration = value
        case .buttonCount: animation.buttonCount = Int(value)
        case .marginDegrees: animation.marginDegrees = value
        case .buttonDiameter: animation.buttonDiameter = value
        case .borderWidth: animation.borderWidth = value
        case .arcLineWidth: animation.arcLineWidth = value
        case .colors: animation.colors = Int(value)
        case .loop: animation.loop = Int(value)
        case .maxBytes: animation.maxBytes = Int(value)
        case .touchDiameter: animation.touchDiameter = value
        case .touchOpacity: animation.touchOpacity = value
        case .touchPress: animation.touchPress = value
        case .touchFade: animation.touchFade = value
        default: Issue.record("\(property) is not numeric")
        }
        return animation
    }

    /// The numeric settings' table, and `maxBytes` (a size, tested as text in `MaxBytesSettingTests`).
    static let numericProperties: [SettingNumberTests.NumericSetting] = SettingNumberTests.numericSettings + [
        .init(setting: .maxBytes, lowest: 1, highest: 1e12, isInteger: true,
              expectation: "a whole number of bytes (units KB, MB, GB, KiB, MiB, GiB) from 1 to 1TB"),
    ]

    @Test static func everyNumericPropertyIsCovered() {
        let numeric = Animation.Property.allCases.filter { $0.numberRule != nil }
        #expect(Set(numericProperties.map(\.setting.property)) == Set(numeric))
    }

    @Test(arguments: numericProperties)
    static func outsideTheRangeIsRefusedNamingTheProperty(_ item: SettingNumberTests.NumericSetting) throws {
        let property = item.setting.property
        let step = item.isInteger ? 1.0 : 0.001
        var outside = [item.lowest - step, item.highest + step]
        if !item.isInteger { outside += [.nan, .infinity, -.infinity] }
        for value in outside {
            let refusal = try #require(TestSupport.refusal(setting(property, to: value)), "\(property) = \(value)")
            let expected = InvalidSetting(property: property, value: value.shortDescription, problem: "must be \(item.expectation)")
            #expect(refusal == .invalidSetting(expected), "\(property) = \(value)")
            #expect(refusal.description == "invalid value '\(value.shortDescription)' for '\(property)': must be \(item.expectation)")
            #expect(expected.allowedRange == item.lowest ... item.highest)
            #expect(expected.allowedRange == property.numberRule?.range)
        }
    }

    /// Both ends of each range pass the checks (rendering them all would take minutes).
    @Test(arguments: numericProperties)
    static func bothEndsPassTheChecks(_ item: SettingNumberTests.NumericSetting) {
        for value in [item.lowest, item.highest] {
            var animation = Animation()
            // The checks across properties want a border at most half the diameter, and taps
            // on buttons that exist.
            switch item.setting.property {
            case .borderWidth: animation.buttonDiameter = 1000
            case .buttonDiameter: animation.borderWidth = 0
            case .buttonCount: animation.taps = [1, 0]
            default: break
            }
            animation = setting(item.setting.property, to: value, in: animation)
            #expect(throws: Never.self, "\(item.setting.property) = \(value)") { try animation.validate() }
        }
    }

    /// Properties that are no number in a range have no allowed range.
    @Test static func otherPropertiesHaveNoRange() {
        let invalid = InvalidSetting(property: .taps, value: "1,7", problem: "button 7 does not exist (buttons are 0 to 3)")
        #expect(invalid.allowedRange == nil)
        #expect(InvalidSetting(property: .avatarImages, value: nil, problem: "p").allowedRange == nil)
    }
}
