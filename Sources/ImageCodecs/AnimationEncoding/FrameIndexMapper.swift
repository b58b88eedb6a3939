import Palette
import Raster

/// Maps a region of a rendered frame to palette indices with the encoder's dithering rules.
///
/// - Interface pixels (flat colours and blends of two, see `InterfacePixelClassifier`) are
///   never dithered; exact palette colours never are in any mode.
/// - Pixels inside the moving sprite's bounds are dithered with the pattern anchored at the
///   sprite's pixel origin, so the pattern travels with the picture.
/// - Every other pixel is dithered with a screen-anchored pattern, so a still pixel always
///   gets the same index whatever region it is mapped in, and never shows as a change.
/// - Error diffusion depends on the region it runs over, so it runs over the whole sprite
///   bounds only; still pixels take screen-anchored ordered dithering in that mode.
struct FrameIndexMapper {
    let palette: IndexedPalette
    let dither: DitherMode
    private let mapper: PaletteMapper
    private var classifier: InterfacePixelClassifier

    init(palette: IndexedPalette, interfaceColors: InterfaceColors, dither: DitherMode, orderedStrength: Double) {
        self.palette = palette
        self.dither = dither
        var mapper = PaletteMapper(palette: palette)
        mapper.orderedStrength = orderedStrength
        self.mapper = mapper
        classifier = InterfacePixelClassifier(colors: interfaceColors)
    }

    /// The indices of `region` of `canvas`, row by row; `sprite` is the moving layer's pixel
    /// bounds (nil when nothing moves). `region` must lie inside the canvas.
    mutating func indices(_ canvas: Canvas, region: PixelRect, sprite: PixelRect?) throws(PaletteError) -> [UInt8] {
        let image = canvas.image
        if dither == .none {
            return try mapper.indices(image: image, rect: region, dither: .none)
        }
        let stillMode: DitherMode = .ordered
        var output = try mapper.indices(image: image, rect: region, dither: stillMode, anchor: (0, 0),
                                        ditherMask: classifier.ditherMask(image: image, rect: region))
        guard let sprite else { return output }
        let spriteArea = dither == .diffusion ? sprite.intersection(canvas.bounds) : sprite.intersection(region)
        let overlap = spriteArea.intersection(region)
        guard !overlap.isEmpty else { return output }
        let spriteIndices = try mapper.indices(image: image, rect: spriteArea, dither: dither,
                                               anchor: (sprite.x, sprite.y),
                                               ditherMask: classifier.ditherMask(image: image, rect: spriteArea))
        for y in overlap.y ..< overlap.maxY {
            let source = (y - spriteArea.y) * spriteArea.width + (overlap.x - spriteArea.x)
            let target = (y - region.y) * region.width + (overlap.x - region.x)
            for column in 0 ..< overlap.width { output[target + column] = spriteIndices[source + column] }
        }
        return output
    }
}
