import ImageCodecs
import RenderGIF

/// What the command line adds to the settings table: each setting's flag, the name of its
/// value and its line of help.
extension Setting {
    /// False for switches (`--touches`), which take no value on the command line.
    var takesValue: Bool { self != .touches }

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

    /// `<a|b|c>` from a setting's choices.
    static func choiceList<T>(_ choices: [(name: String, value: T)]) -> String {
        "<" + choices.map(\.name).joined(separator: "|") + ">"
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

}
