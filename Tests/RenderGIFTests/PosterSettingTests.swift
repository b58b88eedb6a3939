import Testing
@testable import RenderGIF

/// The poster settings go through the same table as every other setting, and the still's time
/// is checked against the animation's length.
@Suite enum PosterSettingTests {
    @Test static func defaultsToNoPosterAndTheEnd() {
        let defaults = Animation()
        #expect(defaults.poster == nil && defaults.posterTime == nil)
    }

    @Test static func valuesLandInTheSettings() {
        #expect(TestSupport.applied(.poster, .text("docs/still.PNG"))?.poster == "docs/still.PNG")
        #expect(TestSupport.applied(.posterTime, .text("2.5"))?.posterTime == 2.5)
        #expect(TestSupport.applied(.posterTime, .json(.number(2.5)))?.posterTime == 2.5)
    }

    /// The end of the default animation, 0.6 x 6 + 0.7 + 0.8 + 1.2 + 0.8 + 0.7 = 7.8 s, is
    /// allowed; a hair later is not, and neither is a negative time set in code.
    @Test static func timeWithinTheAnimation() throws {
        var animation = Animation()
        animation.posterTime = 7.8
        #expect(throws: Never.self) { try animation.validate() }
        animation.posterTime = 7.81
        #expect(throws: RenderGIFError.invalidSetting(InvalidSetting(
            property: .posterTime, value: "7.81", problem: "must be a time within the animation, from 0 to 7.8 s"))) {
            try animation.validate()
        }
        animation.posterTime = -1
        #expect(throws: RenderGIFError.invalidSetting(InvalidSetting(
            property: .posterTime, value: "-1", problem: "must be a number of seconds from 0"))) {
            try animation.validate()
        }
    }
}
