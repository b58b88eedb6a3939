import ArcScene
import GraphicsTypes
import Palette
import Raster
import SceneRenderer

/// Everything that decides what render-gif draws and how it encodes it, with the seed's values
/// as defaults. Flags and scene files both arrive here through `Setting.apply`. Each setting
/// holds the type of the module it configures (the timing curve, path mode and gravity the
/// scene and raster modules take, the palette's dither mode), so nothing maps between twins.
struct RenderSettings: Equatable, Sendable {
    // Screen and sampling.
    /// Screen width in points.
    var width: Double = 375
    /// Screen height in points.
    var height: Double = 667
    /// Pixels per point, 1 to 4.
    var scale: Int = 2
    /// Frames per second, 1 to 50 (GIF delays are whole centiseconds, 2 cs at the least).
    var fps: Int = 50

    // Story.
    /// Button indices tapped in order.
    var taps: [Int] = [1, 3, 0, 2, 1]
    /// Still time before the first tap and after every transition, in seconds.
    var hold: Double = 0.6
    /// Duration of a move to a neighbouring button, in seconds.
    var oneStepDuration: Double = 0.7
    /// Duration per button passed for longer moves, in seconds.
    var perStepDuration: Double = 0.4
    /// The moving layer's timing curve.
    var timing: TimingFunction = .easeOut
    /// How progress maps onto the path.
    var pathMode: PathMode = .linear

    // Layout.
    /// Number of avatar buttons along the arc.
    var buttonCount: Int = 4
    /// Angle between the arc's ends and the outer buttons, in degrees.
    var marginDegrees: Double = 7.5
    /// Diameter of every avatar layer, in points.
    var buttonDiameter: Double = 50
    /// Width of the avatar borders, in points.
    var borderWidth: Double = 2
    /// Width of the arc's stroke, in points.
    var arcLineWidth: Double = 1
    /// How images fill their square.
    var contentGravity: ContentsGravity = .resize

    // Colours.
    var backgroundColor = RGB8(255, 255, 255)
    var arcColor = RGB8(255, 0, 0)
    var borderColor = RGB8(0, 255, 0)
    /// Background of the moving copy (visible only through transparent head images).
    var movingBackgroundColor = RGB8(0, 0, 255)

    // Images: nil means the built-in default.
    /// Path of the avatar that moves.
    var headImage: String?
    /// Paths of button images by button index.
    var avatarImages: [Int: String] = [:]

    // GIF encoding.
    /// Palette size, 2 to 256.
    var colors: Int = 256
    /// Dithering of photo pixels.
    var dither: DitherMode = .none
    /// Loop count; 0 plays forever.
    var loop: Int = 0
    /// The largest GIF to write, in bytes; nil for no limit. With a limit the encoder takes
    /// the first step of `GIFEncodingOptions.sizeLadder` whose file fits.
    var maxBytes: Int?

    // The still.
    /// Where to write a PNG still of the animation, or nil for none.
    var poster: String?
    /// The time the still shows, in seconds; nil for the end (the final resting state).
    var posterTime: Double?

    // Touch indicators.
    /// Whether every tap shows a touch indicator (off in the seed's animation).
    var touches = false
    /// How the indicators look.
    var touchStyle = TouchIndicatorStyle()
    /// When they show.
    var touchTiming = TouchTiming()

    /// The seed's animation.
    init() {}
}
