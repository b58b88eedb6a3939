import ArcScene
import Raster

/// Turns settings into the scene model's values.
public enum SceneSetup {
    /// The most frames an animation may have.
    public static let maxFrames = 100_000

    /// The layout the settings describe.
    public static func layout(for settings: RenderSettings) -> SceneLayout {
        SceneLayout(
            screenWidth: settings.width, screenHeight: settings.height,
            backgroundColor: settings.backgroundColor,
            arcLineWidth: settings.arcLineWidth, arcColor: settings.arcColor,
            buttonCount: settings.buttonCount, buttonMarginDegrees: settings.marginDegrees,
            buttonDiameter: settings.buttonDiameter, cornerRadius: settings.buttonDiameter / 2,
            borderWidth: settings.borderWidth, borderColor: settings.borderColor,
            movingCopyBackgroundColor: settings.movingBackgroundColor)
    }

    /// The timeline the settings describe, refused past `maxFrames` frames.
    public static func timeline(for settings: RenderSettings) throws(RenderGIFError) -> Timeline {
        let timeline: Timeline
        do {
            timeline = try Timeline(layout: layout(for: settings), taps: settings.taps, hold: settings.hold,
                                    durationRule: DurationRule(oneStep: settings.oneStepDuration, perStep: settings.perStepDuration),
                                    timing: timing(settings.timing), pathMode: pathMode(settings.pathMode))
        } catch {
            throw .limitExceeded("the scene is not valid: \(error)")
        }
        let seconds = timeline.totalDuration
        guard seconds * Double(settings.fps) <= Double(maxFrames) else {
            throw .limitExceeded("the animation would last \(seconds.shortDescription) s, \(Int((seconds * Double(settings.fps)).rounded(.up))) frames at \(settings.fps) fps, over the limit of \(maxFrames) frames")
        }
        return timeline
    }

    static func timing(_ setting: TimingSetting) -> TimingFunction {
        switch setting {
        case .named(.linear): return .linear
        case .named(.easeIn): return .easeIn
        case .named(.easeOut): return .easeOut
        case .named(.easeInEaseOut): return .easeInEaseOut
        case .named(.default): return .default
        case let .cubicBezier(x1, y1, x2, y2): return .cubicBezier(x1: x1, y1: y1, x2: x2, y2: y2)
        }
    }

    static func pathMode(_ setting: PathModeSetting) -> PathMode {
        switch setting {
        case .linear: return .linear
        case .paced: return .paced
        }
    }

    /// The raster module's name for the gravity setting.
    public static func gravity(_ setting: ContentGravitySetting) -> ContentsGravity {
        switch setting {
        case .resize: return .resize
        case .resizeAspectFill: return .resizeAspectFill
        }
    }
}
