import ArcScene
import GIFEncoding
import Raster

/// Plans the animation's palette from the distinct pictures it can show, each drawn once,
/// rather than from every frame:
/// - the still scene (background, arc, buttons), seen in every frame;
/// - the head resting at each place it rests, weighted by the frames it rests there;
/// - the moving head, which is one picture at sub-pixel offsets over what lies under its
///   path: `movingSamples` frames spread evenly over its journeys stand for all of them,
///   each weighted by its share of the moving frames;
/// - the touch indicators, when the animation shows them: `touchSamples` frames spread evenly
///   over the frames that show one, the indicators' pixels each weighted by its share of them.
/// The cost grows with the number of places the head rests, not with frames times colours.
enum PalettePlan {
    /// How many frames of the journeys stand for the moving head: the fewest tried whose
    /// content PSNR (pixels that are not background, mean and worst frame) was at least that
    /// of counting every frame, with the built-in avatars and with photographs.
    static let movingSamples = 16

    /// How many frames showing touch indicators stand for all of them: every one in a
    /// documentation animation (a tap shows in about 18 frames at 50 fps), spread samples in
    /// a long one. Fewer samples (16) left the worst fade frame half a decibel lower.
    static let touchSamples = 256

    /// How much more an indicator's pixel counts than a still pixel seen as long. Each fade
    /// frame shows its blends over the pictures once, and a frame is judged as a whole, so
    /// at the plain weight the fade frames were the worst frames of the animation; at four
    /// times the pictures the rest of the animation shows lost more than the fades gained.
    static let touchWeight = 2.5

    /// The palette for an animation showing `states` (one per frame), drawn by `renderer`.
    /// Every hold (a stretch of frames with the head at rest) but one showing the first
    /// frame's picture is handed to `opening` in the order they show, a return to an earlier
    /// place included, with what changed since the hold before (everything, for the first), so
    /// the still tiles' tables of the later holds are planned ahead too; its holds are ended
    /// before the palette is made.
    static func make(renderer: inout FrameRenderer, states: [SceneState], options: GIFEncodingOptions,
                     interfaceColors: InterfaceColors, opening: OpeningPlan? = nil) throws(GIFEncodingError) -> AnimationPalette {
        var planner = try AnimationPalettePlanner(width: renderer.pixelWidth, height: renderer.pixelHeight,
                                                  interfaceColors: interfaceColors, options: options)
        try planner.addStaticFrame(renderer.staticCanvas, frameCount: states.count)
        var holds: [DynamicLayer] = []
        var restingFrames: [DynamicLayer: Int] = [:]
        var movingFrames: [Int] = []
        var touchFrames: [Int] = []
        for (k, state) in states.enumerated() {
            if !state.touches.isEmpty { touchFrames.append(k) }
            let layer = state.dynamicLayer
            if layer.isMoving {
                movingFrames.append(k)
            } else {
                if holds.last != layer { holds.append(layer) }
                restingFrames[layer, default: 0] += 1
            }
        }
        var counted = Set<DynamicLayer>()
        for (hold, layer) in holds.enumerated() {
            // A resting head is counted without an indicator over it (those are counted below).
            let k = states.firstIndex { $0.dynamicLayer == layer && $0.touches.isEmpty }
                ?? states.firstIndex { $0.dynamicLayer == layer }!
            let frame = renderer.render(states[k])
            // Each place counts once, with all the frames the head rests there.
            if counted.insert(layer).inserted {
                try planner.addFrame(renderer.canvas, spriteBounds: frame.spriteBounds, weight: Double(restingFrames[layer]!))
            }
            // The opening has the first frame's picture already; each hold after it differs
            // from the one before where the head left and where it came to rest, which is
            // what this drawing changed (the holds are drawn in the order they show). A first
            // hold that is not the first frame's picture (the animation opens moving) changes
            // everything, whatever the renderer drew before.
            if hold > 0 || layer != states.first?.dynamicLayer {
                opening?.planHold(renderer.canvas, changed: hold == 0 ? renderer.canvas.bounds : frame.damage)
            }
        }
        opening?.endHolds()
        let samples = min(movingSamples, movingFrames.count)
        for sample in 0 ..< samples {
            let k = movingFrames[(2 * sample + 1) * movingFrames.count / (2 * samples)]
            let frame = renderer.render(states[k])
            try planner.addFrame(renderer.canvas, spriteBounds: frame.spriteBounds,
                                 weight: Double(movingFrames.count) / Double(samples))
        }
        let touchSampleCount = min(touchSamples, touchFrames.count)
        for sample in 0 ..< touchSampleCount {
            let k = touchFrames[(2 * sample + 1) * touchFrames.count / (2 * touchSampleCount)]
            let frame = renderer.render(states[k])
            try planner.addFrame(renderer.canvas, spriteBounds: frame.touchBounds,
                                 weight: touchWeight * Double(touchFrames.count) / Double(touchSampleCount))
        }
        return try planner.makePalette()
    }
}
