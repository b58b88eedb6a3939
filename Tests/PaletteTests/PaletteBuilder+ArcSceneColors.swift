@testable import Palette
import Raster

extension PaletteBuilder {
    /// The arc scene's flat colours, white, red, green, blue, followed by the red-over-white
    /// and green-over-white anti-aliasing ramps at `rampLevels` levels: a fixed-colour set
    /// shaped like the one the encoder reserves, for the builder's and mapper's tests.
    static func arcSceneFixedColors(rampLevels: Int = 4) -> [RGB8] {
        let white = RGB8(255, 255, 255), red = RGB8(255, 0, 0), green = RGB8(0, 255, 0), blue = RGB8(0, 0, 255)
        return [white, red, green, blue]
            + antiAliasingRamp(from: red, over: white, levels: rampLevels)
            + antiAliasingRamp(from: green, over: white, levels: rampLevels)
    }
}
