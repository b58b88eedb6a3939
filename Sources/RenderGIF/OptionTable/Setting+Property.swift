/// Which property of `Animation` each setting sets.
extension Setting {
    /// The property this setting sets.
    package var property: Animation.Property {
        switch self {
        case .width: return .width
        case .height: return .height
        case .scale: return .scale
        case .fps: return .fps
        case .taps: return .taps
        case .hold: return .hold
        case .oneStepDuration: return .oneStepDuration
        case .perStepDuration: return .perStepDuration
        case .timing: return .timing
        case .pathMode: return .pathMode
        case .buttons: return .buttonCount
        case .margin: return .marginDegrees
        case .diameter: return .buttonDiameter
        case .borderWidth: return .borderWidth
        case .arcWidth: return .arcLineWidth
        case .gravity: return .contentGravity
        case .background: return .backgroundColor
        case .arcColor: return .arcColor
        case .borderColor: return .borderColor
        case .movingBackground: return .movingBackgroundColor
        case .head: return .headImage
        case .avatar: return .avatarImages
        case .colors: return .colors
        case .dither: return .dither
        case .loop: return .loop
        case .maxBytes: return .maxBytes
        case .poster: return .poster
        case .posterTime: return .posterTime
        case .touches: return .touches
        case .touchDiameter: return .touchDiameter
        case .touchColor: return .touchColor
        case .touchOpacity: return .touchOpacity
        case .touchPress: return .touchPress
        case .touchFade: return .touchFade
        }
    }

    /// The setting that sets `property`.
    package init(property: Animation.Property) {
        self = Setting.allCases.first { $0.property == property }!
    }
}
