import GIFEncoding
import ImageCodecs

/// Every setting a scene file (and the command's flags) can give, with its scene-file key,
/// the property of `Animation` it sets and the checks its value must pass. The one table
/// behind the scene-file reader; the command adds its flags, value names and help to it.
package enum Setting: String, CaseIterable, Sendable {
    case width, height, scale, fps, taps, hold
    case oneStepDuration, perStepDuration, timing, pathMode
    case buttons, margin, diameter, borderWidth, arcWidth, gravity
    case background, arcColor, borderColor, movingBackground
    case head, avatar, colors, dither, loop, maxBytes
    case poster, posterTime
    case touches, touchDiameter, touchColor, touchOpacity, touchPress, touchFade

    /// The most taps an animation may have.
    static let maxTaps = 10_000

    /// The scene-file key.
    package var key: String {
        switch self {
        case .avatar: return "avatars"
        default: return rawValue
        }
    }

    /// The accepted values of a numeric setting (its property's rule); nil for the others.
    package var numberRule: NumberRule? { property.numberRule }

    /// `input` checked by the setting's number rule; only for settings that have one.
    private func number(_ input: SettingInput) throws(SettingInput.Problem) -> Double {
        guard let rule = numberRule else { preconditionFailure("\(self) is not a numeric setting") }
        return try rule.value(of: input)
    }

    /// The setting a scene-file key names, if any.
    package init?(key: String) {
        guard let setting = Setting.allCases.first(where: { $0.key == key }) else { return nil }
        self = setting
    }

    /// Checks `input` and stores it in `settings`. Relative image paths are resolved against
    /// `baseFolder` (the scene file's folder; nil for flags, which are relative to the
    /// current folder).
    package func apply(_ input: SettingInput, to settings: inout Animation, baseFolder: String? = nil) throws(SettingInput.Problem) {
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
