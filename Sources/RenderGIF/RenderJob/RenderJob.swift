import ArcScene
import GIFEncoding
import Palette
import Raster
import SafeFiles

/// One render of an animation to a GIF (or a comparison with one, for a check): the
/// settings checked, images, the palette planned from the distinct pictures the animation
/// shows, then every frame drawn once and encoded, optional PNG frames, and the output moved
/// into place.
///
/// Memory stays bounded by a few frames whatever the animation's length: frames are drawn,
/// encoded and dropped one at a time, and each compressed image goes straight to giflib,
/// which writes it to the output. With `maxBytes`, `SizeBudget` may encode the frames
/// more than once, each time with lossier options, until the file fits (a GIF for standard
/// output is then held in memory, at most the budget, until it does).
package enum RenderJob {
    /// Renders `animation` to `destination` (and with `framesFolder` every frame as PNG) on
    /// `threads` threads (1 or 2: with two the encoder maps and encodes on workers of its
    /// own while frames are drawn, and shares the encoding of each frame's variants). The
    /// bytes are the same for any number.
    /// With `cancellation`, the render stops soon after it is requested, between frames (a
    /// picture being decoded or a palette being planned finish first), and throws `.cancelled`.
    package static func run(_ animation: Animation, to destination: GIFDestination, framesFolder: String? = nil,
                            progress: any RenderProgress, threads: Int = 2,
                            cancellation: RenderCancellation? = nil) throws(RenderGIFError) -> RenderReport {
        var timings = RenderTimings()
        timings.start()
        let settings = animation
        try settings.validate()
        let timeline = try SceneSetup.timeline(for: settings)
        let frameCount: Int
        do {
            frameCount = try timeline.frameCount(fps: settings.fps)
        } catch {
            throw RenderGIFError(error)
        }
        // The outputs first: two outputs that are one file, a bad output path, or with
        // a check a missing file, fail before progress starts and before a frames folder is created.
        let pictureLimits = try MemoryNeed.check(settings, writesFrames: framesFolder != nil)
        if destination.writesFiles {
            try OutputOverlap.check(gif: destination.filePath, poster: settings.poster, framesFolder: framesFolder)
        }
        let output = try OutputTarget(destination, settings: settings)
        progress.renderDidStart(totalFrames: frameCount)
        timings.lap(.setup)
        let images: SceneImages
        let decodesAtOnce = threads > 1 && !MemoryNeed.limitApplies
        do {
            images = try AvatarLoader.images(for: settings, limits: pictureLimits, concurrently: decodesAtOnce)
        } catch {
            throw RenderGIFError(error)
        }
        timings.lap(.decode)
        try cancellation.check()

        let frames: FramesOutput?
        do {
            frames = try framesFolder.map { path throws(FileError) in try FramesOutput(path: path, frameCount: frameCount) }
        } catch {
            throw RenderGIFError(error)
        }

        let renderer = FrameRenderer(layout: timeline.layout, scale: settings.scale, images: images,
                                     gravity: settings.contentGravity, touchStyle: settings.touchStyle)
        let states = (0 ..< frameCount).map { timeline.state(at: Double($0) / Double(settings.fps)) }
        var pass = EncodingPass(renderer: renderer, states: states, settings: settings,
                                totalDuration: timeline.totalDuration, cancellation: cancellation)
        timings.lap(.render)
        var options = encodingOptions(settings)
        options.isParallel = threads > 1
        if let maxBytes = settings.maxBytes {
            try SizeBudget.encode(&pass, options: options, maxBytes: maxBytes, output: output,
                                  progress: progress, timings: &timings)
            if let frames { pass.writeFrames(to: frames, timings: &timings) }
        } else {
            let plan = try pass.plan(options)
            timings.lap(.palette)
            try cancellation.check()
            try pass.encode(plan, options: options, to: output.sink, frames: frames,
                            progress: progress, timings: &timings)
        }
        try cancellation.check()
        let compressedDifferently = try output.complete(posterFrom: pass.renderer, timeline: timeline, frames: frames,
                                                        timings: &timings)
        timings.lap(.write)
        progress.renderDidFinish()
        return RenderReport(frameCount: frameCount, timings: timings, outputs: output.paths,
                            compressedDifferently: compressedDifferently, gif: output.heldBytes, still: output.stillBytes)
    }

    /// The interface's flat colours, which the GIF reproduces exactly.
    static func interfaceColors(_ settings: Animation) -> InterfaceColors {
        InterfaceColors(background: settings.backgroundColor,
                        lines: [settings.arcColor, settings.borderColor],
                        others: [settings.movingBackgroundColor])
    }

    /// The encoder's options. `loop` counts plays: 0 forever, 1 once (no loop block), n
    /// plays as a NETSCAPE2.0 repeat count of n − 1.
    static func encodingOptions(_ settings: Animation) -> GIFEncodingOptions {
        let loopCount: Int? = settings.loop == 0 ? 0 : (settings.loop == 1 ? nil : settings.loop - 1)
        return GIFEncodingOptions(colors: settings.colors, dither: settings.dither, loopCount: loopCount)
    }
}
