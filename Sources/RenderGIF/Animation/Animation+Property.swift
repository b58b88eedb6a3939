import GIFEncoding

extension Animation {
    /// The settings of an animation by their property names: what an `InvalidSetting` names,
    /// and what the library's messages call them.
    public enum Property: String, CaseIterable, Sendable, CustomStringConvertible {
        case width, height, scale, fps, taps, hold, oneStepDuration, perStepDuration, timing, pathMode
        case buttonCount, marginDegrees, buttonDiameter, borderWidth, arcLineWidth, contentGravity
        case backgroundColor, arcColor, borderColor, movingBackgroundColor
        case headImage, avatarImages, colors, dither, loop, maxBytes
        case poster, posterTime
        case touches, touchDiameter, touchColor, touchOpacity, touchPress, touchFade

        /// The property's name, as in `animation.borderWidth`.
        public var description: String { rawValue }

        /// The values a numeric property accepts, the rule scene files and the command check
        /// their values by too; nil for the others.
        var numberRule: NumberRule? {
            switch self {
            case .width, .height: return .number(32...4096, of: "points", inHelp: true)
            case .scale: return .integer(1...4)
            case .fps: return .integer(1...50)
            case .hold: return .number(0...3600, of: "seconds")
            case .oneStepDuration, .perStepDuration: return .number(0.001...60, of: "seconds")
            case .buttonCount: return .integer(2...64)
            case .marginDegrees:
                return NumberRule(range: 0...29.999, whole: false, noun: "an angle in degrees", upperText: "below 30", inHelp: false)
            case .buttonDiameter: return .number(1...1000, of: "points")
            case .borderWidth: return .number(0...500, of: "points")
            case .arcLineWidth: return .number(0.1...100, of: "points")
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
    }
}
