/// How an image fills its destination rectangle (CALayer's `contentsGravity`).
public enum ContentsGravity: Hashable, Sendable {
    /// Stretch to the rectangle exactly, ignoring the aspect ratio (CALayer's default, `resize`).
    case resize
    /// Scale uniformly until the rectangle is covered, centred; the overflow is cropped by
    /// the mask (`resizeAspectFill`).
    case resizeAspectFill

    /// The rectangle the whole image is stretched into, for an image of the given size
    /// drawn into `rect`.
    func imageRect(imageWidth: Int, imageHeight: Int, in rect: SubpixelRect) -> SubpixelRect {
        switch self {
        case .resize:
            return rect
        case .resizeAspectFill:
            guard imageWidth > 0, imageHeight > 0 else { return rect }
            let scale = Swift.max(rect.width / Double(imageWidth), rect.height / Double(imageHeight))
            let width = Double(imageWidth) * scale, height = Double(imageHeight) * scale
            return SubpixelRect(x: rect.x + (rect.width - width) / 2, y: rect.y + (rect.height - height) / 2,
                                width: width, height: height)
        }
    }
}

extension Canvas {
    /// Draws `image` stretched into `rect` (pixel units, sub-pixel position and size allowed)
    /// with bilinear filtering, composited source-over through `mask`.
    ///
    /// The mask alone decides which pixels change, each by its coverage; it should lie inside
    /// `rect` (a layer's clip disc does). For destination pixel (px, py) the sample point in
    /// the image is u = (px + 0.5 − x)·imageWidth / width − 0.5 (v likewise), clamped to the
    /// image, so samples beyond the edge repeat the edge pixels. The four neighbours are
    /// weighted in 1/4096 steps on premultiplied values and the sample is rounded once to
    /// 8 bits before blending. A straight-alpha image is premultiplied first (a copy); pass
    /// premultiplied images to avoid that work. Nothing is drawn for an empty image or a
    /// rectangle that is not finite and positive.
    mutating func draw(_ image: RGBAImage, in rect: SubpixelRect, gravity: ContentsGravity = .resize,
                              through mask: CoverageMask) {
        guard image.width > 0, image.height > 0, rect.isDrawable, !mask.isEmpty else { return }
        let target = gravity.imageRect(imageWidth: image.width, imageHeight: image.height, in: rect)
        guard target.isDrawable else { return }
        let area = mask.bounds.intersection(bounds)
        guard !area.isEmpty else { return }
        let source = image.premultiplied()
        let columns = BilinearAxis(destinationStart: area.x, count: area.width, rectOrigin: target.x,
                                   rectSize: target.width, sourceSize: image.width, stride: 4)
        let width = self.width, height = self.height, sourceRowBytes = image.width * 4
        // One run's samples, made in a pass of their own before the run is composited: two
        // short loops keep their values in registers where one long loop spilled them.
        var samples = [UInt32](repeating: 0, count: area.width)
        mask.values.withUnsafeBufferPointer { values in
            columns.samples.withUnsafeBufferPointer { columns in
                source.pixels.withUnsafeBytes { texels in
                    samples.withUnsafeMutableBufferPointer { samples in
                        pixels.withUnsafeMutableBufferPointer { canvas in
                            var lastRow = Int.min
                            var top = texels.baseAddress!, bottom = texels.baseAddress!, wy: UInt32 = 0
                            for run in mask.runs where run.y >= 0 && run.y < height {
                                let x0 = Swift.max(run.x, area.x), x1 = Swift.min(run.x + run.count, area.maxX, width)
                                guard x0 < x1 else { continue }
                                if run.y != lastRow {
                                    let row = BilinearAxis.position(destination: run.y, rectOrigin: target.y,
                                                                    rectSize: target.height, sourceSize: image.height)
                                    top = texels.baseAddress! + row.low * sourceRowBytes
                                    bottom = texels.baseAddress! + row.high * sourceRowBytes
                                    wy = UInt32(row.highWeight)
                                    lastRow = run.y
                                }
                                let count = x1 - x0
                                // The run's clipping bounds the column table, the mask and the
                                // canvas, so the offsets below stay inside them.
                                Self.sample(count: count, columns: columns.baseAddress! + (x0 - area.x), top: top,
                                            bottom: bottom, wy: wy, into: samples.baseAddress!)
                                Self.composite(count: count, samples: samples.baseAddress!,
                                               coverage: values.baseAddress! + run.offset + (x0 - run.x),
                                               into: canvas, at: (run.y * width + x0) * 4)
                            }
                        }
                    }
                }
            }
        }
    }

    /// Bilinear samples of `count` destination pixels of one row, whose columns are
    /// `columns[0 ..< count]`, between the source rows at `top` and `bottom` with weight `wy`
    /// (of 4096) on the lower one, as packed little-endian RGBA words. A blended column that a
    /// pixel shares with the one before (when the image is enlarged) is blended once.
    @inline(__always)
    private static func sample(count: Int, columns: UnsafePointer<BilinearAxis.Sample>, top: UnsafeRawPointer,
                               bottom: UnsafeRawPointer, wy: UInt32, into samples: UnsafeMutablePointer<UInt32>) {
        var cachedColumn = -1
        var cached = ColumnBlend(lanes: .zero)
        for i in 0 ..< count {
            let column = columns[i]
            let low = column.low == cachedColumn ? cached : ColumnBlend(top, bottom, column.low, wy: wy)
            let high = column.high == column.low ? low : ColumnBlend(top, bottom, column.high, wy: wy)
            cachedColumn = column.high
            cached = high
            samples[i] = ColumnBlend.horizontal(low, high, wx: column.highWeight)
        }
    }

    /// Composites `count` samples source-over at the coverages `coverage[0 ..< count]` into
    /// consecutive canvas pixels from byte offset `start`; opaque samples at full coverage are
    /// stored as they are.
    @inline(__always)
    private static func composite(count: Int, samples: UnsafePointer<UInt32>, coverage: UnsafePointer<UInt16>,
                                  into canvas: UnsafeMutableBufferPointer<UInt8>, at start: Int) {
        var p = start
        for i in 0 ..< count {
            let sample = samples[i], c = coverage[i]
            // The common case stored as the word it is, without unpacking it for the blend.
            if c == CoverageMask.full && sample >= 0xFF00_0000 {
                UnsafeMutableRawPointer(canvas.baseAddress! + p).storeBytes(of: sample.littleEndian, as: UInt32.self)
            } else {
                SourceOver.blend(red: UInt8(truncatingIfNeeded: sample), green: UInt8(truncatingIfNeeded: sample >> 8),
                                 blue: UInt8(truncatingIfNeeded: sample >> 16),
                                 alpha: UInt8(truncatingIfNeeded: sample >> 24), coverage: c, into: canvas, at: p)
            }
            p &+= 4
        }
    }
}

/// One source column blended between the upper and lower source rows, the first half of a
/// bilinear sample (bilinear filtering is separable, and in integers the two orders give the
/// same sums, so a column can be reused by neighbouring destination pixels).
///
/// Each channel travels in a 32-bit lane: weights are 12-bit, so after both axes a lane
/// stays below 255 · 2^24 + 2^23 < 2^32.
struct ColumnBlend {
    /// R, G, B, A of the column, each weighted by both rows' weights (of 4096 together).
    var lanes: SIMD4<UInt32>

    /// log2 of the weight both axes give a sample together (2^24).
    private static let shift = UInt32(2 * BilinearAxis.weightBits)
    /// Half of that weight, added to round the sample to the nearest value.
    private static let half = SIMD4<UInt32>(repeating: 1 << (shift - 1))

    init(lanes: SIMD4<UInt32>) {
        self.lanes = lanes
    }

    /// Blends the texels at byte `column` of the rows starting at `top` and `bottom`, with
    /// weight `wy` (of 4096) on the lower row.
    @inline(__always)
    init(_ top: UnsafeRawPointer, _ bottom: UnsafeRawPointer, _ column: Int, wy: UInt32) {
        let upper = Self.load(top, column), lower = Self.load(bottom, column)
        lanes = Self.mix(upper, lower, weight: wy)
    }

    /// The finished sample between two blended columns, with weight `wx` (of 4096) on the
    /// second, rounded once, as a packed little-endian RGBA word.
    @inline(__always)
    static func horizontal(_ left: ColumnBlend, _ right: ColumnBlend, wx: UInt32) -> UInt32 {
        let sum = (mix(left.lanes, right.lanes, weight: wx) &+ half) &>> shift
        return UInt32(littleEndian: unsafeBitCast(SIMD4<UInt8>(truncatingIfNeeded: sum), to: UInt32.self))
    }

    /// first · (4096 − weight) + second · weight, as first · 4096 + (second − first) · weight:
    /// one multiplication instead of two. The terms wrap modulo 2^32 where second < first,
    /// and the sum, which lies in 0 ..< 2^32, comes out exact.
    @inline(__always)
    private static func mix(_ first: SIMD4<UInt32>, _ second: SIMD4<UInt32>, weight: UInt32) -> SIMD4<UInt32> {
        first &<< UInt32(BilinearAxis.weightBits) &+ (second &- first) &* weight
    }

    /// The four bytes at `offset` of `row`, R, G, B, A, one a lane.
    @inline(__always)
    private static func load(_ row: UnsafeRawPointer, _ offset: Int) -> SIMD4<UInt32> {
        SIMD4<UInt32>(truncatingIfNeeded: row.loadUnaligned(fromByteOffset: offset, as: SIMD4<UInt8>.self))
    }
}

/// Bilinear sampling positions along one axis: for each destination pixel, the byte offsets
/// of the two source neighbours and the weight of the second, in 1/4096 steps.
struct BilinearAxis {
    /// One destination pixel's neighbours (byte offsets) and the weight of the second.
    struct Sample {
        var low: Int
        var high: Int
        var highWeight: UInt32
    }

    /// Weight of a whole source pixel (2^12); the two axes multiply to 2^24, and
    /// 255 · 2^24 plus the rounding half still fits in 32 bits.
    static let one = 1 << weightBits
    /// log2 of `one`.
    static let weightBits = 12

    var samples: [Sample]

    /// Destination pixels `destinationStart ..< destinationStart + count` of an image of
    /// `sourceSize` pixels stretched over [rectOrigin, rectOrigin + rectSize); `stride` is the
    /// byte distance between neighbouring source pixels on this axis.
    init(destinationStart: Int, count: Int, rectOrigin: Double, rectSize: Double, sourceSize: Int, stride: Int) {
        samples = (0 ..< count).map { i in
            let position = Self.position(destination: destinationStart + i, rectOrigin: rectOrigin,
                                         rectSize: rectSize, sourceSize: sourceSize)
            return Sample(low: position.low * stride, high: position.high * stride,
                          highWeight: UInt32(position.highWeight))
        }
    }

    /// The two source neighbours and the weight of the second for destination pixel
    /// `destination`: u = (destination + 0.5 − rectOrigin)·sourceSize / rectSize − 0.5,
    /// clamped to [0, sourceSize − 1]; the weight is round(frac(u) · 4096).
    @inline(__always)
    static func position(destination: Int, rectOrigin: Double, rectSize: Double,
                         sourceSize: Int) -> (low: Int, high: Int, highWeight: Int) {
        let centre = Double(destination) + 0.5
        var u = (centre - rectOrigin) * Double(sourceSize) / rectSize - 0.5
        u = Swift.min(Swift.max(u, 0), Double(sourceSize - 1))
        let low = u.rounded(.down)
        let lowIndex = Int(low)
        return (lowIndex, Swift.min(lowIndex + 1, sourceSize - 1), Int(((u - low) * Double(one)).rounded()))
    }
}
