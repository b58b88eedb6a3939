import Palette
import Raster
import WorkThreads

/// Plans the one global palette of an animation from a first pass over its frames.
///
/// Two ways to say how long colours are seen, which may be combined:
/// - Tracked (exact): call `addFrame(_:damage:)` for every frame in order, with the rectangle
///   that changed since the frame before (nil: anything may have). The planner keeps what
///   the screen shows (one packed colour and one frame number a pixel, so memory does not grow
///   with the animation's length); when a pixel changes, its old colour is counted with the
///   number of frames it stayed. A picture hidden under a layer in the first frame thus counts
///   from when it shows, and a sliding picture once per position.
/// - By hand: `addStaticFrame(_:frameCount:)` counts a whole screen for some frames and
///   `addFrame(_:spriteBounds:weight:)` a moving layer's pixels.
///
/// The palette holds, in this order: the interface's flat colours and the anti-aliasing ramps
/// of its lines (exact, see `InterfaceColors`), colours chosen from the rest of the histogram
/// by `PaletteBuilder`, and the transparent slot. Its size is the smallest power of two whose
/// estimated content PSNR (pixels that are not background) reaches `options.qualityTarget`
/// (or `options.colors`). Everything is deterministic: the same frames in the same order give
/// the same palette.
public struct AnimationPalettePlanner: Sendable {
    /// Screen width in pixels; every canvas must have it.
    let width: Int
    /// Screen height in pixels; every canvas must have it.
    let height: Int
    /// The flat colours kept exactly.
    let interfaceColors: InterfaceColors
    /// The options the palette is planned for (colours, transparency, quality target).
    let options: GIFEncodingOptions
    /// Frames added so far.
    private(set) var frameCount = 0
    /// Colours that left the screen (or were added by hand), weighted in frames.
    private var histogram = ColorHistogram()
    /// The colour each pixel shows (packed 0xRRGGBB), and the frame since which it does.
    private var shown: [UInt32] = []
    private var shownSince: [Int32] = []

    /// A planner for a `width` x `height` animation. Throws when the options are invalid.
    public init(width: Int, height: Int, interfaceColors: InterfaceColors = .arcScene,
                options: GIFEncodingOptions = GIFEncodingOptions()) throws(GIFEncodingError) {
        try options.validate()
        guard (1 ... 65535).contains(width), (1 ... 65535).contains(height) else {
            throw .invalidInput(context: "GIF palette planner", problem: "size \(width) x \(height) is outside 1 ... 65535")
        }
        self.width = width
        self.height = height
        self.interfaceColors = interfaceColors
        self.options = options
    }

    /// Counts the next frame: pixels of `damage` (the whole screen when nil, and always for
    /// the first frame) whose colour differs from the frame before start a new time on screen.
    mutating func addFrame(_ canvas: Canvas, damage: PixelRect? = nil) throws(GIFEncodingError) {
        try checkSize(canvas)
        guard frameCount < Int(Int32.max) else {
            throw .invalidInput(context: "GIF palette planner", problem: "more than \(Int32.max) frames")
        }
        if frameCount == 0 {
            shown = AnimationPixels.packedColors(canvas, canvas.bounds)
            shownSince = [Int32](repeating: 0, count: width * height)
        } else {
            let region = (damage ?? canvas.bounds).intersection(canvas.bounds)
            if !region.isEmpty { replace(region, with: AnimationPixels.packedColors(canvas, region)) }
        }
        frameCount += 1
    }

    /// Counts the whole canvas as seen for `frameCount` frames (weighting by hand, e.g. the
    /// still scene for the whole animation; independent of `addFrame(_:damage:)`).
    public mutating func addStaticFrame(_ canvas: Canvas, frameCount: Int) throws(GIFEncodingError) {
        try checkSize(canvas)
        guard frameCount > 0 else { return }
        histogram.add(image: canvas.image, rect: canvas.bounds, weight: Double(frameCount))
    }

    /// Counts the pixels inside `spriteBounds` (clipped to the screen) as seen for `weight`
    /// frames (weighting by hand: the moving part of one frame). Nil bounds add nothing.
    public mutating func addFrame(_ canvas: Canvas, spriteBounds: PixelRect?, weight: Double = 1) throws(GIFEncodingError) {
        try checkSize(canvas)
        guard let spriteBounds, weight > 0, weight.isFinite else { return }
        let area = spriteBounds.intersection(canvas.bounds)
        guard !area.isEmpty else { return }
        histogram.add(image: canvas.image, rect: area, weight: weight)
    }

    /// The palette: the smallest power-of-two table meeting the quality target, else the
    /// largest allowed. Nothing added yields the fixed colours alone.
    public func makePalette() throws(GIFEncodingError) -> AnimationPalette {
        let transparency = options.usesTransparency && options.colors >= 3
        let slotsForColors = options.colors - (transparency ? 1 : 0)
        let fixed = interfaceColors.fixedColors(rampLevels: options.rampLevels, limit: slotsForColors)
        let entries = finalHistogram().entries
        var candidates: [Int] = []
        if options.qualityTarget != nil {
            var size = IndexedPalette.tableSize(holding: fixed.count + (transparency ? 1 : 0) + 1)
            while size < options.colors {
                candidates.append(size)
                size *= 2
            }
        }
        candidates.append(options.colors)
        let content = Self.contentEntries(entries, background: interfaceColors.background)
        // Each table with its estimate. Every candidate holds all the fixed colours (the
        // largest is the limit they were taken for, the others at least their count plus the
        // transparent slot and one more), so two tables share their box split and, with
        // `isParallel`, refine and are estimated at once on the two cores; a table alone uses
        // both for each step.
        func plan(_ sizes: [Int]) throws(GIFEncodingError) -> [(IndexedPalette, Double)] {
            let palettes = try build(entries, sizes: sizes, fixed: fixed, transparency: transparency)
            let alone = palettes.count == 1
            let estimates = ParallelWork.map(palettes.count, concurrently: options.isParallel) { piece in
                Self.estimatedPSNR(palettes[piece], content, inParallel: alone && options.isParallel)
            }
            return Array(zip(palettes, estimates))
        }
        // The smallest size reaching the target, searched from the top two sizes at a time on
        // the two cores. More colours never estimate worse in practice, so the first size
        // that falls short ends the search and the size above it is the answer (the largest
        // when none reaches the target, or when there is no target). Busy scenes and
        // photographs need the largest tables, so the first pair usually settles it.
        // Without a target only the largest size is planned (it is the only candidate).
        func fallsShort(_ estimate: Double) -> Bool { options.qualityTarget.map { estimate < $0 } ?? true }
        var chosen: (IndexedPalette, Double)?
        var next = candidates.count - 1
        // Photographs (more distinct colours than the quantizer takes one by one) fall short
        // even with the largest table, which then is the answer without a look at the size
        // below: so for them, as for a single candidate, the largest is planned first, alone
        // on both cores. Only the order of the work changes, never the palette chosen.
        if options.isParallel, next == 0 || content.count > PaletteBuilder.bucketingThreshold {
            let largest = try plan([candidates[next]])[0]
            chosen = largest
            next = fallsShort(largest.1) ? -1 : next - 1
        }
        searching: while next >= 0 {
            let pair = [next, next - 1].filter { $0 >= 0 }
            for planned in try plan(pair.map { candidates[$0] }) {
                let short = fallsShort(planned.1)
                if chosen == nil || !short { chosen = planned }
                if short { break searching }
            }
            next -= 2
        }
        let (palette, estimate) = chosen!
        return AnimationPalette(palette: palette, interfaceColors: interfaceColors,
                                width: width, height: height, estimatedPSNR: estimate)
    }

    /// The tables of each of `sizes` entries for the histogram's `entries`, each holding all
    /// of `fixed` (every candidate size has room for them, see `makePalette`).
    private func build(_ entries: [ColorHistogram.Entry], sizes: [Int], fixed: [RGB8],
                       transparency: Bool) throws(GIFEncodingError) -> [IndexedPalette] {
        do {
            let builders = try sizes.map { maxColors throws(PaletteError) in
                var builder = try PaletteBuilder(maxColors: maxColors, fixedColors: fixed,
                                                 reservesTransparentIndex: transparency)
                builder.inParallel = options.isParallel
                return builder
            }
            return try PaletteBuilder.build(builders, fromEntries: entries)
        } catch {
            throw .invalidInput(context: "GIF palette planner", problem: error.description)
        }
    }

    /// The histogram's entries without `background`, which the palette always holds exactly
    /// and which would only dilute the estimate.
    static func contentEntries(_ entries: [ColorHistogram.Entry], background: RGB8) -> [ColorHistogram.Entry] {
        entries.filter { $0.color != background }
    }

    /// 10·log10(255² / MSE), the MSE over every counted pixel-frame and channel of `entries`
    /// (the content: see `contentEntries`) when each colour takes its nearest palette entry
    /// (dithering is not modelled). With `inParallel`, the two halves of the entries find
    /// their nearest entries on two threads (the same entries: a colour's nearest entry does
    /// not depend on the others); the errors are summed in order either way.
    static func estimatedPSNR(_ palette: IndexedPalette, _ entries: [ColorHistogram.Entry],
                              inParallel: Bool = false) -> Double {
        let totalWeight = entries.reduce(0) { $0 + $1.weight }
        guard totalWeight > 0, !entries.isEmpty else { return .infinity }
        let pieces = inParallel && entries.count >= ParallelWork.itemsWorthSplitting ? 2 : 1
        let mapped = ParallelWork.map(pieces, concurrently: true) { piece in
            nearestIndices(palette, entries[ParallelWork.part(piece, of: pieces, count: entries.count)])
        }
        var indices: [UInt8] = []
        indices.reserveCapacity(entries.count)
        for part in mapped {
            guard let part else { return 0 }
            indices += part
        }
        var squaredError = 0.0
        for (position, entry) in entries.enumerated() {
            let nearest = palette.colors[Int(indices[position])]
            squaredError += entry.weight * Double(AnimationPixels.squaredDistance(nearest.packed, entry.color.packed))
        }
        guard squaredError > 0 else { return .infinity }
        let meanSquaredError = squaredError / (3 * totalWeight)
        return 10 * PortableMath.log10(255 * 255 / meanSquaredError)
    }

    /// The nearest palette entry of each of `entries`' colours, or nil when the mapper fails.
    private static func nearestIndices(_ palette: IndexedPalette, _ entries: ArraySlice<ColorHistogram.Entry>) -> [UInt8]? {
        // The entries as one row of pixels, so the mapper's nearest-colour cache does the search.
        var bytes = [UInt8](repeating: 255, count: entries.count * 4)
        for (position, entry) in entries.enumerated() {
            bytes[position * 4] = entry.color.r
            bytes[position * 4 + 1] = entry.color.g
            bytes[position * 4 + 2] = entry.color.b
        }
        let row = RGBAImage(width: entries.count, height: 1, pixels: bytes, isPremultiplied: true)
        return try? PaletteMapper.indices(image: row, rect: row.bounds, palette: palette, dither: .none)
    }

    /// Counts the outgoing colours of the changed pixels of `region` and shows the new ones.
    private mutating func replace(_ region: PixelRect, with colors: [UInt32]) {
        let now = Int32(frameCount)
        var counter = RunCounter()
        for row in 0 ..< region.height {
            let start = (region.y + row) * width + region.x
            for column in 0 ..< region.width {
                let pixel = start + column, color = colors[row * region.width + column]
                let old = shown[pixel]
                guard old != color else { continue }
                counter.add(old, frames: Int(now - shownSince[pixel]), to: &histogram)
                shown[pixel] = color
                shownSince[pixel] = now
            }
        }
        counter.flush(to: &histogram)
    }

    /// The histogram with every pixel's current colour counted up to the last frame.
    private func finalHistogram() -> ColorHistogram {
        var histogram = self.histogram
        let end = Int32(frameCount)
        var counter = RunCounter()
        for pixel in 0 ..< shown.count {
            counter.add(shown[pixel], frames: Int(end - shownSince[pixel]), to: &histogram)
        }
        counter.flush(to: &histogram)
        return histogram
    }

    /// Sums the weights of consecutive pixels of one colour before touching the histogram.
    private struct RunCounter {
        var color = UInt32.max
        var frames = 0

        mutating func add(_ packed: UInt32, frames count: Int, to histogram: inout ColorHistogram) {
            if packed != color {
                flush(to: &histogram)
                color = packed
            }
            frames += count
        }

        mutating func flush(to histogram: inout ColorHistogram) {
            if frames > 0 {
                histogram.add(RGB8(UInt8(color >> 16), UInt8(color >> 8 & 0xFF), UInt8(color & 0xFF)), weight: Double(frames))
            }
            frames = 0
        }
    }

    private func checkSize(_ canvas: Canvas) throws(GIFEncodingError) {
        guard canvas.width == width, canvas.height == height else {
            throw .invalidInput(context: "GIF palette planner",
                                problem: "frame is \(canvas.width) x \(canvas.height), the animation is \(width) x \(height)")
        }
    }
}

/// The planned global palette of an animation, ready for `AnimationEncoder`.
public struct AnimationPalette: Sendable, Equatable {
    /// The colour table (interface colours first, transparent slot last when reserved).
    let palette: IndexedPalette
    /// The flat colours the palette keeps exactly.
    let interfaceColors: InterfaceColors
    /// Screen width in pixels the palette was planned for.
    let width: Int
    /// Screen height in pixels the palette was planned for.
    let height: Int
    /// The planner's estimate of the content PSNR (dB, pixels that are not background) with
    /// nearest-colour mapping.
    let estimatedPSNR: Double

    /// Wraps a palette; `AnimationPalettePlanner.makePalette()` is the usual way to get one.
    init(palette: IndexedPalette, interfaceColors: InterfaceColors, width: Int, height: Int,
                estimatedPSNR: Double) {
        self.palette = palette
        self.interfaceColors = interfaceColors
        self.width = width
        self.height = height
        self.estimatedPSNR = estimatedPSNR
    }
}
