/// Every setting a flag or a scene file can give, with its flag, its scene-file key, its help
/// text and the checks its value must pass. The one table behind the parser, the scene file
/// reader and the help screen.
public enum Setting: String, CaseIterable, Sendable {
    case width, height, scale, fps, taps, hold
    case oneStepDuration, perStepDuration, timing, pathMode
    case buttons, margin, diameter, borderWidth, arcWidth, gravity
    case background, arcColor, borderColor, movingBackground
    case head, avatar, colors, dither, loop
    case poster, posterTime

    /// The most taps an animation may have.
    public static let maxTaps = 10_000

    /// The scene-file key (the flag without dashes, in camel case).
    public var key: String {
        switch self {
        case .avatar: return "avatars"
        default: return rawValue
        }
    }

    /// The command-line flag.
    public var flag: String {
        var flag = "--"
        for character in rawValue {
            if character.isUppercase { flag += "-" + character.lowercased() } else { flag.append(character) }
        }
        return flag
    }

    /// The value name shown after the flag in help, e.g. `<pt>`.
    public var valueName: String {
        switch self {
        case .width, .height, .diameter, .borderWidth, .arcWidth: return "<pt>"
        case .scale, .fps, .buttons, .colors, .loop: return "<n>"
        case .taps: return "<i,j,...>"
        case .hold, .oneStepDuration, .perStepDuration, .posterTime: return "<seconds>"
        case .timing: return "<name|x1,y1,x2,y2>"
        case .pathMode: return "<linear|paced>"
        case .margin: return "<degrees>"
        case .gravity: return "<resize|resizeAspectFill>"
        case .background, .arcColor, .borderColor, .movingBackground: return "<#rrggbb>"
        case .head: return "<file>"
        case .avatar: return "<i>=<file>"
        case .dither: return "<none|ordered|diffusion>"
        case .poster: return "<file.png>"
        }
    }

    /// One line of help, defaults included.
    public var help: String {
        switch self {
        case .width: return "Screen width in points, 32 to 4096. (default: 375)"
        case .height: return "Screen height in points, 32 to 4096. (default: 667)"
        case .scale: return "Pixels per point, 1 to 4. (default: 2)"
        case .fps: return "Frames per second, 1 to 50. (default: 50)"
        case .taps: return "Button indices tapped in order. (default: 1,3,0,2,1)"
        case .hold: return "Still time before the first tap and after each move. (default: 0.6)"
        case .oneStepDuration: return "Duration of a move to a neighbouring button. (default: 0.7)"
        case .perStepDuration: return "Duration per button passed, for longer moves. (default: 0.4)"
        case .timing: return "linear, easeIn, easeOut, easeInEaseOut, default, or a cubic Bézier. (default: easeOut)"
        case .pathMode: return "Key-frame calculation mode. (default: linear)"
        case .buttons: return "Number of avatar buttons, 2 to 64. (default: 4)"
        case .margin: return "Angle from each arc end to the outer buttons. (default: 7.5)"
        case .diameter: return "Diameter of every avatar. (default: 50)"
        case .borderWidth: return "Width of the avatar borders. (default: 2)"
        case .arcWidth: return "Width of the arc's stroke. (default: 1)"
        case .gravity: return "How images fill their circle. (default: resize)"
        case .background: return "Screen colour. (default: #ffffff)"
        case .arcColor: return "Arc colour. (default: #ff0000)"
        case .borderColor: return "Avatar border colour. (default: #00ff00)"
        case .movingBackground: return "Background of the moving avatar. (default: #0000ff)"
        case .head: return "Image of the avatar that moves (PNG or JPEG)."
        case .avatar: return "Image of button i (repeatable)."
        case .colors: return "Palette size, 2 to 256. (default: 256)"
        case .dither: return "Dithering of photo pixels. (default: none)"
        case .loop: return "Times to play; 0 plays forever. (default: 0)"
        case .poster: return "Also write a PNG still of the animation at --poster-time."
        case .posterTime: return "Time the still shows, from 0 to the animation's end. (default: the end)"
        }
    }

    /// The setting a flag names, if any.
    public init?(flag: String) {
        guard let setting = Setting.allCases.first(where: { $0.flag == flag }) else { return nil }
        self = setting
    }

    /// The setting a scene-file key names, if any.
    public init?(key: String) {
        guard let setting = Setting.allCases.first(where: { $0.key == key }) else { return nil }
        self = setting
    }

    /// Checks `input` and stores it in `settings`. Relative image paths are resolved against
    /// `baseFolder` (the scene file's folder; nil for flags, which are relative to the
    /// current folder).
    public func apply(_ input: SettingInput, to settings: inout RenderSettings, baseFolder: String? = nil) throws(SettingInput.Problem) {
        switch self {
        case .width: settings.width = try input.number(in: 32...4096, "a number of points from 32 to 4096")
        case .height: settings.height = try input.number(in: 32...4096, "a number of points from 32 to 4096")
        case .scale: settings.scale = try input.integer(in: 1...4, "an integer from 1 to 4")
        case .fps: settings.fps = try input.integer(in: 1...50, "an integer from 1 to 50")
        case .taps: settings.taps = try Setting.parseTaps(input)
        case .hold: settings.hold = try input.number(in: 0...3600, "a number of seconds from 0 to 3600")
        case .oneStepDuration: settings.oneStepDuration = try Setting.duration(input)
        case .perStepDuration: settings.perStepDuration = try Setting.duration(input)
        case .timing: settings.timing = try Setting.parseTiming(input)
        case .pathMode: settings.pathMode = try input.choice(PathModeSetting.self)
        case .buttons: settings.buttonCount = try input.integer(in: 2...64, "an integer from 2 to 64")
        case .margin: settings.marginDegrees = try input.number(in: 0...29.999, "an angle in degrees from 0 to below 30")
        case .diameter: settings.buttonDiameter = try input.number(in: 1...1000, "a number of points from 1 to 1000")
        case .borderWidth: settings.borderWidth = try input.number(in: 0...500, "a number of points from 0 to 500")
        case .arcWidth: settings.arcLineWidth = try input.number(in: 0.1...100, "a number of points from 0.1 to 100")
        case .gravity: settings.contentGravity = try input.choice(ContentGravitySetting.self)
        case .background: settings.backgroundColor = try Setting.color(input)
        case .arcColor: settings.arcColor = try Setting.color(input)
        case .borderColor: settings.borderColor = try Setting.color(input)
        case .movingBackground: settings.movingBackgroundColor = try Setting.color(input)
        case .head: settings.headImage = Setting.resolve(try Setting.path(input), against: baseFolder)
        case .avatar: try Setting.applyAvatars(input, to: &settings, baseFolder: baseFolder)
        case .colors: settings.colors = try input.integer(in: 2...256, "an integer from 2 to 256")
        case .dither: settings.dither = try input.choice(DitherSetting.self)
        case .loop: settings.loop = try input.integer(in: 0...65535, "an integer from 0 to 65535")
        case .poster: settings.poster = Setting.resolve(try Setting.posterPath(input), against: baseFolder)
        case .posterTime: settings.posterTime = try input.number(in: 0...Double.greatestFiniteMagnitude, "a number of seconds from 0")
        }
    }
}
