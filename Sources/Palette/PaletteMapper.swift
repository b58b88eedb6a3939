import Raster

/// Turns a rectangle of an RGBA frame into GIF palette indices, with optional dithering.
///
/// Rules every mode keeps:
/// - A pixel whose colour is exactly a palette entry maps to it and is never dithered, and
///   diffused error that reaches it is dropped: flat colours and the white background stay
///   clean.
/// - `ditherMask` (row-major over the rectangle, optional) says which pixels may be dithered;
///   the others take their nearest colour and, in diffusion, neither take nor pass on error.
/// - The ordered pattern is anchored at `anchor` (the moving sprite's pixel origin), so a
///   sliding picture carries its pattern with it instead of shimmering.
///
/// The mapper keeps a cache of nearest-colour answers, so one mapper should serve every frame
/// of an animation. Copies share that cache (it only remembers answers, so no result
/// depends on it); a mapper is a working object for one thread and therefore not Sendable.
public struct PaletteMapper {
    /// The palette indices refer to.
    private(set) var palette: IndexedPalette
    /// Ordered-dither amplitude as a multiple of the palette's typical spacing (peak to peak,
    /// see `IndexedPalette.measureTypicalSpacing`).
    public var orderedStrength: Double = 1.0
    /// Floyd-Steinberg error is clamped per channel to this multiple of the palette's
    /// typical spacing, which stops errors from smearing across edges.
    let diffusionErrorLimit = 1.0
    private var cache: NearestColorCache
    /// The palette's typical spacing once a dithering mode has asked for it.
    private var spacing = SpacingMemo()

    /// A mapper for one palette.
    public init(palette: IndexedPalette) {
        self.palette = palette
        cache = NearestColorCache(colors: palette.colors)
    }

    /// The palette's typical spacing, measured the first time it is needed and then remembered
    /// until the palette changes. Plain copies of the mapper share it, as they share the cache,
    /// so a plain copy must never work on another thread: `withOwnMemory` gives one that may.
    private final class SpacingMemo {
        private var measured: Double?

        func value(for palette: IndexedPalette) -> Double {
            if let measured { return measured }
            let value = palette.measureTypicalSpacing()
            measured = value
            return value
        }
    }

    /// Maps to `palette` from now on. The nearest-colour cache is cleared and kept when no
    /// copy shares it (a new one allocates about 160 KB), so one mapper can serve many small
    /// rectangles that each have a palette of their own; copies keep their palette and cache.
    public mutating func switchPalette(to palette: IndexedPalette) {
        self.palette = palette
        spacing = SpacingMemo()
        if isKnownUniquelyReferenced(&cache) {
            cache.reset(colors: palette.colors)
        } else {
            cache = NearestColorCache(colors: palette.colors)
        }
    }

    /// The same mapper (palette, dithering strength) with a nearest-colour memory of its own,
    /// so it can work on another thread while this one goes on (a plain copy shares it).
    public func withOwnMemory() -> PaletteMapper {
        var copy = self
        copy.cache = NearestColorCache(colors: palette.colors)
        copy.spacing = SpacingMemo()
        return copy
    }

    /// The 8x8 Bayer matrix, values 0...63, row-major, built by the usual recursion
    /// M(2n)[y][x] = 4·M(n)[y mod n][x mod n] + M(1)[y div n][x div n], M(1) = [[0, 2], [3, 1]].
    static let bayer8: [UInt8] = {
        let base = [[0, 2], [3, 1]]
        var matrix = base
        while matrix.count < 8 {
            let n = matrix.count
            matrix = (0 ..< 2 * n).map { y in
                (0 ..< 2 * n).map { x in 4 * matrix[y % n][x % n] + base[y / n][x / n] }
            }
        }
        return matrix.flatMap { $0.map(UInt8.init) }
    }()

    /// One-shot convenience: a fresh mapper's `indices(image:rect:dither:anchor:ditherMask:)`.
    public static func indices(image: RGBAImage, rect: PixelRect, palette: IndexedPalette,
                               dither: DitherMode = .defaultMode, anchor: (x: Int, y: Int) = (0, 0),
                               ditherMask: [Bool]? = nil) throws(PaletteError) -> [UInt8] {
        try PaletteMapper(palette: palette).indices(image: image, rect: rect, dither: dither, anchor: anchor, ditherMask: ditherMask)
    }

    /// The palette index of every pixel in `rect`, row by row. Throws when `rect` is not inside
    /// the image or the mask's length is not `rect.area`.
    public func indices(image: RGBAImage, rect: PixelRect, dither: DitherMode = .defaultMode,
                                 anchor: (x: Int, y: Int) = (0, 0), ditherMask: [Bool]? = nil) throws(PaletteError) -> [UInt8] {
        guard image.bounds.contains(rect) else {
            throw .rectOutsideImage(rect: rect, width: image.width, height: image.height)
        }
        if let mask = ditherMask, mask.count != rect.area {
            throw .ditherMaskSizeMismatch(expected: rect.area, actual: mask.count)
        }
        guard !rect.isEmpty else { return [UInt8](repeating: 0, count: rect.area) }
        return indices(colors: OpaquePixel.colors(of: image, in: rect), rect: rect, dither: dither, anchor: anchor,
                       ditherMask: ditherMask)
    }

    /// `indices(image:rect:dither:anchor:ditherMask:)` for a caller that has read the
    /// rectangle's colours already (`OpaquePixel.colors(of:in:)`, row by row), so they are
    /// not read twice; the mask, when given, must have one entry a pixel.
    package func indices(colors: [UInt32], rect: PixelRect, dither: DitherMode = .defaultMode,
                         anchor: (x: Int, y: Int) = (0, 0), ditherMask: [Bool]? = nil) -> [UInt8] {
        precondition(colors.count == rect.area && (ditherMask?.count ?? rect.area) == rect.area,
                     "a rectangle's colours or mask do not match its size")
        var output = [UInt8](repeating: 0, count: rect.area)
        guard !rect.isEmpty else { return output }
        switch dither {
        case .none:
            output.withUnsafeMutableBufferPointer { out in
                colors.withUnsafeBufferPointer { source in
                    var previous = UInt32.max, previousIndex: UInt8 = 0
                    for position in 0 ..< source.count {
                        let packed = source[position]
                        if packed != previous {
                            previous = packed
                            previousIndex = mapExactOrNearest(packed)
                        }
                        out[position] = previousIndex
                    }
                }
            }
        case .ordered:
            mapOrdered(colors, rect, anchor, ditherMask, &output)
        case .diffusion:
            var diffuser = ErrorDiffuser(width: rect.width,
                                         limit: Float(diffusionErrorLimit * max(1, spacing.value(for: palette))))
            diffuser.map(colors, height: rect.height, mask: ditherMask, palette: palette, cache: cache, into: &output)
        }
        return output
    }

    @inline(__always)
    private func mapExactOrNearest(_ packed: UInt32) -> UInt8 {
        if let exact = palette.exactIndex(packed: packed) { return exact }
        return cache.nearest(Int(packed >> 16), Int(packed >> 8 & 0xFF), Int(packed & 0xFF))
    }

    private func mapOrdered(_ colors: [UInt32], _ rect: PixelRect, _ anchor: (x: Int, y: Int),
                                     _ mask: [Bool]?, _ output: inout [UInt8]) {
        let amplitude = orderedStrength * spacing.value(for: palette)
        // Offsets in code values for each matrix cell, centred on zero, peak to peak `amplitude`.
        let offsets = Self.bayer8.map { ((Double($0) + 0.5) / 64 - 0.5) * amplitude }
        for row in 0 ..< rect.height {
            let matrixRow = ((rect.y + row - anchor.y) % 8 + 8) % 8
            for column in 0 ..< rect.width {
                let position = row * rect.width + column
                let packed = colors[position]
                if let exact = palette.exactIndex(packed: packed) { output[position] = exact; continue }
                if let mask, !mask[position] {
                    output[position] = cache.nearest(Int(packed >> 16), Int(packed >> 8 & 0xFF), Int(packed & 0xFF))
                    continue
                }
                let matrixColumn = ((rect.x + column - anchor.x) % 8 + 8) % 8
                let offset = offsets[matrixRow * 8 + matrixColumn]
                @inline(__always) func shifted(_ channel: UInt32) -> Int {
                    // Round half up; clamping first keeps the truncation a floor.
                    Int(min(255, max(0, Double(channel) + offset)) + 0.5)
                }
                output[position] = cache.nearest(shifted(packed >> 16), shifted(packed >> 8 & 0xFF), shifted(packed & 0xFF))
            }
        }
    }
}
