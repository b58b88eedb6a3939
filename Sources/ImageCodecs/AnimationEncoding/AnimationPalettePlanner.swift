import Palette
import Raster

/// Plans the one global palette of an animation from a first pass over its frames.
///
/// Feed it what the viewer sees, weighted by how long it is on screen, then call
/// `makePalette()`. For the arc animation: `addStaticFrame(firstFrame, frameCount: total)`
/// for the resting screen, `addStaticFrame(restingFrame, frameCount: holdFrames)` for each
/// later resting state, and `addFrame(frame, spriteBounds: moving, weight: 1)` for every
/// frame in which something moves. Only a colour histogram is kept, so memory does not grow
/// with the animation's length.
///
/// The palette holds, in this order: the interface's flat colours and the anti-aliasing ramps
/// of its lines (exact, see `InterfaceColors`), colours chosen from the rest of the histogram
/// by `PaletteBuilder`, and the transparent slot. Its size is the smallest power of two whose
/// estimated mean PSNR reaches `options.qualityTarget` (or `options.colors`). Everything is
/// deterministic: the same frames in the same order give the same palette.
public struct AnimationPalettePlanner: Sendable {
    /// Screen width in pixels; every canvas must have it.
    public let width: Int
    /// Screen height in pixels; every canvas must have it.
    public let height: Int
    /// The flat colours kept exactly.
    public let interfaceColors: InterfaceColors
    /// The options the palette is planned for (colours, transparency, quality target).
    public let options: GIFEncodingOptions
    private var histogram = ColorHistogram()

    /// A planner for a `width` x `height` animation. Throws when the options are invalid.
    public init(width: Int, height: Int, interfaceColors: InterfaceColors = .arcScene,
                options: GIFEncodingOptions = GIFEncodingOptions()) throws(ImageCodecError) {
        try options.validate()
        guard (1 ... 65535).contains(width), (1 ... 65535).contains(height) else {
            throw .invalidInput(context: "GIF palette planner", problem: "size \(width) x \(height) is outside 1 ... 65535")
        }
        self.width = width
        self.height = height
        self.interfaceColors = interfaceColors
        self.options = options
    }

    /// The sum of every weight added, in pixel-frames.
    public var totalWeight: Double { histogram.totalWeight }

    /// Counts the whole canvas as seen for `frameCount` frames (a resting screen).
    public mutating func addStaticFrame(_ canvas: Canvas, frameCount: Int) throws(ImageCodecError) {
        try checkSize(canvas)
        guard frameCount > 0 else { return }
        histogram.add(image: canvas.image, rect: canvas.bounds, weight: Double(frameCount))
    }

    /// Counts the pixels inside `spriteBounds` (clipped to the screen) as seen for `weight`
    /// frames: the moving part of one frame. Nil bounds add nothing.
    public mutating func addFrame(_ canvas: Canvas, spriteBounds: PixelRect?, weight: Double = 1) throws(ImageCodecError) {
        try checkSize(canvas)
        guard let spriteBounds, weight > 0, weight.isFinite else { return }
        let area = spriteBounds.intersection(canvas.bounds)
        guard !area.isEmpty else { return }
        histogram.add(image: canvas.image, rect: area, weight: weight)
    }

    /// The palette: the smallest power-of-two table meeting the quality target, else the
    /// largest allowed. Nothing added yields the fixed colours alone.
    public func makePalette() throws(ImageCodecError) -> AnimationPalette {
        let transparency = options.usesTransparency && options.colors >= 3
        let slotsForColors = options.colors - (transparency ? 1 : 0)
        let fixed = interfaceColors.fixedColors(rampLevels: options.rampLevels, limit: slotsForColors)
        let entries = histogram.entries
        var candidates: [Int] = []
        if options.qualityTarget != nil {
            var size = IndexedPalette.tableSize(holding: fixed.count + (transparency ? 1 : 0) + 1)
            while size < options.colors {
                candidates.append(size)
                size *= 2
            }
        }
        candidates.append(options.colors)
        var chosen: (IndexedPalette, Double)?
        for size in candidates {
            let palette = try build(maxColors: size, fixed: fixed, transparency: transparency)
            let estimate = Self.estimatedPSNR(palette, entries, totalWeight: histogram.totalWeight)
            chosen = (palette, estimate)
            if let target = options.qualityTarget, estimate >= target { break }
        }
        guard let (palette, estimate) = chosen else {
            throw .invalidInput(context: "GIF palette planner", problem: "no palette size to try")
        }
        return AnimationPalette(palette: palette, interfaceColors: interfaceColors,
                                width: width, height: height, estimatedPSNR: estimate)
    }

    private func build(maxColors: Int, fixed: [RGB8], transparency: Bool) throws(ImageCodecError) -> IndexedPalette {
        do {
            let limit = maxColors - (transparency ? 1 : 0)
            let builder = try PaletteBuilder(maxColors: maxColors, fixedColors: Array(fixed.prefix(limit)),
                                             reservesTransparentIndex: transparency)
            return try builder.build(from: histogram)
        } catch {
            throw .invalidInput(context: "GIF palette planner", problem: error.description)
        }
    }

    /// 10·log10(255² / MSE), the MSE over every counted pixel-frame and channel when each
    /// colour takes its nearest palette entry (dithering is not modelled).
    static func estimatedPSNR(_ palette: IndexedPalette, _ entries: [ColorHistogram.Entry],
                              totalWeight: Double) -> Double {
        guard totalWeight > 0 else { return .infinity }
        var squaredError = 0.0
        for entry in entries where palette.exactIndex(of: entry.color) == nil {
            let nearest = palette.colors[Int(palette.nearestIndex(of: entry.color))]
            squaredError += entry.weight * Double(AnimationPixels.squaredDistance(nearest.packed, entry.color.packed))
        }
        guard squaredError > 0 else { return .infinity }
        let meanSquaredError = squaredError / (3 * totalWeight)
        return 10 * SRGBTransfer.log10(255 * 255 / meanSquaredError)
    }

    private func checkSize(_ canvas: Canvas) throws(ImageCodecError) {
        guard canvas.width == width, canvas.height == height else {
            throw .invalidInput(context: "GIF palette planner",
                                problem: "frame is \(canvas.width) x \(canvas.height), the animation is \(width) x \(height)")
        }
    }
}
