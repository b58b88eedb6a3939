import RenderGIF
@testable import RenderGIFCommand
import Testing

/// The names the command gives a setting: its flag and the value name its help shows (the
/// scene-file key is the library's, tested there).
@Suite enum SettingNameTests {
    /// Every setting with the flag and value name users type and read, written out by hand.
    static let table: [(setting: Setting, flag: String, valueName: String)] = [
        (.width, "--width", "<pt>"),
        (.height, "--height", "<pt>"),
        (.scale, "--scale", "<n>"),
        (.fps, "--fps", "<n>"),
        (.taps, "--taps", "<i,j,...>"),
        (.hold, "--hold", "<seconds>"),
        (.oneStepDuration, "--one-step-duration", "<seconds>"),
        (.perStepDuration, "--per-step-duration", "<seconds>"),
        (.timing, "--timing", "<name|x1,y1,x2,y2>"),
        (.pathMode, "--path-mode", "<linear|paced>"),
        (.buttons, "--buttons", "<n>"),
        (.margin, "--margin", "<degrees>"),
        (.diameter, "--diameter", "<pt>"),
        (.borderWidth, "--border-width", "<pt>"),
        (.arcWidth, "--arc-width", "<pt>"),
        (.gravity, "--gravity", "<resize|resizeAspectFill>"),
        (.background, "--background", "<#rrggbb>"),
        (.arcColor, "--arc-color", "<#rrggbb>"),
        (.borderColor, "--border-color", "<#rrggbb>"),
        (.movingBackground, "--moving-background", "<#rrggbb>"),
        (.head, "--head", "<file>"),
        (.avatar, "--avatar", "<i>=<file>"),
        (.colors, "--colors", "<n>"),
        (.dither, "--dither", "<none|ordered|diffusion>"),
        (.loop, "--loop", "<n>"),
        (.maxBytes, "--max-bytes", "<size>"),
        (.poster, "--poster", "<file.png>"),
        (.posterTime, "--poster-time", "<seconds>"),
        (.touches, "--touches", ""),
        (.touchDiameter, "--touch-diameter", "<pt>"),
        (.touchColor, "--touch-color", "<#rrggbb>"),
        (.touchOpacity, "--touch-opacity", "<opacity>"),
        (.touchPress, "--touch-press", "<seconds>"),
        (.touchFade, "--touch-fade", "<seconds>"),
    ]

    @Test static func tableCoversEverySettingOnce() {
        #expect(table.map(\.setting) == Setting.allCases)
    }

    @Test(arguments: table)
    static func names(setting: Setting, flag: String, valueName: String) {
        #expect(setting.flag == flag)
        #expect(setting.valueName == valueName)
    }

    @Test(arguments: Setting.allCases)
    static func flagRoundTrips(setting: Setting) {
        #expect(Setting(flag: setting.flag) == setting)
    }

    @Test static func flagsAreDistinct() {
        #expect(Set(Setting.allCases.map(\.flag)).count == Setting.allCases.count)
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

    @Test static func flagsThatAreNotSettings() {
        #expect(Setting(flag: "--oneStepDuration") == nil)
        #expect(Setting(flag: "one-step-duration") == nil)
        #expect(Setting(flag: "--Width") == nil)
        #expect(Setting(flag: "--scene") == nil)
        #expect(Setting(flag: "--avatars") == nil)
        #expect(Setting(flag: "") == nil)
    }

    /// The help names the same ranges that `apply` enforces.
    @Test(arguments: [
        (Setting.width, "32 to 4096"), (.height, "32 to 4096"), (.scale, "1 to 4"), (.fps, "1 to 50"),
        (.buttons, "2 to 64"), (.colors, "2 to 256"),
    ])
    static func helpStatesTheRange(setting: Setting, range: String) {
        #expect(setting.help.contains(range))
    }

    /// A numeric setting's help line states the range of its rule, where the rule says it should.
    @Test(arguments: Setting.allCases.filter { $0.numberRule?.inHelp == true })
    static func helpStatesTheRulesRange(setting: Setting) throws {
        let rule = try #require(setting.numberRule)
        #expect(setting.help.contains(", \(rule.rangeText). "))
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
