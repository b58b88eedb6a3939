import ArcScene
import Palette
import Raster
import SafeFiles

/// The value conversions of settings that are more than a number in a range.
extension Setting {
    /// The default as the help line states it, read from `defaults`; nil for settings
    /// whose default is "none" (the built-in images, no still).
    package func defaultText(_ defaults: Animation) -> String? {
        switch self {
        case .width: return defaults.width.shortDescription
        case .height: return defaults.height.shortDescription
        case .scale: return String(defaults.scale)
        case .fps: return String(defaults.fps)
        case .taps: return defaults.taps.map(String.init).joined(separator: ",")
        case .hold: return defaults.hold.shortDescription
        case .oneStepDuration: return defaults.oneStepDuration.shortDescription
        case .perStepDuration: return defaults.perStepDuration.shortDescription
        case .timing: return Setting.timingNames.first { $0.value == defaults.timing }?.name
        case .pathMode: return Setting.pathModeNames.first { $0.value == defaults.pathMode }?.name
        case .buttons: return String(defaults.buttonCount)
        case .margin: return defaults.marginDegrees.shortDescription
        case .diameter: return defaults.buttonDiameter.shortDescription
        case .borderWidth: return defaults.borderWidth.shortDescription
        case .arcWidth: return defaults.arcLineWidth.shortDescription
        case .gravity: return Setting.gravityNames.first { $0.value == defaults.contentGravity }?.name
        case .background: return defaults.backgroundColor.description.lowercased()
        case .arcColor: return defaults.arcColor.description.lowercased()
        case .borderColor: return defaults.borderColor.description.lowercased()
        case .movingBackground: return defaults.movingBackgroundColor.description.lowercased()
        case .colors: return String(defaults.colors)
        case .dither: return Setting.ditherNames.first { $0.value == defaults.dither }?.name
        case .loop: return String(defaults.loop)
        case .posterTime: return defaults.posterTime?.shortDescription ?? "the end"
        case .maxBytes: return defaults.maxBytes.map(Setting.groupedDigits)
        case .touchDiameter: return defaults.touchStyle.diameter.shortDescription
        case .touchColor: return defaults.touchStyle.color.description.lowercased()
        case .touchOpacity: return defaults.touchStyle.opacity.shortDescription
        case .touchPress: return defaults.touchTiming.press.shortDescription
        case .touchFade: return defaults.touchTiming.fade.shortDescription
        case .head, .avatar, .poster, .touches: return nil
        }
    }

    /// The value `animation` holds for a setting checked by a rule (a number in a range, the
    /// taps, the poster time), as a scene file would give it; nil for the others, whose
    /// values are always acceptable (colours, names) or checked when used (pictures).
    func value(in animation: Animation) -> JSONValue? {
        func number(_ value: Double) -> JSONValue { .number(value) }
        switch self {
        case .width: return number(animation.width)
        case .height: return number(animation.height)
        case .scale: return number(Double(animation.scale))
        case .fps: return number(Double(animation.fps))
        case .taps: return .array(animation.taps.map { number(Double($0)) })
        case .hold: return number(animation.hold)
        case .oneStepDuration: return number(animation.oneStepDuration)
        case .perStepDuration: return number(animation.perStepDuration)
        case .buttons: return number(Double(animation.buttonCount))
        case .margin: return number(animation.marginDegrees)
        case .diameter: return number(animation.buttonDiameter)
        case .borderWidth: return number(animation.borderWidth)
        case .arcWidth: return number(animation.arcLineWidth)
        case .colors: return number(Double(animation.colors))
        case .loop: return number(Double(animation.loop))
        case .maxBytes: return animation.maxBytes.map { number(Double($0)) }
        case .posterTime: return animation.posterTime.map(number)
        case .timing:
            guard case let .cubicBezier(x1, y1, x2, y2) = animation.timing else { return nil }
            return .array([x1, y1, x2, y2].map(number))
        case .touchDiameter: return number(animation.touchStyle.diameter)
        case .touchOpacity: return number(animation.touchStyle.opacity)
        case .touchPress: return number(animation.touchTiming.press)
        case .touchFade: return number(animation.touchTiming.fade)
        case .pathMode, .gravity, .background, .arcColor, .borderColor, .movingBackground, .head, .avatar, .dither, .poster,
             .touches, .touchColor:
            return nil
        }
    }

    static func parseTaps(_ input: SettingInput) throws(SettingInput.Problem) -> [Int] {
        let expectation: String
        if case .text = input { expectation = "a comma-separated list of button indices" } else { expectation = "an array of button indices" }
        let values = try input.numbers(expectation)
        guard values.count <= Setting.maxTaps else { throw SettingInput.Problem("must hold at most \(Setting.maxTaps) taps") }
        var taps: [Int] = []
        for value in values {
            guard value >= 0, value < 64, value.rounded() == value else {
                throw SettingInput.Problem("must be \(expectation) (whole numbers from 0)")
            }
            taps.append(Int(value))
        }
        return taps
    }

    /// Core Animation's named timing functions, by the names flags and scene files use.
    package static let timingNames: [(name: String, value: TimingFunction)] = [
        ("linear", .linear), ("easeIn", .easeIn), ("easeOut", .easeOut), ("easeInEaseOut", .easeInEaseOut), ("default", .default),
    ]
    /// Key-frame calculation modes by name.
    package static let pathModeNames: [(name: String, value: PathMode)] = PathMode.allCases.map { ($0.rawValue, $0) }
    /// Image gravities by CALayer's names.
    package static let gravityNames: [(name: String, value: ContentsGravity)] = [("resize", .resize), ("resizeAspectFill", .resizeAspectFill)]
    /// Dither modes by name.
    package static let ditherNames: [(name: String, value: DitherMode)] = DitherMode.allCases.map { ($0.rawValue, $0) }

    /// What a timing must be: a name, or a cubic Bézier's four numbers.
    static let timingExpectation = "one of " + timingNames.map(\.name).joined(separator: ", ")
        + ", or four numbers x1,y1,x2,y2 with x1 and x2 from 0 to 1"

    /// Whether four numbers make a timing curve: x1 and x2 from 0 to 1, y1 and y2 finite and
    /// within ±1000.
    static func isAcceptedBezier(_ values: [Double]) -> Bool {
        values.count == 4 && (0...1).contains(values[0]) && (0...1).contains(values[2])
            && abs(values[1]) <= 1000 && abs(values[3]) <= 1000
    }

    static func parseTiming(_ input: SettingInput) throws(SettingInput.Problem) -> TimingFunction {
        let expectation = timingExpectation
        let isList: Bool
        switch input {
        case let .text(text): isList = text.contains(",")
        case .json(.array): isList = true
        case .json: isList = false
        }
        guard isList else {
            let text = try input.string(expectation)
            guard let named = timingNames.first(where: { $0.name == text }) else { throw SettingInput.Problem("must be \(expectation)") }
            return named.value
        }
        let values = try input.numbers(expectation)
        guard isAcceptedBezier(values) else {
            throw SettingInput.Problem("must be \(expectation)")
        }
        return .cubicBezier(x1: values[0], y1: values[1], x2: values[2], y2: values[3])
    }

    static func color(_ input: SettingInput) throws(SettingInput.Problem) -> RGB8 {
        guard let color = RGB8(parsing: try input.string("a colour #rrggbb")) else {
            throw SettingInput.Problem("must be a colour #rrggbb")
        }
        return color
    }

    static func path(_ input: SettingInput) throws(SettingInput.Problem) -> String {
        let path = try input.string("a file path")
        guard !path.isEmpty else { throw SettingInput.Problem("must be a file path, not empty") }
        return try fileSystemPath(path, from: input)
    }

    /// `path` as the bytes it names: a scene file's text checked for NUL (which would cut the
    /// name short in every system call) and held as bytes (`PathBytes.string(fromText:)`); a
    /// command-line argument, already bytes and free of NUL, as it is.
    static func fileSystemPath(_ path: String, from input: SettingInput) throws(SettingInput.Problem) -> String {
        guard case .json = input else { return path }
        guard !path.unicodeScalars.contains("\u{0}") else {
            throw SettingInput.Problem("must be a file path without NUL (\\u0000), which no file name can hold")
        }
        return PathBytes.string(fromText: path)
    }

    /// The still's path: a file name ending in `.png`, since the still is a PNG.
    static func posterPath(_ input: SettingInput) throws(SettingInput.Problem) -> String {
        let path = try Setting.path(input)
        guard path.lowercased().hasSuffix(".png"), !path.hasSuffix("/") else {
            throw SettingInput.Problem("must be a file name ending in .png (the still is a PNG)")
        }
        return path
    }

    static func resolve(_ path: String, against folder: String?) -> String {
        guard let folder, !path.hasPrefix("/") else { return path }
        return folder.hasSuffix("/") ? folder + path : folder + "/" + path
    }

    /// Text `i=file` (the command's, repeatable), or `"avatars": {"i": "file", ...}` in a scene file.
    static func applyAvatars(_ input: SettingInput, to settings: inout Animation, baseFolder: String?) throws(SettingInput.Problem) {
        switch input {
        case let .text(text):
            guard let equals = text.firstIndex(of: "=") else {
                throw SettingInput.Problem("must be <i>=<file>, a button index, '=' and an image path")
            }
            let index = try avatarIndex(String(text[..<equals]))
            let file = String(text[text.index(after: equals)...])
            guard !file.isEmpty else { throw SettingInput.Problem("must be <i>=<file>, with a file after '='") }
            settings.avatarImages[index] = .file(file)
        case let .json(.object(members)):
            for member in members {
                guard case let .string(file) = member.value else {
                    throw SettingInput.Problem("must map button indices to image paths; '\(DisplayText.value(member.key))' is \(member.value.typeName)")
                }
                guard !file.isEmpty else {
                    throw SettingInput.Problem("must map button indices to image paths; the path for '\(DisplayText.value(member.key))' is empty")
                }
                let path = try fileSystemPath(file, from: input)
                settings.avatarImages[try avatarIndex(member.key)] = .file(resolve(path, against: baseFolder))
            }
        case let .json(other):
            throw SettingInput.Problem("must be an object mapping button indices to image paths, not \(other.typeName)")
        }
    }

    private static func avatarIndex(_ text: String) throws(SettingInput.Problem) -> Int {
        guard let index = Int(text.trimmingSpaces), index >= 0, index < 64 else {
            throw SettingInput.Problem("must start with a button index from 0, not '\(DisplayText.value(text))'")
        }
        return index
    }
}
