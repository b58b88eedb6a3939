import ArcScene

/// Turns settings into the scene model's values.
enum SceneSetup {
    /// The most frames an animation may have.
    static let maxFrames = 100_000

    /// The layout the settings describe.
    static func layout(for settings: Animation) -> SceneLayout {
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
    static func timeline(for settings: Animation) throws(RenderGIFError) -> Timeline {
        let timeline: Timeline
        do {
            timeline = try Timeline(layout: layout(for: settings), taps: settings.taps, hold: settings.hold,
                                    durationRule: DurationRule(oneStep: settings.oneStepDuration, perStep: settings.perStepDuration),
                                    timing: settings.timing, pathMode: settings.pathMode,
                                    touches: settings.touches ? settings.touchTiming : nil)
        } catch {
            throw RenderGIFError(error)
        }
        let seconds = timeline.totalDuration
        guard seconds * Double(settings.fps) <= Double(maxFrames) else {
            throw .tooManyFrames(seconds: seconds, fps: settings.fps, limit: maxFrames)
        }
        return timeline
    }
}
