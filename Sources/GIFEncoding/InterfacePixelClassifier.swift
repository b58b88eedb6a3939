import Palette
import Raster

/// Tells interface pixels (flat colours and the anti-aliased blends of two of them, such as
/// the arc's edge over the background) from picture pixels, so only pictures are dithered.
///
/// A colour counts as a blend of flat colours A and B when some t in [0, 1] gives
/// `A + t·(B − A)` within 1.5 code values on every channel (t is read from the channel where A
/// and B differ most). Answers are remembered in a small direct-mapped table.
struct InterfacePixelClassifier {
    private let pairs: [(origin: SIMD3<Float>, span: SIMD3<Float>, axis: Int)]
    private var memoKeys: [UInt32]
    private var memoAnswers: [Bool]
    private static let memoSize = 1 << 12

    init(colors: InterfaceColors) {
        pairs = colors.blendPairs.compactMap { first, second in
            let a = SIMD3<Float>(Float(first.r), Float(first.g), Float(first.b))
            let b = SIMD3<Float>(Float(second.r), Float(second.g), Float(second.b))
            let span = b - a
            let magnitudes = [abs(span.x), abs(span.y), abs(span.z)]
            guard let largest = magnitudes.max(), largest > 0 else { return nil }
            return (a, span, magnitudes.firstIndex(of: largest)!)
        }
        memoKeys = [UInt32](repeating: UInt32.max, count: Self.memoSize)
        memoAnswers = [Bool](repeating: false, count: Self.memoSize)
    }

    /// True when the packed 0xRRGGBB colour is a flat interface colour or a blend of two.
    mutating func isInterface(packed: UInt32) -> Bool {
        let slot = Int((packed &* 0x9E37_79B1) >> 20)
        if memoKeys[slot] == packed { return memoAnswers[slot] }
        let answer = classify(packed)
        memoKeys[slot] = packed
        memoAnswers[slot] = answer
        return answer
    }

    private func classify(_ packed: UInt32) -> Bool {
        let color = SIMD3<Float>(Float(packed >> 16), Float(packed >> 8 & 0xFF), Float(packed & 0xFF))
        for pair in pairs {
            let t = (color[pair.axis] - pair.origin[pair.axis]) / pair.span[pair.axis]
            guard t >= -0.01, t <= 1.01 else { continue }
            let difference = color - (pair.origin + t * pair.span)
            if abs(difference.x) <= 1.5, abs(difference.y) <= 1.5, abs(difference.z) <= 1.5 { return true }
        }
        return false
    }

    /// For each pixel of `rect` in `image` (row by row), whether it may be dithered: true for
    /// picture pixels, false for interface pixels.
    mutating func ditherMask(image: RGBAImage, rect: PixelRect) -> [Bool] {
        var mask = [Bool](repeating: true, count: rect.area)
        let width = image.width
        image.pixels.withUnsafeBufferPointer { bytes in
            var position = 0
            for y in rect.y ..< rect.maxY {
                var offset = (y * width + rect.x) * 4
                for _ in 0 ..< rect.width {
                    let packed = AnimationPixels.opaquePacked(bytes, offset)
                    mask[position] = !isInterface(packed: packed)
                    position += 1
                    offset += 4
                }
            }
        }
        return mask
    }
}
