import Testing
@testable import RenderGIF

/// The names the library gives a setting: its scene-file key, and the property of `Animation`
/// it sets (what an `InvalidSetting` names).
@Suite enum SettingKeyTests {
    /// Every setting with the key scene files use and its property, written out by hand.
    static let table: [(setting: Setting, key: String, property: Animation.Property)] = [
        (.width, "width", .width),
        (.height, "height", .height),
        (.scale, "scale", .scale),
        (.fps, "fps", .fps),
        (.taps, "taps", .taps),
        (.hold, "hold", .hold),
        (.oneStepDuration, "oneStepDuration", .oneStepDuration),
        (.perStepDuration, "perStepDuration", .perStepDuration),
        (.timing, "timing", .timing),
        (.pathMode, "pathMode", .pathMode),
        (.buttons, "buttons", .buttonCount),
        (.margin, "margin", .marginDegrees),
        (.diameter, "diameter", .buttonDiameter),
        (.borderWidth, "borderWidth", .borderWidth),
        (.arcWidth, "arcWidth", .arcLineWidth),
        (.gravity, "gravity", .contentGravity),
        (.background, "background", .backgroundColor),
        (.arcColor, "arcColor", .arcColor),
        (.borderColor, "borderColor", .borderColor),
        (.movingBackground, "movingBackground", .movingBackgroundColor),
        (.head, "head", .headImage),
        (.avatar, "avatars", .avatarImages),
        (.colors, "colors", .colors),
        (.dither, "dither", .dither),
        (.loop, "loop", .loop),
        (.maxBytes, "maxBytes", .maxBytes),
        (.poster, "poster", .poster),
        (.posterTime, "posterTime", .posterTime),
        (.touches, "touches", .touches),
        (.touchDiameter, "touchDiameter", .touchDiameter),
        (.touchColor, "touchColor", .touchColor),
        (.touchOpacity, "touchOpacity", .touchOpacity),
        (.touchPress, "touchPress", .touchPress),
        (.touchFade, "touchFade", .touchFade),
    ]

    @Test static func tableCoversEverySettingAndPropertyOnce() {
        #expect(table.map(\.setting) == Setting.allCases)
        #expect(table.map(\.property) == Animation.Property.allCases)
    }

    @Test(arguments: table)
    static func names(setting: Setting, key: String, property: Animation.Property) {
        #expect(setting.key == key)
        #expect(setting.property == property)
        #expect(property.description == property.rawValue)
    }

    @Test(arguments: Setting.allCases)
    static func keyAndPropertyRoundTrip(setting: Setting) {
        #expect(Setting(key: setting.key) == setting)
        #expect(Setting(property: setting.property) == setting)
    }

    @Test static func keysAreDistinct() {
        #expect(Set(Setting.allCases.map(\.key)).count == Setting.allCases.count)
    }

    @Test static func keysThatAreNotSettings() {
        #expect(Setting(key: "avatar") == nil)
        #expect(Setting(key: "one-step-duration") == nil)
        #expect(Setting(key: "--fps") == nil)
        #expect(Setting(key: "Width") == nil)
        #expect(Setting(key: "") == nil)
    }
}
