import GIFEncoding
import ImageCodecs

/// Every setting a flag or a scene file can give, with its flag, its scene-file key, its help
/// text and the checks its value must pass. The one table behind the parser, the scene file
/// reader and the help screen.
enum Setting: String, CaseIterable, Sendable {
    case width, height, scale, fps, taps, hold
    case oneStepDuration, perStepDuration, timing, pathMode
    case buttons, margin, diameter, borderWidth, arcWidth, gravity
    case background, arcColor, borderColor, movingBackground
    case head, avatar, colors, dither, loop, maxBytes
    case poster, posterTime
    case touches, touchDiameter, touchColor, touchOpacity, touchPress, touchFade

    /// The most taps an animation may have.
    static let maxTaps = 10_000

    /// The scene-file key (the flag without dashes, in camel case).
    var key: String {
        switch self {
        case .avatar: return "avatars"
        default: return rawValue
        }
    }

    /// The command-line flag.
    var flag: String {
        var flag = "--"
        for character in rawValue {
            if character.isUppercase { flag += "-" + character.lowercased() } else { flag.append(character) }
        }
        return flag
    }

    /// The value name shown after the flag in help, e.g. `<pt>`.
    var valueName: String {
        switch self {
        case .width, .height, .diameter, .borderWidth, .arcWidth: return "<pt>"
        case .scale, .fps, .buttons, .colors, .loop: return "<n>"
        case .maxBytes: return "<size>"
        case .taps: return "<i,j,...>"
        case .hold, .oneStepDuration, .perStepDuration, .posterTime: return "<seconds>"
        case .timing: return "<name|x1,y1,x2,y2>"
        case .pathMode: return Setting.choiceList(Setting.pathModeNames)
        case .margin: return "<degrees>"
        case .gravity: return Setting.choiceList(Setting.gravityNames)
        case .background, .arcColor, .borderColor, .movingBackground: return "<#rrggbb>"
        case .head: return "<file>"
        case .avatar: return "<i>=<file>"
        case .dither: return Setting.choiceList(Setting.ditherNames)
        case .poster: return "<file.png>"
        case .touches: return ""
        case .touchDiameter: return "<pt>"
        case .touchColor: return "<#rrggbb>"
        case .touchOpacity: return "<opacity>"
        case .touchPress, .touchFade: return "<seconds>"
        }
    }

    /// What the setting is, the start of its help line (the range and default are added).
    var summary: String {
        switch self {
        case .width: return "Screen width in points"
        case .height: return "Screen height in points"
        case .scale: return "Pixels per point"
        case .fps: return "Frames per second"
        case .taps: return "Button indices tapped in order"
        case .hold: return "Still time before the first tap and after each move"
        case .oneStepDuration: return "Duration of a move to a neighbouring button"
        case .perStepDuration: return "Duration per button passed, for longer moves"
        case .timing: return Setting.timingNames.map(\.name).joined(separator: ", ") + ", or a cubic Bézier"
        case .pathMode: return "Key-frame calculation mode"
        case .buttons: return "Number of avatar buttons"
        case .margin: return "Angle from each arc end to the outer buttons"
        case .diameter: return "Diameter of every avatar"
        case .borderWidth: return "Width of the avatar borders"
        case .arcWidth: return "Width of the arc's stroke"
        case .gravity: return "How images fill their circle"
        case .background: return "Screen colour"
        case .arcColor: return "Arc colour"
        case .borderColor: return "Avatar border colour"
        case .movingBackground: return "Background of the moving avatar"
        case .head: return "Image of the avatar that moves (\(ImageFile.readableFormats))"
        case .avatar: return "Image of button i (repeatable)"
        case .colors: return "Palette size"
        case .dither: return "Dithering of photo pixels"
        case .loop: return "Times to play; 0 plays forever"
        case .maxBytes: return "Largest GIF to write, in bytes or with KB, MB, GB (powers of 1000) or KiB, MiB, GiB (powers of 1024)"
        case .poster: return "Also write a PNG still of the animation at --poster-time"
        case .posterTime: return "Time the still shows, from 0 to the animation's end"
        case .touches: return "Draw a touch indicator for every tap: down --touch-press before the move, then fading over --touch-fade"
        case .touchDiameter: return "Diameter of the touch indicator"
        case .touchColor: return "Colour of the touch indicator; its rim is darker"
        case .touchOpacity: return "Opacity of the touch indicator while the finger is down"
        case .touchPress: return "Time the finger rests on the button before the move starts (less when the hold is shorter)"
        case .touchFade: return "Time the touch indicator takes to fade after the lift"
        }
    }

    /// The accepted values of a numeric setting; nil for the others.
    var numberRule: NumberRule? {
        switch self {
        case .width, .height: return .number(32...4096, of: "points", inHelp: true)
        case .scale: return .integer(1...4)
        case .fps: return .integer(1...50)
        case .hold: return .number(0...3600, of: "seconds")
        case .oneStepDuration, .perStepDuration: return .number(0.001...60, of: "seconds")
        case .buttons: return .integer(2...64)
        case .margin:
            return NumberRule(range: 0...29.999, whole: false, noun: "an angle in degrees", upperText: "below 30", inHelp: false)
        case .diameter: return .number(1...1000, of: "points")
        case .borderWidth: return .number(0...500, of: "points")
        case .arcWidth: return .number(0.1...100, of: "points")
        case .colors: return .integer(GIFEncodingOptions.colorRange)
        // Plays, of which the GIF repeats all but the first (0 plays forever).
        case .loop: return .integer(GIFScreen.loopCountRange, inHelp: false)
        case .maxBytes: return Setting.maxBytesRule
        case .touchDiameter: return .number(1...1000, of: "points")
        case .touchOpacity: return NumberRule(range: 0...1, whole: false, noun: "an opacity", upperText: nil, inHelp: true)
        case .touchPress, .touchFade: return .number(0...10, of: "seconds", inHelp: true)
        default: return nil
        }
    }

    /// `<a|b|c>` from a setting's choices.
    static func choiceList<T>(_ choices: [(name: String, value: T)]) -> String {
        "<" + choices.map(\.name).joined(separator: "|") + ">"
    }

    /// `input` checked by the setting's number rule; only for settings that have one.
    private func number(_ input: SettingInput) throws(SettingInput.Problem) -> Double {
        guard let rule = numberRule else { preconditionFailure("\(self) is not a numeric setting") }
        return try rule.value(of: input)
    }

    /// One line of help: what it is, the range where it helps, what it costs and buys where
    /// in words, and the default, read from `Animation()`.
    var help: String {
        let range = numberRule.flatMap { $0.inHelp ? ", " + $0.rangeText : nil } ?? ""
        let fallback = defaultText(Animation()).map { " (default: \($0))" } ?? ""
        let measured = tradeOff.map { " " + $0 } ?? ""
        return summary + range + "." + measured + fallback
    }

    /// The setting a flag names, if any.
    init?(flag: String) {
        guard let setting = Setting.allCases.first(where: { $0.flag == flag }) else { return nil }
        self = setting
    }

    /// The setting a scene-file key names, if any.
    init?(key: String) {
        guard let setting = Setting.allCases.first(where: { $0.key == key }) else { return nil }
        self = setting
    }

    /// Checks `input` and stores it in `settings`. Relative image paths are resolved against
    /// `baseFolder` (the scene file's folder; nil for flags, which are relative to the
    /// current folder).
    func apply(_ input: SettingInput, to settings: inout Animation, baseFolder: String? = nil) throws(SettingInput.Problem) {
        switch self {
        case .width: settings.width = try number(input)
        case .height: settings.height = try number(input)
        case .scale: settings.scale = Int(try number(input))
        case .fps: settings.fps = Int(try number(input))
        case .taps: settings.taps = try Setting.parseTaps(input)
        case .hold: settings.hold = try number(input)
        case .oneStepDuration: settings.oneStepDuration = try number(input)
        case .perStepDuration: settings.perStepDuration = try number(input)
        case .timing: settings.timing = try Setting.parseTiming(input)
        case .pathMode: settings.pathMode = try input.choice(Setting.pathModeNames)
        case .buttons: settings.buttonCount = Int(try number(input))
        case .margin: settings.marginDegrees = try number(input)
        case .diameter: settings.buttonDiameter = try number(input)
        case .borderWidth: settings.borderWidth = try number(input)
        case .arcWidth: settings.arcLineWidth = try number(input)
        case .gravity: settings.contentGravity = try input.choice(Setting.gravityNames)
        case .background: settings.backgroundColor = try Setting.color(input)
        case .arcColor: settings.arcColor = try Setting.color(input)
        case .borderColor: settings.borderColor = try Setting.color(input)
        case .movingBackground: settings.movingBackgroundColor = try Setting.color(input)
        case .head: settings.headImage = .file(Setting.resolve(try Setting.path(input), against: baseFolder))
        case .avatar: try Setting.applyAvatars(input, to: &settings, baseFolder: baseFolder)
        case .colors: settings.colors = Int(try number(input))
        case .dither: settings.dither = try input.choice(Setting.ditherNames)
        case .loop: settings.loop = Int(try number(input))
        case .maxBytes: settings.maxBytes = try Setting.byteCount(input)
        case .poster: settings.poster = Setting.resolve(try Setting.posterPath(input), against: baseFolder)
        case .posterTime: settings.posterTime = try input.number(in: 0...Double.greatestFiniteMagnitude, "a number of seconds from 0")
        case .touches: settings.touches = try Setting.switchValue(input)
        case .touchDiameter: settings.touchStyle.diameter = try number(input)
        case .touchColor: settings.touchStyle.color = try Setting.color(input)
        case .touchOpacity: settings.touchStyle.opacity = try number(input)
        case .touchPress: settings.touchTiming.press = try number(input)
        case .touchFade: settings.touchTiming.fade = try number(input)
        }
    }
}
