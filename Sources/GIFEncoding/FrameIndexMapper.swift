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
    private var mapper: PaletteMapper
    private var classifier: InterfacePixelClassifier

    init(palette: IndexedPalette, interfaceColors: InterfaceColors, dither: DitherMode, orderedStrength: Double) {
        self.palette = palette
        self.dither = dither
        var mapper = PaletteMapper(palette: palette)
        mapper.orderedStrength = orderedStrength
        self.mapper = mapper
        classifier = InterfacePixelClassifier(colors: interfaceColors)
    }

    /// The same mapping with a nearest-colour memory of its own, for another thread.
    func withOwnMemory() -> FrameIndexMapper {
        var copy = self
        copy.mapper = mapper.withOwnMemory()
        return copy
    }

    /// The indices of `region` of `canvas`, row by row; `sprite` is the moving layer's pixel
    /// bounds (nil when nothing moves). `region` must lie inside the canvas. `colors`, when
    /// given, are the region's colours as `AnimationPixels.packedColors` reads them, so a
    /// caller that needs them too reads them once.
    mutating func indices(_ canvas: Canvas, region: PixelRect, sprite: PixelRect?,
                          colors: [UInt32]? = nil) throws(PaletteError) -> [UInt8] {
        let image = canvas.image
        guard canvas.bounds.contains(region) else {
            throw .rectOutsideImage(rect: region, width: image.width, height: image.height)
        }
        let colors = colors ?? AnimationPixels.packedColors(canvas, region)
        if dither == .none { return mapper.indices(colors: colors, rect: region, dither: .none) }
        let stillMode: DitherMode = .ordered
        var output = mapper.indices(colors: colors, rect: region, dither: stillMode, anchor: (0, 0),
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

/// Pixel-level helpers the animation encoder shares: reading canvas pixels as opaque colours
/// and measuring colour distances.
enum AnimationPixels {
    /// The packed 0xRRGGBB colour a premultiplied pixel shows over white (frames are opaque,
    /// so this is normally just its colour); the red byte is at `offset`.
    @inline(__always)
    static func opaquePacked(_ bytes: UnsafeBufferPointer<UInt8>, _ offset: Int) -> UInt32 {
        OpaquePixel.packed(bytes, offset, premultiplied: true)
    }

    /// The packed colours of `rect` of `canvas`, row by row.
    static func packedColors(_ canvas: Canvas, _ rect: PixelRect) -> [UInt32] {
        OpaquePixel.colors(of: canvas.image, in: rect)
    }

    /// Squared sRGB Euclidean distance between two packed colours.
    @inline(__always)
    static func squaredDistance(_ a: UInt32, _ b: UInt32) -> Int {
        let dr = Int(a >> 16) - Int(b >> 16)
        let dg = Int(a >> 8 & 0xFF) - Int(b >> 8 & 0xFF)
        let db = Int(a & 0xFF) - Int(b & 0xFF)
        return dr * dr + dg * dg + db * db
    }
}
