import Testing
@testable import RenderGIF

/// The names a setting goes by: its flag, its scene-file key and the value name its help shows.
@Suite enum SettingNameTests {
    /// Every setting with the flag, key and value name users type and read, written out by hand.
    static let table: [(setting: Setting, flag: String, key: String, valueName: String)] = [
        (.width, "--width", "width", "<pt>"),
        (.height, "--height", "height", "<pt>"),
        (.scale, "--scale", "scale", "<n>"),
        (.fps, "--fps", "fps", "<n>"),
        (.taps, "--taps", "taps", "<i,j,...>"),
        (.hold, "--hold", "hold", "<seconds>"),
        (.oneStepDuration, "--one-step-duration", "oneStepDuration", "<seconds>"),
        (.perStepDuration, "--per-step-duration", "perStepDuration", "<seconds>"),
        (.timing, "--timing", "timing", "<name|x1,y1,x2,y2>"),
        (.pathMode, "--path-mode", "pathMode", "<linear|paced>"),
        (.buttons, "--buttons", "buttons", "<n>"),
        (.margin, "--margin", "margin", "<degrees>"),
        (.diameter, "--diameter", "diameter", "<pt>"),
        (.borderWidth, "--border-width", "borderWidth", "<pt>"),
        (.arcWidth, "--arc-width", "arcWidth", "<pt>"),
        (.gravity, "--gravity", "gravity", "<resize|resizeAspectFill>"),
        (.background, "--background", "background", "<#rrggbb>"),
        (.arcColor, "--arc-color", "arcColor", "<#rrggbb>"),
        (.borderColor, "--border-color", "borderColor", "<#rrggbb>"),
        (.movingBackground, "--moving-background", "movingBackground", "<#rrggbb>"),
        (.head, "--head", "head", "<file>"),
        (.avatar, "--avatar", "avatars", "<i>=<file>"),
        (.colors, "--colors", "colors", "<n>"),
        (.dither, "--dither", "dither", "<none|ordered|diffusion>"),
        (.loop, "--loop", "loop", "<n>"),
        (.maxBytes, "--max-bytes", "maxBytes", "<size>"),
        (.poster, "--poster", "poster", "<file.png>"),
        (.posterTime, "--poster-time", "posterTime", "<seconds>"),
        (.touches, "--touches", "touches", ""),
        (.touchDiameter, "--touch-diameter", "touchDiameter", "<pt>"),
        (.touchColor, "--touch-color", "touchColor", "<#rrggbb>"),
        (.touchOpacity, "--touch-opacity", "touchOpacity", "<opacity>"),
        (.touchPress, "--touch-press", "touchPress", "<seconds>"),
        (.touchFade, "--touch-fade", "touchFade", "<seconds>"),
    ]

    @Test static func tableCoversEverySettingOnce() {
        #expect(table.map(\.setting) == Setting.allCases)
    }

    @Test(arguments: table)
    static func names(setting: Setting, flag: String, key: String, valueName: String) {
        #expect(setting.flag == flag)
        #expect(setting.key == key)
        #expect(setting.valueName == valueName)
    }

    @Test(arguments: Setting.allCases)
    static func flagAndKeyRoundTrip(setting: Setting) {
        #expect(Setting(flag: setting.flag) == setting)
        #expect(Setting(key: setting.key) == setting)
    }

    @Test static func flagsAndKeysAreDistinct() {
        #expect(Set(Setting.allCases.map(\.flag)).count == Setting.allCases.count)
        #expect(Set(Setting.allCases.map(\.key)).count == Setting.allCases.count)
    }

    @Test(arguments: Setting.allCases)
    static func flagsAreLowercaseWithDashes(setting: Setting) {
        let flag = setting.flag
        #expect(flag.hasPrefix("--"))
        #expect(flag.dropFirst(2).allSatisfy { $0.isLowercase || $0 == "-" })
        #expect(!flag.hasSuffix("-") && !flag.contains("---"))
    }

    @Test(arguments: Setting.allCases)
    static func helpIsOneNonEmptyLine(setting: Setting) {
        #expect(!setting.help.isEmpty)
        #expect(!setting.help.contains("\n"))
    }

    @Test static func namesThatAreNotSettings() {
        #expect(Setting(flag: "--oneStepDuration") == nil)
        #expect(Setting(flag: "one-step-duration") == nil)
        #expect(Setting(flag: "--Width") == nil)
        #expect(Setting(flag: "--scene") == nil)
        #expect(Setting(flag: "--avatars") == nil)
        #expect(Setting(flag: "") == nil)
        #expect(Setting(key: "avatar") == nil)
        #expect(Setting(key: "one-step-duration") == nil)
        #expect(Setting(key: "--fps") == nil)
        #expect(Setting(key: "Width") == nil)
        #expect(Setting(key: "") == nil)
    }

    /// The help names the same ranges that `apply` enforces.
    @Test(arguments: [
        (Setting.width, "32 to 4096"), (.height, "32 to 4096"), (.scale, "1 to 4"), (.fps, "1 to 50"),
        (.buttons, "2 to 64"), (.colors, "2 to 256"),
    ])
    static func helpStatesTheRange(setting: Setting, range: String) {
        #expect(setting.help.contains(range))
    }

    /// The defaults the help promises are the defaults `Animation` holds.
    @Test static func helpStatesTheDefaults() {
        let defaults = Animation()
        #expect(Setting.width.help.hasSuffix("(default: 375)") && defaults.width == 375)
        #expect(Setting.height.help.hasSuffix("(default: 667)") && defaults.height == 667)
        #expect(Setting.scale.help.hasSuffix("(default: 2)") && defaults.scale == 2)
        #expect(Setting.fps.help.hasSuffix("(default: 50)") && defaults.fps == 50)
        #expect(Setting.taps.help.hasSuffix("(default: 1,3,0,2,1)") && defaults.taps == [1, 3, 0, 2, 1])
        #expect(Setting.hold.help.hasSuffix("(default: 0.6)") && defaults.hold == 0.6)
        #expect(Setting.oneStepDuration.help.hasSuffix("(default: 0.7)") && defaults.oneStepDuration == 0.7)
        #expect(Setting.perStepDuration.help.hasSuffix("(default: 0.4)") && defaults.perStepDuration == 0.4)
        #expect(Setting.timing.help.hasSuffix("(default: easeOut)") && defaults.timing == .easeOut)
        #expect(Setting.pathMode.help.hasSuffix("(default: linear)") && defaults.pathMode == .linear)
        #expect(Setting.buttons.help.hasSuffix("(default: 4)") && defaults.buttonCount == 4)
        #expect(Setting.margin.help.hasSuffix("(default: 7.5)") && defaults.marginDegrees == 7.5)
        #expect(Setting.diameter.help.hasSuffix("(default: 50)") && defaults.buttonDiameter == 50)
        #expect(Setting.borderWidth.help.hasSuffix("(default: 2)") && defaults.borderWidth == 2)
        #expect(Setting.arcWidth.help.hasSuffix("(default: 1)") && defaults.arcLineWidth == 1)
        #expect(Setting.gravity.help.hasSuffix("(default: resize)") && defaults.contentGravity == .resize)
        #expect(Setting.background.help.hasSuffix("(default: #ffffff)") && defaults.backgroundColor.description.lowercased() == "#ffffff")
        #expect(Setting.arcColor.help.hasSuffix("(default: #ff0000)") && defaults.arcColor.description.lowercased() == "#ff0000")
        #expect(Setting.borderColor.help.hasSuffix("(default: #00ff00)") && defaults.borderColor.description.lowercased() == "#00ff00")
        #expect(Setting.movingBackground.help.hasSuffix("(default: #0000ff)")
            && defaults.movingBackgroundColor.description.lowercased() == "#0000ff")
        #expect(Setting.colors.help.hasSuffix("(default: 256)") && defaults.colors == 256)
        #expect(Setting.dither.help.hasSuffix("(default: none)") && defaults.dither == .none)
        #expect(Setting.loop.help.hasSuffix("(default: 0)") && defaults.loop == 0)
        #expect(defaults.headImage == nil && defaults.avatarImages.isEmpty)
    }
}
