import Testing
@testable import RenderGIF

/// Checks across several settings, run before every render (and after a scene file's keys
/// have been applied), each refusal naming the property to change.
@Suite enum AnimationValidationTests {
    private static func failure(_ settings: Animation) -> RenderGIFError? {
        do {
            try settings.validate()
            return nil
        } catch {
            return error
        }
    }

    private static func invalid(_ property: Animation.Property, _ value: String?, _ problem: String) -> RenderGIFError {
        .invalidSetting(InvalidSetting(property: property, value: value, problem: problem))
    }

    @Test static func defaultsAreValid() {
        #expect(failure(Animation()) == nil)
    }

    @Test static func noTapsAreValid() {
        var settings = Animation()
        settings.taps = []
        #expect(failure(settings) == nil)
    }

    @Test static func tapPastTheLastButton() throws {
        var settings = Animation()
        settings.taps = [1, 4, 5]
        let error = try #require(failure(settings))
        #expect(error == invalid(.taps, "1,4,5", "button 4 does not exist (buttons are 0 to 3)"))
        #expect(error.description == "invalid value '1,4,5' for 'taps': button 4 does not exist (buttons are 0 to 3)")
        settings.buttonCount = 6
        #expect(failure(settings) == nil)
        settings.taps = [3]
        settings.buttonCount = 2
        #expect(failure(settings)?.description == "invalid value '3' for 'taps': button 3 does not exist (buttons are 0 to 1)")
    }

    /// A negative index, which no scene file or flag can give, is refused like one past the end.
    @Test static func negativeTap() {
        var settings = Animation()
        settings.taps = [1, -1]
        #expect(failure(settings) == invalid(.taps, "1,-1", "button -1 does not exist (buttons are 0 to 3)"))
    }

    @Test static func avatarPastTheLastButtonReportsTheLowestSuchIndex() throws {
        var settings = Animation()
        settings.avatarImages = [9: "i.png", 0: "a.png", 5: "f.png", 7: "h.png"]
        let error = try #require(failure(settings))
        #expect(error == invalid(.avatarImages, nil, "button 5 does not exist (buttons are 0 to 3)"))
        #expect(error.description == "invalid value for 'avatarImages': button 5 does not exist (buttons are 0 to 3)")
        settings.avatarImages = [3: "d.png"]
        #expect(failure(settings) == nil)
    }

    @Test static func borderWiderThanHalfTheDiameter() {
        var settings = Animation()
        settings.buttonDiameter = 51
        settings.borderWidth = 25.5
        #expect(failure(settings) == nil)
        settings.borderWidth = 25.75
        #expect(failure(settings) == invalid(.borderWidth, "25.75", "must be at most half the diameter (25.5)"))
        #expect(failure(settings)?.description
            == "invalid value '25.75' for 'borderWidth': must be at most half the diameter (25.5)")
        settings.buttonDiameter = 51.5
        #expect(failure(settings) == nil)
    }

    @Test static func framesLargerThanTheLimit() {
        #expect(Animation.maxFrameSide == 8192)
        var settings = Animation()
        settings.width = 2048
        settings.scale = 4
        #expect(failure(settings) == nil)
        settings.width = 4096
        #expect(failure(settings) == invalid(.scale, "4", "frames would be 16384 pixels on a side, over the limit of 8192"))
        #expect(failure(settings)?.description
            == "invalid value '4' for 'scale': frames would be 16384 pixels on a side, over the limit of 8192")
        settings.width = 375
        settings.height = 2048.25
        // 2048.25 * 4 = 8193 pixels.
        #expect(failure(settings)?.description
            == "invalid value '4' for 'scale': frames would be 8193 pixels on a side, over the limit of 8192")
        settings.height = 2048.1
        // 2048.1 * 4 = 8192.4, which needs 8193 pixels.
        #expect(failure(settings)?.description
            == "invalid value '4' for 'scale': frames would be 8193 pixels on a side, over the limit of 8192")
        settings.scale = 3
        #expect(failure(settings) == nil)
    }

    @Test static func tapsAreCheckedFirst() {
        var settings = Animation()
        settings.taps = [7]
        settings.avatarImages = [8: "x.png"]
        settings.borderWidth = 100
        settings.width = 4096
        settings.scale = 4
        #expect(failure(settings)?.description.hasPrefix("invalid value '7' for 'taps'") == true)
        settings.taps = []
        #expect(failure(settings)?.description.hasPrefix("invalid value for 'avatarImages'") == true)
        settings.avatarImages = [:]
        #expect(failure(settings)?.description.contains("for 'borderWidth': must be at most half the diameter") == true)
        settings.borderWidth = 2
        #expect(failure(settings)?.description.hasPrefix("invalid value '4' for 'scale'") == true)
    }
}
