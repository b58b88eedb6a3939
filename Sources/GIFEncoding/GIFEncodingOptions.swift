import Palette
import Raster

/// How `AnimationEncoder` and `AnimationPalettePlanner` turn rendered frames into a GIF.
///
/// The first three settings are the user-facing ones (palette size limit, dithering, looping);
/// the rest are tuning knobs whose defaults were chosen by measuring the arc animation
/// (see each one). `validate()` checks every value; the planner and the encoder call it.
public struct GIFEncodingOptions: Sendable, Equatable {
    /// The most entries the global colour table may hold, transparent slot included
    /// (`colorRange`).
    /// The planner may choose a smaller power of two when it reaches `qualityTarget`.
    var colors: Int = 256
    /// How colours outside the palette become indices; photo pixels only, never flat
    /// interface colours. `none` gives the smallest files at the highest PSNR on the default
    /// animation (see `DitherMode.defaultMode`).
    var dither: DitherMode = .none
    /// The NETSCAPE2.0 loop count: 0 repeats forever, nil writes no looping block (play once).
    var loopCount: Int? = 0

    /// The estimated mean PSNR (dB, over the content: every pixel-frame that is not the
    /// screen background, weighted by time on screen) the global table must reach; the planner
    /// takes the smallest power-of-two table that reaches it, or `colors` when none does. Nil
    /// always uses `colors`. Default 40 dB, the content quality the animation aims at.
    var qualityTarget: Double? = 40
    /// Levels of the anti-aliasing ramps (arc over background, border over background) kept
    /// as exact palette entries, so thin lines keep their edges exactly (0 or 1: none).
    var rampLevels: Int = 4
    /// Whether one palette slot is reserved as the transparent index, so a frame may leave
    /// unchanged pixels out. It costs one of the table's colours and pays on every moving
    /// frame; turn it off only to study its effect. Ignored when `colors` is 2.
    var usesTransparency: Bool = true
    /// A pixel whose displayed colour is at most this much further (sRGB code values,
    /// Euclidean) from its new colour than the colour it would be given anyway counts as
    /// unchanged and stays transparent; with 0 a pixel stays when it shows its new colour or,
    /// where the encoder knows the true colour (with `lzwTolerance` or the refinement of still
    /// tiles on, as by default), a colour at least as close to it. Pixels whose colour
    /// is exactly a palette entry (the flat interface colours) must always match exactly, so
    /// the bound never touches interface pixels. Default 0: on the arc animation a small
    /// tolerance saves almost nothing, as sliding pictures change by more than that, while the
    /// error it leaves can stay on screen for long.
    var unchangedTolerance: Double = 0
    /// Extra error (sRGB code values, Euclidean) a pixel of the moving sprite may take beyond
    /// its mapped colour's so that GIF's LZW coder finds longer matches: the frame's indices
    /// are re-chosen along the coder's own parse (see `LZWFriendlyIndexChooser`). Only pixels
    /// inside the sprite's bounds, each seen for one frame, are touched; still pictures keep
    /// their mapping, and pixels whose colour is exactly a palette entry (the flat interface
    /// colours) never change; a sprite that stops is shown exactly from the next frame on.
    /// 0 turns it off. Default 8: a few per cent of the bytes for a loss too small to see;
    /// much larger values leave blocky edges visible when zoomed. A global table that falls
    /// short of `qualityTarget` takes a smaller tolerance (see `lzwTolerance(forEstimatedPSNR:)`).
    var lzwTolerance: Double = 8
    /// Whether a frame may carry its own, smaller colour table when that makes the frame
    /// smaller overall (table bytes included); each frame is measured both ways. Off by
    /// default: on the arc animation it almost never wins, since a sprite's crop uses more
    /// than half of a table planned for it, so a local table is no smaller than the global
    /// one; it pays for frames of few colours.
    var localColorTables: Bool = false
    /// Whether frames that change nothing carry, instead, an image redrawing one still tile
    /// of the screen with a colour table of its own (see `StillTileRefiner`), and the first
    /// image a table planned for it alone, so pictures at rest show far more colours than the
    /// global table holds. Only without dithering (a refinement would replace the dither's
    /// texture with nearest colours). It buys content PSNR (pixels that are not background)
    /// for bytes, with the built-in avatars and with photographs alike.
    var refinesStillTiles: Bool = true
    /// The side of a refined tile in pixels (8 ... 256). Larger tiles share a table among
    /// more pixels but cover the pictures in fewer idle frames; 64 gave the best content
    /// PSNR over the default animation and the photographs together when it was chosen.
    var refinementTileSize: Int = 64
    /// Tiles showing at least this PSNR (dB, over pixels that are not background) are not
    /// refined (the content PSNR hardly depends on it between 42 and 50 dB).
    var refinementTarget: Double = 45
    /// Ordered-dither amplitude as a multiple of the palette's typical spacing.
    var orderedStrength: Double = 1.0
    /// Whether independent work runs on several threads at once: a frame's opaque and
    /// transparent variants, the candidate palettes the planner weighs, the opening an
    /// `OpeningPlan` plans ahead. The bytes are the same either way; off, everything runs on
    /// the calling thread.
    public var isParallel: Bool = true

    /// The palette sizes the encoder accepts: a GIF colour table holds 2 to 256 entries.
    public static let colorRange = 2 ... 256

    /// The defaults described on each property.
    public init() {}

    /// A full set of options; anything left out keeps its default.
    public init(colors: Int = 256, dither: DitherMode = .none, loopCount: Int? = 0) {
        self.colors = colors
        self.dither = dither
        self.loopCount = loopCount
    }

    /// The LZW tolerance to use with a global table whose estimated content PSNR is
    /// `estimatedPSNR` dB: `lzwTolerance` when the table reaches `qualityTarget` (or there is
    /// no target), else `lzwTolerance` scaled by the ratio of the mean squared error the
    /// target allows to the one the table gives, 10^((estimate − target) / 10).
    ///
    /// The tolerance spends quality for bytes. Where the table meets the target (the drawn
    /// avatars: about 40.4 dB against 40) there is quality to spend; where it does not
    /// (photographs: about 36.2 dB), each code value of extra error takes the pictures further
    /// below the target, so the tolerance shrinks as the shortfall grows (photographs: 8 to
    /// about 3.3). Measured on the five sample photographs, this buys more content PSNR per
    /// byte than giving moving frames tables of their own.
    func lzwTolerance(forEstimatedPSNR estimatedPSNR: Double) -> Double {
        guard let qualityTarget, estimatedPSNR.isFinite, estimatedPSNR < qualityTarget else { return lzwTolerance }
        return lzwTolerance * PortableMath.pow10((estimatedPSNR - qualityTarget) / 10)
    }

    /// Throws `.invalidInput` naming the first setting that is out of range.
    func validate() throws(GIFEncodingError) {
        let context = "GIF encoding options"
        guard Self.colorRange.contains(colors) else {
            throw .invalidInput(context: context, problem: "colors \(colors) is outside \(Self.colorRange.lowerBound) ... \(Self.colorRange.upperBound)")
        }
        if let loopCount, !GIFScreen.loopCountRange.contains(loopCount) {
            throw .invalidInput(context: context, problem: "loop count \(loopCount) is outside \(GIFScreen.loopCountRange.lowerBound) ... \(GIFScreen.loopCountRange.upperBound)")
        }
        if let qualityTarget, !(qualityTarget.isFinite && qualityTarget > 0) {
            throw .invalidInput(context: context, problem: "quality target \(qualityTarget) dB is not a positive number")
        }
        guard (0 ... 64).contains(rampLevels) else {
            throw .invalidInput(context: context, problem: "ramp levels \(rampLevels) is outside 0 ... 64")
        }
        guard unchangedTolerance.isFinite, (0 ... 64).contains(unchangedTolerance) else {
            throw .invalidInput(context: context, problem: "unchanged tolerance \(unchangedTolerance) is outside 0 ... 64")
        }
        guard lzwTolerance.isFinite, (0 ... 64).contains(lzwTolerance) else {
            throw .invalidInput(context: context, problem: "LZW tolerance \(lzwTolerance) is outside 0 ... 64")
        }
        guard (8 ... 256).contains(refinementTileSize) else {
            throw .invalidInput(context: context, problem: "refinement tile size \(refinementTileSize) is outside 8 ... 256")
        }
        guard refinementTarget.isFinite, refinementTarget > 0 else {
            throw .invalidInput(context: context, problem: "refinement target \(refinementTarget) dB is not a positive number")
        }
        guard orderedStrength.isFinite, (0 ... 4).contains(orderedStrength) else {
            throw .invalidInput(context: context, problem: "ordered strength \(orderedStrength) is outside 0 ... 4")
        }
    }
}
