/// How an image fills its destination rectangle (CALayer's `contentsGravity`).
public enum ContentsGravity: Hashable, Sendable {
    /// Stretch to the rectangle exactly, ignoring the aspect ratio (CALayer's default, `resize`).
    case resize
    /// Scale uniformly until the rectangle is covered, centred; the overflow is cropped by
    /// the mask (`resizeAspectFill`).
    case resizeAspectFill

    /// The rectangle the whole image is stretched into, for an image of the given size
    /// drawn into `rect`.
    public func imageRect(imageWidth: Int, imageHeight: Int, in rect: SubpixelRect) -> SubpixelRect {
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
    /// weighted in 1/16384 steps on premultiplied values and the sample is rounded once to
    /// 8 bits before blending. A straight-alpha image is premultiplied first (a copy); pass
    /// premultiplied images to avoid that work. Nothing is drawn for an empty image or a
    /// rectangle that is not finite and positive.
    public mutating func draw(_ image: RGBAImage, in rect: SubpixelRect, gravity: ContentsGravity = .resize,
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
        mask.values.withUnsafeBufferPointer { values in
            source.pixels.withUnsafeBufferPointer { texels in
                pixels.withUnsafeMutableBufferPointer { canvas in
                    var lastRow = Int.min
                    var top = 0, bottom = 0, wy = 0
                    for run in mask.runs where run.y >= 0 && run.y < height {
                        let x0 = Swift.max(run.x, area.x), x1 = Swift.min(run.x + run.count, area.maxX, width)
                        guard x0 < x1 else { continue }
                        if run.y != lastRow {
                            let row = BilinearAxis.position(destination: run.y, rectOrigin: target.y,
                                                            rectSize: target.height, sourceSize: image.height)
                            top = row.low * sourceRowBytes
                            bottom = row.high * sourceRowBytes
                            wy = row.highWeight
                            lastRow = run.y
                        }
                        let wyLow = BilinearAxis.one - wy
                        var p = (run.y * width + x0) * 4
                        var v = run.offset + (x0 - run.x)
                        for x in x0 ..< x1 {
                            let coverage = values[v]
                            v += 1
                            if coverage == 0 { p += 4; continue }
                            let column = x - area.x
                            let left = columns.lowOffsets[column], right = columns.highOffsets[column]
                            let wx = columns.highWeights[column], wxLow = BilinearAxis.one - wx
                            let a = top + left, b = top + right, c = bottom + left, d = bottom + right
                            @inline(__always) func sample(_ k: Int) -> UInt8 {
                                let upper = Int(texels[a + k]) * wxLow + Int(texels[b + k]) * wx
                                let lower = Int(texels[c + k]) * wxLow + Int(texels[d + k]) * wx
                                return UInt8(truncatingIfNeeded: (upper * wyLow + lower * wy + BilinearAxis.roundingHalf) >> 28)
                            }
                            SourceOver.blend(red: sample(0), green: sample(1), blue: sample(2), alpha: sample(3),
                                             coverage: coverage, into: canvas, at: p)
                            p += 4
                        }
                    }
                }
            }
        }
    }
}

/// Bilinear sampling positions along one axis: for each destination pixel, the byte offsets
/// of the two source neighbours and the weight of the second, in 1/16384 steps.
struct BilinearAxis {
    /// Weight of a whole source pixel (2^14); two axes multiply to 2^28.
    static let one = 16384
    /// Half of 2^28, for rounding the product of two axis weights.
    static let roundingHalf = 1 << 27

    var lowOffsets: [Int]
    var highOffsets: [Int]
    var highWeights: [Int]

    /// Destination pixels `destinationStart ..< destinationStart + count` of an image of
    /// `sourceSize` pixels stretched over [rectOrigin, rectOrigin + rectSize); `stride` is the
    /// byte distance between neighbouring source pixels on this axis.
    init(destinationStart: Int, count: Int, rectOrigin: Double, rectSize: Double, sourceSize: Int, stride: Int) {
        lowOffsets = [Int](repeating: 0, count: count)
        highOffsets = [Int](repeating: 0, count: count)
        highWeights = [Int](repeating: 0, count: count)
        for i in 0 ..< count {
            let position = Self.position(destination: destinationStart + i, rectOrigin: rectOrigin,
                                         rectSize: rectSize, sourceSize: sourceSize)
            lowOffsets[i] = position.low * stride
            highOffsets[i] = position.high * stride
            highWeights[i] = position.highWeight
        }
    }

    /// The two source neighbours and the weight of the second for destination pixel
    /// `destination`: u = (destination + 0.5 − rectOrigin)·sourceSize / rectSize − 0.5,
    /// clamped to [0, sourceSize − 1]; the weight is round(frac(u) · 16384).
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
