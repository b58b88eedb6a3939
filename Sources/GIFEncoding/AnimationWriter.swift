import Raster
import SafeFiles
import WorkThreads

/// Streams drawn frames into an animated GIF on a `ByteSink`: the frame goes in, the file's
/// bytes come out through giflib, and everything between is this module's business.
///
/// With `GIFEncodingOptions.isParallel`, `addFrame` copies what changed and returns: a worker
/// maps each frame's changed rectangle to the global table ahead of the encoder (with a
/// nearest-colour memory of its own), and another encodes the frames in order and writes
/// them, while the caller draws the next frame. The encoder takes a mapped rectangle only
/// when it is the one it needs, and the mapping of a rectangle depends only on its pixels,
/// the table and the dithering, so the bytes are the same as with everything on the caller's
/// thread. Frames waiting between the stages are bounded by `queueBudget` bytes each. A
/// system that refuses the two workers' threads gets everything on the caller's thread.
///
/// An error (a refused frame, a sink that cannot take the bytes) stops the work; it is thrown
/// by the next `addFrame` or by `finish`.
public final class AnimationWriter {
    /// What waits between the stages for one frame: the pixels that changed (the whole
    /// canvas for the first frame), where they go, and the mapping once it is made.
    struct Patch {
        var pixels: Canvas
        var time: Double
        var damage: PixelRect
        var spriteBounds: PixelRect?
        /// The first frame, which the encoder plans a table of its own for: mapping it to
        /// the global table would be wasted.
        var isFirst: Bool
        var prepared: PreparedFrame?

        /// Bytes it counts for in a queue: four a pixel, what the mapping holds, and a
        /// kilobyte for the frame itself, so frames that change nothing are bounded too.
        var byteCount: Int { 1024 + pixels.width * pixels.height * 4 + (prepared?.byteCount ?? 0) }
    }

    /// How many bytes of frames may wait for each stage by default: about ten frames of a
    /// moving head at the default size, enough for the drawing to run ahead through a hold's
    /// slow frames; each of the two queues counts towards the process's peak memory.
    public static let defaultQueueBudget = 1 << 19

    private let encoder: AnimationEncoder
    /// Work planned ahead that the encoder may use, stopped with the writer.
    private let opening: OpeningPlan?
    private let gif: GIFStreamWriter
    /// The mapping stage and the encoding stage, when they run on workers of their own.
    private let mapping: OrderedWorker<Patch>?
    private let encoding: OrderedWorker<Patch>?
    private let width: Int
    private let height: Int
    private var framesGiven = 0
    private var lastTime: Double?
    private var isFinished = false

    /// Starts a GIF of the planned palette's size on `output`. `opening`, the first image and
    /// still tables planned ahead from the first frame (see `OpeningPlan`), is used where it
    /// matches the frames and the options; the bytes are the same without it.
    public convenience init(palette: AnimationPalette, options: GIFEncodingOptions = GIFEncodingOptions(),
                            output: any ByteSink, opening: OpeningPlan? = nil) throws(GIFEncodingError) {
        try self.init(palette: palette, options: options, output: output, queueBudget: Self.defaultQueueBudget,
                      opening: opening)
    }

    /// `init(palette:options:output:opening:)` with `queueBudget` bytes of frames allowed to
    /// wait for each stage, and the stages' threads started by `startThread`. When the system
    /// refuses either thread, none is left running and every frame is mapped and encoded on
    /// the caller's thread, into the same bytes.
    init(palette: AnimationPalette, options: GIFEncodingOptions, output: any ByteSink,
         queueBudget: Int, opening: OpeningPlan? = nil,
         startThread: ThreadStart.Starter = ThreadStart.system) throws(GIFEncodingError) {
        let encoder = try AnimationEncoder(palette: palette, options: options, opening: opening)
        self.opening = opening
        let gif: GIFStreamWriter
        do { gif = try GIFStreamWriter(sink: output) } catch { throw .output(error) }
        self.encoder = encoder
        self.gif = gif
        width = palette.width
        height = palette.height
        guard options.isParallel, let (mapping, encoding) = Self.startStages(encoder, gif, queueBudget, startThread) else {
            mapping = nil
            encoding = nil
            return
        }
        self.mapping = mapping
        self.encoding = encoding
    }

    /// The mapping and encoding stages on threads of their own started by `startThread`; nil,
    /// with no thread left running, when the system refuses either thread.
    private static func startStages(_ encoder: AnimationEncoder, _ gif: GIFStreamWriter, _ queueBudget: Int,
                                    _ startThread: ThreadStart.Starter)
        -> (mapping: OrderedWorker<Patch>, encoding: OrderedWorker<Patch>)? {
        nonisolated(unsafe) var screen = Canvas(width: 0, height: 0)
        guard let encoding = OrderedWorker<Patch>(budget: queueBudget, cost: \.byteCount,
                                                  startThread: startThread, body: { patch throws(GIFEncodingError) in
            Self.paste(patch, onto: &screen)
            try encoder.addFrame(screen, time: patch.time, damage: patch.damage, spriteBounds: patch.spriteBounds,
                                 prepared: patch.prepared)
            try Self.write(encoder.takeParts(), to: gif)
        }) else { return nil }
        let preparer = encoder.makePreparer()
        nonisolated(unsafe) var mapped = Canvas(width: 0, height: 0)
        guard let mapping = OrderedWorker<Patch>(budget: queueBudget, cost: \.byteCount,
                                                 startThread: startThread, body: { patch throws(GIFEncodingError) in
            var patch = patch
            Self.paste(patch, onto: &mapped)
            if !patch.isFirst {
                patch.prepared = preparer.prepare(mapped, damage: patch.damage, spriteBounds: patch.spriteBounds)
            }
            try encoding.submit(patch)
        }) else {
            encoding.stop()
            return nil
        }
        return (mapping, encoding)
    }

    /// Frames whose mapping made ahead the encoder took (the others it mapped by itself).
    var preparedFramesTaken: Int { encoder.preparedFramesTaken }
    /// Whether the first image was the one the opening plan made ahead.
    var tookOpeningImage: Bool { encoder.tookOpeningImage }
    /// How many still tiles were refined with a table the opening plan planned.
    var stillTablesPlannedAhead: Int { encoder.stillTablesPlannedAhead }

    deinit {
        mapping?.stop()
        encoding?.stop()
        opening?.stop()
    }

    /// Adds the frame shown from `time` seconds on: `canvas` is the whole picture, `damage`
    /// what changed since the previous frame (nil: anything may have), `spriteBounds` the
    /// moving layer's pixels (nil: nothing moves). Times must not decrease; the canvas must
    /// have the screen's size.
    public func addFrame(_ canvas: Canvas, time: Double, damage: PixelRect? = nil,
                         spriteBounds: PixelRect? = nil) throws(GIFEncodingError) {
        guard let mapping else {
            try encoder.addFrame(canvas, time: time, damage: damage, spriteBounds: spriteBounds)
            try Self.write(encoder.takeParts(), to: gif)
            return
        }
        // Refused here, on the caller's thread, as the encoder itself would refuse it.
        try AnimationEncoder.check(canvas, time: time, after: lastTime, frame: framesGiven, finished: isFinished,
                                   width: width, height: height)
        let first = framesGiven == 0
        let region = first ? canvas.bounds : (damage ?? canvas.bounds).intersection(canvas.bounds)
        framesGiven += 1
        lastTime = time
        try mapping.submit(Patch(pixels: first ? canvas : canvas.cropped(to: region), time: time, damage: region,
                                 spriteBounds: spriteBounds, isFirst: first))
    }

    /// Encodes what is still waiting, writes the last frames and the trailer; `totalDuration`
    /// (seconds, not before the last frame's time) ends the last frame.
    @discardableResult
    public func finish(totalDuration: Double) throws(GIFEncodingError) -> AnimationEncodingStatistics {
        isFinished = true
        try mapping?.finish()
        try encoding?.finish()
        let statistics = try encoder.finish(totalDuration: totalDuration)
        try Self.write(encoder.takeParts(), to: gif)
        return statistics
    }

    /// Puts a frame's changed pixels where they belong on a stage's own copy of the screen
    /// (the first frame is the whole screen).
    private static func paste(_ patch: Patch, onto screen: inout Canvas) {
        if screen.width == 0 {
            screen = patch.pixels
        } else if !patch.damage.isEmpty {
            screen.paste(patch.pixels, atX: patch.damage.x, y: patch.damage.y)
        }
    }

    /// The encoder's parts written through giflib; the sink's or giflib's error converted once.
    private static func write(_ parts: [GIFStreamPart], to gif: GIFStreamWriter) throws(GIFEncodingError) {
        do { try gif.write(parts) } catch { throw .output(error) }
    }
}
