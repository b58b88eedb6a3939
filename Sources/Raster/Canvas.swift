/// A drawing surface of premultiplied RGBA8 pixels: rows top to bottom, four bytes a pixel
/// (R, G, B, A), no padding.
///
/// Compositing is source-over on the sRGB-encoded values, as Quartz blends, in exact integer
/// arithmetic (see `SourceOver`), so results are the same on every machine. Every operation
/// clips to the canvas: no rectangle, mask or shape can write outside it.
public struct Canvas: Equatable, Sendable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// `width * height * 4` premultiplied bytes in reading order.
    var pixels: [UInt8]

    /// A canvas of the given size (negative sizes count as zero) filled with one colour.
    public init(width: Int, height: Int, color: PremultipliedColor = .clear) {
        self.width = Swift.max(0, width)
        self.height = Swift.max(0, height)
        pixels = [UInt8](repeating: 0, count: self.width * self.height * 4)
        if color != .clear { fill(color) }
    }

    /// A canvas holding a copy of `image`, premultiplied if it was not already.
    init(image: RGBAImage) {
        width = image.width
        height = image.height
        pixels = image.premultiplied().pixels
    }

    /// The whole canvas as a rectangle.
    public var bounds: PixelRect { PixelRect(x: 0, y: 0, width: width, height: height) }

    /// Canvases are equal when they have the same size and the same bytes.
    public static func == (lhs: Canvas, rhs: Canvas) -> Bool {
        lhs.width == rhs.width && lhs.height == rhs.height && PixelBytes.equal(lhs.pixels, rhs.pixels)
    }

    /// The canvas as a premultiplied image.
    public var image: RGBAImage {
        RGBAImage(width: width, height: height, pixels: pixels, isPremultiplied: true)
    }

    /// The colour of pixel (x, y), or nil outside the canvas.
    func pixel(x: Int, y: Int) -> PremultipliedColor? {
        guard x >= 0, y >= 0, x < width, y < height else { return nil }
        let i = (y * width + x) * 4
        return PremultipliedColor(premultipliedRed: pixels[i], green: pixels[i + 1],
                                  blue: pixels[i + 2], alpha: pixels[i + 3])
    }

    /// Replaces every pixel with `color` (no blending).
    mutating func fill(_ color: PremultipliedColor) {
        fill(bounds, with: color)
    }

    /// Replaces the pixels of `rect` (clipped to the canvas) with `color` (no blending).
    mutating func fill(_ rect: PixelRect, with color: PremultipliedColor) {
        let area = rect.intersection(bounds)
        guard !area.isEmpty else { return }
        let word = UInt32(color.red) | UInt32(color.green) << 8 | UInt32(color.blue) << 16 | UInt32(color.alpha) << 24
        let stride = width
        pixels.withUnsafeMutableBytes { raw in
            let words = raw.bindMemory(to: UInt32.self)
            for y in area.y ..< area.maxY {
                let start = y * stride + area.x
                for i in start ..< start + area.width {
                    words[i] = UInt32(littleEndian: word)
                }
            }
        }
    }

    /// Copies the pixels of `rect` from `source` into the same place on this canvas, for
    /// example to restore a cached background under a moving layer. Only the part of `rect`
    /// inside both canvases is copied.
    public mutating func copy(_ rect: PixelRect, from source: Canvas) {
        let area = rect.intersection(bounds).intersection(source.bounds)
        copyRows(of: source, from: (area.x, area.y), to: (area.x, area.y), width: area.width, height: area.height)
    }

    /// The pixels of `rect` (clipped to the canvas) as a canvas of their own.
    public func cropped(to rect: PixelRect) -> Canvas {
        let area = rect.intersection(bounds)
        guard !area.isEmpty else { return Canvas(width: area.width, height: area.height) }
        let bytes = pixels.withUnsafeBytes { source in
            // Every byte is copied below, so the patch is not filled with zeros first.
            [UInt8](unsafeUninitializedCapacity: area.area * 4) { patch, written in
                Self.copyRows(from: source.baseAddress! + (area.y * width + area.x) * 4, stride: width * 4,
                              to: UnsafeMutableRawPointer(patch.baseAddress!), stride: area.width * 4,
                              rowBytes: area.width * 4, rows: area.height)
                written = area.area * 4
            }
        }
        return Canvas(width: area.width, height: area.height, pixels: bytes)
    }

    /// A canvas of `pixels`, which hold `width * height * 4` premultiplied bytes.
    private init(width: Int, height: Int, pixels: [UInt8]) {
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// Copies the whole of `patch` onto this canvas with its top-left pixel at (`x`, `y`); the
    /// patch must fit inside the canvas there.
    public mutating func paste(_ patch: Canvas, atX x: Int, y: Int) {
        precondition(bounds.contains(PixelRect(x: x, y: y, width: patch.width, height: patch.height)),
                     "a \(patch.width) x \(patch.height) patch at (\(x), \(y)) does not fit a \(width) x \(height) canvas")
        copyRows(of: patch, from: (0, 0), to: (x, y), width: patch.width, height: patch.height)
    }

    /// Copies `width` x `height` pixels of `source` from `origin` to `target` on this canvas
    /// (both rectangles inside their canvases).
    private mutating func copyRows(of source: Canvas, from origin: (x: Int, y: Int), to target: (x: Int, y: Int),
                                   width: Int, height: Int) {
        guard width > 0, height > 0 else { return }
        let destinationStride = self.width * 4, sourceStride = source.width * 4
        source.pixels.withUnsafeBytes { from in
            pixels.withUnsafeMutableBytes { to in
                Self.copyRows(from: from.baseAddress! + (origin.y * source.width + origin.x) * 4, stride: sourceStride,
                              to: to.baseAddress! + (target.y * self.width + target.x) * 4, stride: destinationStride,
                              rowBytes: width * 4, rows: height)
            }
        }
    }

    /// Copies `rows` rows of `rowBytes` bytes, each `stride` bytes after the one before on
    /// its side, from `source` to `destination`.
    private static func copyRows(from source: UnsafeRawPointer, stride sourceStride: Int,
                                 to destination: UnsafeMutableRawPointer, stride destinationStride: Int,
                                 rowBytes: Int, rows: Int) {
        for row in 0 ..< rows {
            (destination + row * destinationStride).copyMemory(from: source + row * sourceStride, byteCount: rowBytes)
        }
    }

    /// Composites `color` over the canvas through `mask`: each pixel receives the colour
    /// scaled by its coverage (source-over). Runs outside the canvas are clipped.
    mutating func fill(_ mask: CoverageMask, with color: PremultipliedColor) {
        fill(mask, with: color, skippingFullCoverage: false)
    }

    /// `fill(_:with:)`, optionally leaving fully covered pixels alone (used when something
    /// opaque will cover them completely anyway).
    mutating func fill(_ mask: CoverageMask, with color: PremultipliedColor, skippingFullCoverage: Bool) {
        guard !mask.isEmpty, color != .clear else { return }
        let limit: UInt16 = skippingFullCoverage ? CoverageMask.full - 1 : CoverageMask.full
        let width = self.width, height = self.height
        let source = SourceOver.Color(color)
        mask.values.withUnsafeBufferPointer { values in
            pixels.withUnsafeMutableBufferPointer { canvas in
                for run in mask.runs where run.y >= 0 && run.y < height {
                    let x0 = Swift.max(run.x, 0), x1 = Swift.min(run.x + run.count, width)
                    guard x0 < x1 else { continue }
                    var p = (run.y * width + x0) * 4
                    var v = run.offset + (x0 - run.x)
                    for _ in x0 ..< x1 {
                        let coverage = values[v]
                        if coverage <= limit { source.blend(coverage: coverage, into: canvas, at: p) }
                        p += 4
                        v += 1
                    }
                }
            }
        }
    }

    /// Composites `color` over the canvas where `shape` covers it, inside `clip` (the whole
    /// canvas when nil). Returns the mask used, so the caller can reuse it or take its bounds.
    @discardableResult
    public mutating func fill(_ shape: some CoverageShape, with color: PremultipliedColor,
                              clip: PixelRect? = nil) -> CoverageMask {
        let mask = shape.coverageMask(clippedTo: (clip ?? bounds).intersection(bounds))
        fill(mask, with: color)
        return mask
    }
}
