import Palette

/// The planned global palette of an animation, ready for `AnimationEncoder`.
public struct AnimationPalette: Sendable, Equatable {
    /// The colour table (interface colours first, transparent slot last when reserved).
    public let palette: IndexedPalette
    /// The flat colours the palette keeps exactly.
    public let interfaceColors: InterfaceColors
    /// Screen width in pixels the palette was planned for.
    public let width: Int
    /// Screen height in pixels the palette was planned for.
    public let height: Int
    /// The planner's estimate of the mean PSNR (dB) with nearest-colour mapping.
    public let estimatedPSNR: Double

    /// Wraps a palette; `AnimationPalettePlanner.makePalette()` is the usual way to get one.
    public init(palette: IndexedPalette, interfaceColors: InterfaceColors, width: Int, height: Int,
                estimatedPSNR: Double) {
        self.palette = palette
        self.interfaceColors = interfaceColors
        self.width = width
        self.height = height
        self.estimatedPSNR = estimatedPSNR
    }
}
