import ArcScene
import GIFEncoding
import Raster
import SceneRenderer

/// Plans the animation's palette from the distinct pictures it can show, each drawn once,
/// rather than from every frame:
/// - the still scene (background, arc, buttons), seen in every frame;
/// - the head resting at each place it rests, weighted by the frames it rests there;
/// - the moving head, which is one picture at sub-pixel offsets over what lies under its
///   path: `movingSamples` frames spread evenly over its journeys stand for all of them,
///   each weighted by its share of the moving frames.
/// The cost grows with the number of places the head rests, not with frames times colours.
enum PalettePlan {
    /// How many frames of the journeys stand for the moving head: the fewest tried whose
    /// content PSNR (pixels that are not background, mean and worst frame) was at least that
    /// of counting every frame, with the built-in avatars and with photographs.
    static let movingSamples = 16

    /// The palette for an animation showing `states` (one per frame), drawn by `renderer`.
    static func make(renderer: inout FrameRenderer, states: [SceneState], options: GIFEncodingOptions,
                     interfaceColors: InterfaceColors) throws(GIFEncodingError) -> AnimationPalette {
        var planner = try AnimationPalettePlanner(width: renderer.pixelWidth, height: renderer.pixelHeight,
                                                  interfaceColors: interfaceColors, options: options)
        try planner.addStaticFrame(renderer.staticCanvas, frameCount: states.count)
        var restingOrder: [DynamicLayer] = []
        var restingFrames: [DynamicLayer: Int] = [:]
        var movingFrames: [Int] = []
        for (k, state) in states.enumerated() {
            let layer = state.dynamicLayer
            if layer.isMoving {
                movingFrames.append(k)
            } else {
                if restingFrames[layer] == nil { restingOrder.append(layer) }
                restingFrames[layer, default: 0] += 1
            }
        }
        for layer in restingOrder {
            let k = states.firstIndex { $0.dynamicLayer == layer }!
            let frame = renderer.render(states[k])
            try planner.addFrame(renderer.canvas, spriteBounds: frame.spriteBounds, weight: Double(restingFrames[layer]!))
        }
        let samples = min(movingSamples, movingFrames.count)
        for sample in 0 ..< samples {
            let k = movingFrames[(2 * sample + 1) * movingFrames.count / (2 * samples)]
            let frame = renderer.render(states[k])
            try planner.addFrame(renderer.canvas, spriteBounds: frame.spriteBounds,
                                 weight: Double(movingFrames.count) / Double(samples))
        }
        return try planner.makePalette()
    }
}
