import ArcScene
import GIFEncoding
import Palette
import Raster

/// An arc-avatar animation: the screen, the taps and their timing, the layout, the colours,
/// the pictures and how the GIF is encoded, with the 2017 demo's values as defaults.
///
/// Build one in code and change what you need, or read one from a scene file
/// (`init(sceneFile:)`), then render it to a file (`render(to:framesFolder:progress:)`), to
/// bytes in memory (`renderGIF(progress:)`), or compare it with a file made before
/// (`check(against:progress:)`), each also `async` and cancellable. Values are checked when
/// rendering: one out of its range fails with `RenderGIFError.invalidSetting`, naming the
/// property and its allowed range.
///
/// An `Animation` is a value (`Sendable`): renders of it may run at the same time on any
/// threads or tasks, each with its own outputs; the same settings give the same bytes
/// whichever runs first.
///
/// The defaults are read from the one place each lives (the scene model's demo layout and
/// timing, the encoder's largest table); the command's help and scene files read them here. Each setting holds the type of the module it configures
/// (the timing curve, path mode and gravity the scene and raster modules take, the palette's
/// dither mode), so nothing maps between twins.
public struct Animation: Equatable, Sendable {
    // Screen and sampling.
    /// Screen width in points.
    public var width: Double = Animation.demoLayout.screenWidth
    /// Screen height in points.
    public var height: Double = Animation.demoLayout.screenHeight
    /// Pixels per point, 1 to 4.
    public var scale: Int = 2
    /// Frames per second, 1 to 50 (GIF delays are whole centiseconds, 2 cs at the least).
    public var fps: Int = 50

    // Story.
    /// Button indices tapped in order.
    public var taps: [Int] = [1, 3, 0, 2, 1]
    /// Still time before the first tap and after every transition, in seconds.
    public var hold: Double = Timeline.demoHold
    /// Duration of a move to a neighbouring button, in seconds.
    public var oneStepDuration: Double = DurationRule.demo.oneStep
    /// Duration per button passed for longer moves, in seconds.
    public var perStepDuration: Double = DurationRule.demo.perStep
    /// The moving layer's timing curve.
    public var timing: TimingFunction = .easeOut
    /// How progress maps onto the path.
    public var pathMode: PathMode = .linear

    // Layout.
    /// Number of avatar buttons along the arc.
    public var buttonCount: Int = Animation.demoLayout.buttonCount
    /// Angle between the arc's ends and the outer buttons, in degrees.
    public var marginDegrees: Double = Animation.demoLayout.buttonMarginDegrees
    /// Diameter of every avatar layer, in points.
    public var buttonDiameter: Double = Animation.demoLayout.buttonDiameter
    /// Width of the avatar borders, in points.
    public var borderWidth: Double = Animation.demoLayout.borderWidth
    /// Width of the arc's stroke, in points.
    public var arcLineWidth: Double = Animation.demoLayout.arcLineWidth
    /// How images fill their square.
    public var contentGravity: ContentsGravity = .resize

    // Colours.
    /// The screen behind everything (UIKit's white).
    public var backgroundColor: RGB8 = Animation.demoLayout.backgroundColor
    /// The arc's stroke (UIKit's red).
    public var arcColor: RGB8 = Animation.demoLayout.arcColor
    /// The avatars' borders (UIKit's green).
    public var borderColor: RGB8 = Animation.demoLayout.borderColor
    /// Background of the moving copy, visible only through transparent head images (UIKit's blue).
    public var movingBackgroundColor: RGB8 = Animation.demoLayout.movingCopyBackgroundColor

    // Images: nil means the built-in default.
    /// The avatar that moves; nil for the built-in one.
    public var headImage: Picture?
    /// Button images by button index (from 0); a button not listed shows a built-in avatar.
    public var avatarImages: [Int: Picture] = [:]

    // GIF encoding.
    /// Palette size, 2 to 256.
    public var colors: Int = GIFEncodingOptions.colorRange.upperBound
    /// Dithering of photo pixels.
    public var dither: DitherMode = .defaultMode
    /// Loop count; 0 plays forever.
    public var loop: Int = 0
    /// The largest GIF to write, in bytes; nil for no limit. Over it, lossier encodings are
    /// tried in turn (no dithering, looser matching of the moving avatar for the compressor,
    /// no refined still pictures, then 128 down to 4 colours) and the first that fits is kept;
    /// when none fits, the render fails with `RenderGIFError.overBudget` naming the smallest size.
    public var maxBytes: Int?

    // Touch indicators.
    /// Whether every tap shows a touch indicator (off in the demo's animation): a translucent
    /// disc with a darker rim on the tapped button, above every layer, also for a tap on the
    /// button the avatar rests on. The settings below shape it and do nothing while this is off.
    public var touches = false
    /// How the indicators look (their defaults are written there, once).
    var touchStyle = TouchIndicatorStyle()
    /// When they show (their defaults are written there, once).
    var touchTiming = TouchTiming()

    /// The indicator's diameter in points, 1 to 1000 (by default a fingertip's); its rim is a
    /// sixteenth of it.
    public var touchDiameter: Double {
        get { touchStyle.diameter }
        set { touchStyle.diameter = newValue }
    }
    /// The indicator's colour (by default a light grey); the rim is the same colour, darker.
    public var touchColor: RGB8 {
        get { touchStyle.color }
        set { touchStyle.color = newValue }
    }
    /// The indicator's opacity while the finger is down, 0 to 1; while it fades the
    /// opacity is `touchOpacity × (1 − t / touchFade)` at t seconds after the lift.
    public var touchOpacity: Double {
        get { touchStyle.opacity }
        set { touchStyle.opacity = newValue }
    }
    /// How long the finger rests on the button before the move starts, 0 to 10 seconds; less
    /// when the hold before the tap is shorter.
    public var touchPress: Double {
        get { touchTiming.press }
        set { touchTiming.press = newValue }
    }
    /// How long the indicator takes to fade after the lift, 0 to 10 seconds.
    public var touchFade: Double {
        get { touchTiming.fade }
        set { touchTiming.fade = newValue }
    }

    // The still.
    /// Where to write a PNG still of the animation, or nil for none. A render to memory
    /// (`renderGIF()`) returns the still's bytes instead and writes no file.
    public var poster: String?
    /// The time the still shows, in seconds; nil for the end (the final resting state).
    public var posterTime: Double?

    /// The 2017 demo's animation: 375 x 667 points at 2x, 50 fps, taps 1, 3, 0, 2, 1 with
    /// Core Animation's ease-out, the built-in avatars, 256 colours.
    public init() {}

    /// The scene model's own defaults, the demo's layout: the numbers the settings start from.
    private static let demoLayout = SceneLayout()

    /// The demo's animation with the settings of the scene file at `path` (a JSON object
    /// whose keys are settings, as the command's scene files hold them; relative picture paths in
    /// it start from the file's folder). The values are checked as they are read.
    public init(sceneFile path: String) throws(RenderGIFError) {
        self.init()
        try SceneFile.apply(SceneFile.read(path), path: path, to: &self)
        do {
            try validate()
        } catch {
            guard case let .invalidSetting(invalid) = error else { throw error }
            throw .sceneFile(path: path, problem: SceneFile.keyProblem(Setting(property: invalid.property).key, invalid.problem))
        }
    }
}
