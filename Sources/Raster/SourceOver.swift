/// Source-over compositing of premultiplied RGBA8 with coverage, in exact integers.
///
/// With coverage c = C / 32768 (C from a `CoverageMask`), source channel s and source alpha
/// sa, destination channel d, every output channel (alpha included) is
///
///     out = s·c + d·(1 − sa·c / 255)
///
/// evaluated exactly as the fraction (255·s·C + d·(255·32768 − sa·C)) / (255·32768) and
/// rounded once to nearest, halves up. So 50% coverage of opaque red over opaque white gives
/// (255, 128, 128, 255): green is exactly 127.5 and rounds up. Coverage 32768 reduces to
/// plain premultiplied source-over, out = round(s + d·(255 − sa) / 255).
enum SourceOver {
    /// The common denominator 255 · 32768.
    static let denominator = 255 * 32768
    private static let half = denominator / 2

    /// One output channel; `weightedSource` is 255·s·C and `destinationWeight` is
    /// 255·32768 − sa·C.
    @inline(__always)
    static func channel(weightedSource: Int, destination: UInt8, destinationWeight: Int) -> UInt8 {
        // No overflow: every term is below 2^40 for any byte values.
        let value = (weightedSource &+ Int(destination) &* destinationWeight &+ half) / denominator
        return UInt8(truncatingIfNeeded: Swift.min(value, 255))
    }

    /// Blends one premultiplied source pixel at coverage C into `canvas` at byte offset `p`.
    @inline(__always)
    static func blend(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8, coverage: UInt16,
                      into canvas: UnsafeMutableBufferPointer<UInt8>, at p: Int) {
        guard coverage > 0 else { return }
        if coverage >= CoverageMask.full && alpha == 255 {
            let word = UInt32(red) | UInt32(green) << 8 | UInt32(blue) << 16 | 0xFF00_0000
            UnsafeMutableRawPointer(canvas.baseAddress! + p).storeBytes(of: word.littleEndian, as: UInt32.self)
            return
        }
        let c = Int(Swift.min(coverage, CoverageMask.full))
        let weight = denominator &- Int(alpha) &* c
        let scale = 255 &* c
        canvas[p] = channel(weightedSource: scale &* Int(red), destination: canvas[p], destinationWeight: weight)
        canvas[p + 1] = channel(weightedSource: scale &* Int(green), destination: canvas[p + 1], destinationWeight: weight)
        canvas[p + 2] = channel(weightedSource: scale &* Int(blue), destination: canvas[p + 2], destinationWeight: weight)
        canvas[p + 3] = channel(weightedSource: scale &* Int(alpha), destination: canvas[p + 3], destinationWeight: weight)
    }

    /// A solid colour prepared for blending.
    struct Color {
        let red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8

        init(_ color: PremultipliedColor) {
            red = color.red; green = color.green; blue = color.blue; alpha = color.alpha
        }

        /// Blends the colour at coverage C into `canvas` at byte offset `p`.
        @inline(__always)
        func blend(coverage: UInt16, into canvas: UnsafeMutableBufferPointer<UInt8>, at p: Int) {
            SourceOver.blend(red: red, green: green, blue: blue, alpha: alpha, coverage: coverage,
                             into: canvas, at: p)
        }
    }
}
