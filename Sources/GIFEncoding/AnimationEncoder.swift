import Palette
import Raster

/// Turns rendered frames into the parts of an animated GIF with one global palette, showing
/// only what a viewer has not seen yet; `AnimationWriter` feeds it and writes the parts.
///
/// For each frame the caller passes the full canvas, its time, the rectangle that changed
/// since the previous frame (nil: anything may have) and the moving sprite's pixel bounds
/// (nil: nothing moves). The encoder maps that rectangle to indices (see `FrameIndexMapper`),
/// compares their colours with the colours the decoder shows (`DisplayedScreen`), crops to
/// the pixels that really differ, and writes the smallest of the opaque and transparent
/// variants (`FrameVariantSelector`) with disposal "keep". The first image carries a table of
/// its own, and a frame that changes nothing either redraws one still tile with a table of
/// its own (`StillTileRefiner`) or, when no tile needs it, lengthens the image before it.
///
/// Delays follow the frames' times in whole centiseconds, rounded cumulatively: a frame shown
/// from t_k to t_{k+1} lasts round(100·t_{k+1}) − round(100·t_k) cs and the last one runs to
/// the total duration, so the delays add up to round(100·T). No image shows for less than
/// 2 cs: a frame arriving less than 2 cs after the pending image replaces it (the new
/// picture shows from the replaced image's start), and a last image shorter than 2 cs is
/// merged with the one before it. The first frame shows from time 0.
///
/// Memory: the shown colours (four bytes a pixel), at most two encoded frames awaiting their
/// delays, and the still tiles' tables (one per distinct tile content), whatever the
/// animation's length. Same input, same bytes.
final class AnimationEncoder {
    /// Screen width in pixels.
    let width: Int
    /// Screen height in pixels.
    let height: Int
    /// The global colour table.
    let palette: IndexedPalette
    /// The settings in force.
    let options: GIFEncodingOptions
    /// Counts so far (complete after `finish`).
    private(set) var statistics = AnimationEncodingStatistics()
    /// Frames whose mapping made ahead was the one needed and was taken.
    private(set) var preparedFramesTaken = 0
    /// Whether the first image was the one an `OpeningPlan` made ahead.
    private(set) var tookOpeningImage = false
    /// How many still tiles were refined with a table an `OpeningPlan` planned.
    var stillTablesPlannedAhead: Int { refiner?.tablesPlannedElsewhere ?? 0 }

    /// An encoded image waiting for its delay.
    private struct BufferedFrame {
        var frame: GIFFrame
        /// Its encoding.
        var image: EncodedGIFImage
        /// Start time in centiseconds.
        var start: Int
        /// What the screen showed inside `frame.rect` before it (nil for the first frame).
        var previous: [UInt32]?
        /// The pixels left approximated (within the LZW tolerance) once it is shown.
        var approximated = PixelRect(x: 0, y: 0, width: 0, height: 0)
        /// True for a refinement of a still tile, which shows no new picture.
        var isRefinement = false
    }

    private let builder: GIFStreamBuilder
    private var mapper: FrameIndexMapper
    /// What the frames prepared for this encoder carry (see `makePreparer()`).
    private let mark = EncoderMark()
    private let selector: FrameVariantSelector
    private let packedTable: [UInt32]
    /// How much further than its mapping a pixel's shown colour may be and still stay:
    /// `options.unchangedTolerance`'s bounds.
    private let unchangedErrors: ToleratedErrors
    private var screen: DisplayedScreen
    /// Redraws still tiles with tables of their own on frames that change nothing (nil: off).
    private let refiner: StillTileRefiner?
    /// The first image and tile tables planned ahead, if any (see `OpeningPlan`).
    private let opening: OpeningPlan?
    private var held: BufferedFrame?
    private var pending: BufferedFrame?
    private var lastTime: Double?
    private var isFinished = false
    /// Pixels shown with indices chosen within the LZW tolerance (the last written sprite):
    /// mapped again with the next frame, so a sprite that stops shows its exact colours.
    private var approximated = PixelRect(x: 0, y: 0, width: 0, height: 0)

    /// Starts a GIF for frames of the planned palette's size. The LZW tolerance in force is
    /// the one `options` gives for the palette's estimated quality
    /// (`GIFEncodingOptions.lzwTolerance(forEstimatedPSNR:)`), so `options` here may show a
    /// smaller `lzwTolerance` than the one passed.
    /// `opening`, when given, is used where it matches (see `OpeningPlan`).
    convenience init(palette: AnimationPalette, options: GIFEncodingOptions = GIFEncodingOptions(),
                     opening: OpeningPlan? = nil) throws(GIFEncodingError) {
        var inForce = options
        inForce.lzwTolerance = options.lzwTolerance(forEstimatedPSNR: palette.estimatedPSNR)
        try self.init(width: palette.width, height: palette.height, palette: palette.palette,
                      interfaceColors: palette.interfaceColors, options: inForce, opening: opening)
    }

    /// Starts a GIF with a `width` x `height` screen and `palette` as global table; the
    /// screen (with the table and the loop count) is the first part `takeParts()` returns.
    /// `opening` lends its first image and still-tile tables where they match.
    init(width: Int, height: Int, palette: IndexedPalette,
                interfaceColors: InterfaceColors = .arcScene,
                options: GIFEncodingOptions = GIFEncodingOptions(), opening: OpeningPlan? = nil) throws(GIFEncodingError) {
        try options.validate()
        self.width = width
        self.height = height
        self.palette = palette
        self.options = options
        builder = try GIFStreamBuilder(width: width, height: height, globalPalette: palette.tableColors,
                               loopCount: options.loopCount, backgroundIndex: 0)
        mapper = FrameIndexMapper(palette: palette, interfaceColors: interfaceColors, dither: options.dither,
                                  orderedStrength: options.orderedStrength)
        selector = FrameVariantSelector(palette: palette, allowsLocalTables: options.localColorTables,
                                        lzwTolerance: options.lzwTolerance)
        packedTable = palette.tableColors.map(\.packed)
        unchangedErrors = ToleratedErrors(tolerance: options.unchangedTolerance)
        screen = DisplayedScreen(width: width, height: height)
        refiner = options.stillTileSettings(width: width, height: height, interfaceColors: interfaceColors).map { settings in
            StillTileRefiner(settings: settings, tables: opening?.tables(for: settings) ?? StillTileTables(),
                             inParallel: options.isParallel)
        }
        self.opening = opening
    }

    /// A preparer mapping frames the way this encoder does, with a nearest-colour memory of
    /// its own, for another thread to prepare frames ahead of `addFrame`.
    func makePreparer() -> FramePreparer {
        FramePreparer(mapper: mapper.withOwnMemory(), source: mark)
    }

    /// Adds the frame shown from `time` seconds on. `damage` is what changed since the
    /// previous frame (nil: the whole screen), `spriteBounds` the moving layer's pixels, and
    /// `prepared` that frame's damage already mapped by this encoder's preparer (used when it
    /// is the rectangle the encoder needs; the result is the same with or without it).
    /// Times must not decrease; the canvas must have the screen's size.
    func addFrame(_ canvas: Canvas, time: Double, damage: PixelRect? = nil,
                  spriteBounds: PixelRect? = nil, prepared: PreparedFrame? = nil) throws(GIFEncodingError) {
        try Self.check(canvas, time: time, after: lastTime, frame: statistics.framesReceived, finished: isFinished,
                       width: width, height: height)
        lastTime = time
        statistics.framesReceived += 1
        let screenRect = PixelRect(x: 0, y: 0, width: width, height: height)
        let start = Self.centiseconds(time)
        guard let current = pending, current.previous != nil || start - current.start >= 2 else {
            // The first image (or a frame too soon after it) covers the whole screen.
            if pending != nil { statistics.shortFramesMerged += 1 }
            if let refiner {
                let first: StillTileRefiner.FirstImage
                if let planned = opening?.firstImage(for: canvas, settings: refiner.settings) {
                    first = planned
                    tookOpeningImage = true
                } else {
                    first = try refiner.firstImage(canvas: canvas)
                }
                show(first.frame.indices, through: first.table, in: screenRect)
                pending = BufferedFrame(frame: first.frame, image: try builder.encodeImage(first.frame, codeStream: first.codeStream),
                                        start: 0, previous: nil)
                return
            }
            let indices = try mapIndices(canvas, screenRect, spriteBounds)
            let choice = try selector.choose(rect: screenRect, indices: indices, unchanged: nil, previous: nil, builder: builder)
            show(choice.shown, in: screenRect)
            pending = BufferedFrame(frame: choice.frame, image: choice.image, start: 0, previous: nil)
            return
        }
        var region = (damage ?? screenRect).intersection(screenRect).union(approximated)
        var imageStart = start
        let replacesPending = start - current.start < 2
        if replacesPending, let undo = current.previous {
            // Too soon after the pending image: this frame takes its place and its start.
            statistics.shortFramesMerged += 1
            show(undo, in: current.frame.rect)
            region = region.union(current.frame.rect)
            imageStart = current.start
        }
        guard !region.isEmpty else {
            if try !refine(canvas, start: start, replacesPending: replacesPending) {
                statistics.identicalFramesMerged += 1
            }
            return
        }
        let ready = prepared.flatMap { $0.region == region && $0.source === mark ? $0 : nil }
        let indices: [UInt8]
        if let ready {
            indices = ready.indices
            preparedFramesTaken += 1
        } else {
            indices = try mapIndices(canvas, region, spriteBounds)
        }
        let needsColors = options.unchangedTolerance > 0 || options.lzwTolerance > 0 || refiner != nil
        let colors = needsColors ? ready?.colors ?? AnimationPixels.packedColors(canvas, region) : nil
        let (unchanged, changed) = screen.unchangedPixels(
            newIndices: indices, region: region, palette: packedTable,
            trueColors: colors.map { DisplayedScreen.TrueColors(colors: $0, tolerated: unchangedErrors) })
        approximated = PixelRect(x: 0, y: 0, width: 0, height: 0)
        guard !changed.isEmpty else {
            if replacesPending {
                // The frame undid the pending image: the one before it simply goes on.
                pending = held
                held = nil
                approximated = pending?.approximated ?? approximated
            } else if try !refine(canvas, start: start, replacesPending: false) {
                statistics.identicalFramesMerged += 1
            }
            return
        }
        let previous = screen.read(changed)
        // Only the sprite's pixels that really changed may be approximated: a still sprite
        // being repaired must converge to its exact colours.
        let lossyArea = spriteBounds?.intersection(damage ?? screenRect)
        let choice = try selector.choose(rect: changed, indices: indices.cropped(to: changed, from: region),
                                         unchanged: unchanged.cropped(to: changed, from: region),
                                         previous: previous, colors: colors?.cropped(to: changed, from: region),
                                         lossyArea: lossyArea, builder: builder)
        show(choice.shown, in: changed)
        if options.lzwTolerance > 0, let lossyArea { approximated = lossyArea.intersection(changed) }
        let buffered = BufferedFrame(frame: choice.frame, image: choice.image, start: imageStart, previous: previous, approximated: approximated)
        if replacesPending {
            pending = buffered
        } else {
            try advance(to: buffered)
        }
    }

    /// Refuses frame number `frame` when the animation is `finished`, when `canvas` is not
    /// `width` x `height`, or when `time` is not a time at or after the previous frame's.
    static func check(_ canvas: Canvas, time: Double, after lastTime: Double?, frame: Int, finished: Bool,
                      width: Int, height: Int) throws(GIFEncodingError) {
        let context = "GIF animation frame \(frame)"
        guard !finished else { throw .invalidInput(context: context, problem: "the animation was already finished") }
        guard canvas.width == width, canvas.height == height else {
            throw .invalidInput(context: context, problem: "canvas is \(canvas.width) x \(canvas.height), the screen is \(width) x \(height)")
        }
        guard time.isFinite, time >= 0, time < 1e9 else {
            throw .invalidInput(context: context, problem: "time \(time) s is not a finite non-negative number")
        }
        if let lastTime, time < lastTime {
            throw .invalidInput(context: context, problem: "time \(time) s is before the previous frame's \(lastTime) s")
        }
    }

    /// Writes the buffered frames and the trailer; `totalDuration` (seconds, not before the
    /// last frame's time) ends the last frame.
    @discardableResult
    func finish(totalDuration: Double) throws(GIFEncodingError) -> AnimationEncodingStatistics {
        let context = "GIF animation"
        guard !isFinished else { throw .invalidInput(context: context, problem: "finish() was already called") }
        guard var last = pending else { throw .invalidInput(context: context, problem: "no frame was added") }
        guard totalDuration.isFinite, totalDuration >= (lastTime ?? 0), totalDuration < 1e9 else {
            throw .invalidInput(context: context, problem: "total duration \(totalDuration) s is not a finite time at or after the last frame")
        }
        isFinished = true
        // Tables still being planned ahead would serve no frame now.
        opening?.stop()
        let end = Self.centiseconds(totalDuration)
        if end - last.start < 2, last.isRefinement, let before = held, let undo = last.previous {
            // A refinement too short to show is dropped: the image before it runs to the end.
            screen.write(undo, in: last.frame.rect)
            last = before
            held = nil
            statistics.refinementFrames -= 1
        }
        if end - last.start < 2, let before = held {
            last = try merge(before, last)
            held = nil
            statistics.shortFramesMerged += 1
        }
        if let before = held { try write(before, delay: last.start - before.start) }
        try write(last, delay: max(2, end - last.start))
        try builder.finish()
        return statistics
    }

    /// The parts produced since the last call, in file order: the screen at first, then
    /// images as their delays become known, and the end after `finish`.
    func takeParts() -> [GIFStreamPart] {
        builder.takeParts()
    }

    /// Round-half-away centiseconds of a time in seconds.
    static func centiseconds(_ seconds: Double) -> Int {
        Int((seconds * 100).rounded())
    }

    // MARK: Private

    /// Shows `colors` in `rect`; the refiner looks at the tiles again.
    private func show(_ colors: [UInt32], in rect: PixelRect) {
        screen.write(colors, in: rect)
        refiner?.touch(rect)
    }

    /// Shows `table[indices]` in `rect` without building the colours; the refiner looks at
    /// the tiles again.
    private func show(_ indices: [UInt8], through table: [UInt32], in rect: PixelRect) {
        screen.write(indices, through: table, in: rect)
        refiner?.touch(rect)
    }

    /// On a frame that changes nothing, writes the next refinement of a still tile as the
    /// image shown from `start` (cs), when the refiner has one and the image before has had
    /// its 2 cs. True when an image was added.
    private func refine(_ canvas: Canvas, start: Int, replacesPending: Bool) throws(GIFEncodingError) -> Bool {
        guard let refiner, !replacesPending, let current = pending, start - current.start >= 2,
              let refinement = try refiner.nextRefinement(canvas: canvas, screen: screen) else { return false }
        let rect = refinement.frame.rect
        let previous = screen.read(rect)
        screen.write(refinement.shown, in: rect)
        approximated = PixelRect(x: 0, y: 0, width: 0, height: 0)
        try advance(to: BufferedFrame(frame: refinement.frame, image: try builder.encodeImage(refinement.frame),
                                      start: start, previous: previous, isRefinement: true))
        statistics.refinementFrames += 1
        return true
    }

    /// The global table's indices for shown colours: exact where the table holds the colour,
    /// else the nearest entry (colours a refinement showed).
    private func globalIndices(_ colors: [UInt32]) -> [UInt8] {
        colors.map { palette.nearestIndex(of: RGB8(packed: $0)) }
    }

    private func mapIndices(_ canvas: Canvas, _ region: PixelRect, _ sprite: PixelRect?) throws(GIFEncodingError) -> [UInt8] {
        do {
            return try mapper.indices(canvas, region: region, sprite: sprite)
        } catch {
            throw .invalidInput(context: "GIF animation frame \(statistics.framesReceived - 1)", problem: error.description)
        }
    }

    /// Makes `next` the pending frame; the old pending frame's delay is now known.
    private func advance(to next: BufferedFrame) throws(GIFEncodingError) {
        if let before = held, let current = pending { try write(before, delay: current.start - before.start) }
        held = pending
        pending = next
    }

    /// Writes a frame shown for `delay` cs. GIF delays stop at 65535 cs, so a longer one
    /// continues in one-pixel frames that repeat the frame's first pixel (changing nothing).
    private func write(_ buffered: BufferedFrame, delay: Int) throws(GIFEncodingError) {
        var frame = buffered.frame
        frame.delayCentiseconds = delay > Self.longestDelay ? min(Self.longestDelay, delay - 2) : delay
        try builder.add(buffered.image, delayCentiseconds: frame.delayCentiseconds)
        statistics.framesWritten += 1
        statistics.totalCentiseconds += frame.delayCentiseconds
        if frame.transparentIndex != nil { statistics.transparentFrames += 1 }
        if frame.localPalette != nil { statistics.localTableFrames += 1 }
        var remaining = delay - frame.delayCentiseconds
        while remaining > 0 {
            // Never leave a last piece under 2 cs.
            let piece = remaining > Self.longestDelay ? min(Self.longestDelay, remaining - 2) : remaining
            let continuation = GIFFrame(rect: PixelRect(x: frame.rect.x, y: frame.rect.y, width: 1, height: 1),
                                  indices: [frame.indices[0]], localPalette: frame.localPalette,
                                  delayCentiseconds: piece, disposal: .keep, transparentIndex: frame.transparentIndex)
            try builder.addFrame(continuation)
            statistics.framesWritten += 1
            statistics.totalCentiseconds += piece
            remaining -= piece
        }
    }

    /// The longest delay a GIF frame can carry, in centiseconds.
    static let longestDelay = 65535

    /// One image showing what `second` leaves on screen, starting when `first` started.
    private func merge(_ first: BufferedFrame, _ second: BufferedFrame) throws(GIFEncodingError) -> BufferedFrame {
        guard let firstPrevious = first.previous else {
            // The first image covers the screen: it simply shows the final state.
            let full = GIFFrame(rect: first.frame.rect, indices: globalIndices(screen.read(first.frame.rect)),
                                delayCentiseconds: 0, disposal: .keep)
            return BufferedFrame(frame: full, image: try builder.encodeImage(full), start: first.start, previous: nil)
        }
        let union = first.frame.rect.union(second.frame.rect)
        let target = globalIndices(screen.read(union))
        if let previous = second.previous { screen.write(previous, in: second.frame.rect) }
        screen.write(firstPrevious, in: first.frame.rect)
        // Without true colours a pixel stays only when it shows its index's colour.
        let (unchanged, changed) = screen.unchangedPixels(newIndices: target, region: union, palette: packedTable,
                                                          trueColors: nil)
        // Nothing to show: one pixel repeating what is there keeps the timing.
        let rect = changed.isEmpty ? PixelRect(x: union.x, y: union.y, width: 1, height: 1) : changed
        let prior = screen.read(rect)
        screen.write(target.mapped(through: packedTable, beyond: 0), in: union)
        let choice = try selector.choose(rect: rect, indices: target.cropped(to: rect, from: union),
                                         unchanged: unchanged.cropped(to: rect, from: union),
                                         previous: prior, builder: builder)
        show(choice.shown, in: rect)
        return BufferedFrame(frame: choice.frame, image: choice.image, start: first.start, previous: prior)
    }
}

/// What `AnimationEncoder` did with the frames it was given, for progress lines and studies.
public struct AnimationEncodingStatistics: Sendable, Equatable {
    /// Frames passed to `addFrame`.
    var framesReceived = 0
    /// GIF images written.
    var framesWritten = 0
    /// Frames that showed nothing new and only lengthened the frame before.
    var identicalFramesMerged = 0
    /// Frames that would have shown for less than 2 cs and were folded into a neighbour.
    var shortFramesMerged = 0
    /// Written images that use the transparent index for unchanged pixels.
    var transparentFrames = 0
    /// Written images that carry a local colour table.
    var localTableFrames = 0
    /// Images that redrew a still tile with its own table on a frame that changed nothing.
    var refinementFrames = 0
    /// The GIF's total duration in centiseconds (the sum of the written delays).
    var totalCentiseconds = 0

    /// Nothing counted yet.
    init() {}
}
