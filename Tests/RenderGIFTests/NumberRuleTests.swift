import Testing
@testable import RenderGIF

/// A numeric setting's range is written once: the check and its error text say the same range
/// (and the command's help line, tested with the command).
@Suite enum NumberRuleTests {
    static let numeric = Setting.allCases.filter { $0.numberRule != nil }

    @Test static func everyNumberSettingHasARule() {
        #expect(numeric == [.width, .height, .scale, .fps, .hold, .oneStepDuration, .perStepDuration, .buttons,
                            .margin, .diameter, .borderWidth, .arcWidth, .colors, .loop, .maxBytes,
                            .touchDiameter, .touchOpacity, .touchPress, .touchFade])
    }

    /// Just below the range is refused with the rule's words; both ends are accepted.
    @Test(arguments: numeric)
    static func checkAndMessageFollowTheRule(setting: Setting) throws {
        let rule = try #require(setting.numberRule)
        let below = rule.range.lowerBound - 1
        #expect(TestSupport.problem(setting, .text(below.shortDescription)) == "must be \(rule.expectation)")
        let above = rule.range.upperBound + 1
        #expect(TestSupport.problem(setting, .text(above.shortDescription)) == "must be \(rule.expectation)")
        for end in [rule.range.lowerBound, rule.range.upperBound] {
            #expect(TestSupport.problem(setting, .text(String(end))) == nil, "\(end)")
        }
    }

    @Test static func words() {
        #expect(Setting.width.numberRule?.expectation == "a number of points from 32 to 4096")
        #expect(Setting.scale.numberRule?.expectation == "an integer from 1 to 4")
        #expect(Setting.margin.numberRule?.expectation == "an angle in degrees from 0 to below 30")
        #expect(Setting.oneStepDuration.numberRule?.expectation == "a number of seconds from 0.001 to 60")
    }
}
