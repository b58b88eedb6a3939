import Foundation
@testable import ImageCodecs
import Testing

/// The integer Y'CbCr to R'G'B' conversion against H.273's formulas computed here in Double,
/// and the chroma upsampling against planes worked out by hand.
@Suite enum YCbCrConversionTests {
    /// Kr and Kb of H.273 table 4, written out independently of the code under test.
    static let weights: [Int: (kr: Double, kb: Double)] = [
        1: (0.2126, 0.0722), 2: (0.299, 0.114), 5: (0.299, 0.114), 6: (0.299, 0.114), 9: (0.2627, 0.0593),
    ]

    /// H.273 8.3 in Double: R, G, B in 0 ... 1 (before clamping) for coded `y`, `cb`, `cr`.
    static func reference(matrix: Int, bitDepth: Int, fullRange: Bool, y: Int, cb: Int, cr: Int) -> [Double] {
        let step = Double(1 << (bitDepth - 8)), maximum = Double((1 << bitDepth) - 1)
        let half = Double(1 << (bitDepth - 1))
        func asLuma(_ v: Int) -> Double { fullRange ? Double(v) / maximum : (Double(v) - 16 * step) / (219 * step) }
        func asChroma(_ v: Int) -> Double { fullRange ? (Double(v) - half) / maximum : (Double(v) - half) / (224 * step) }
        switch matrix {
        case 0: return [asLuma(cr), asLuma(y), asLuma(cb)]
        case 8:
            let l = asLuma(y), g = asChroma(cb), o = asChroma(cr)
            return [l - g + o, l + g, l - g - o]
        default:
            let (kr, kb) = weights[matrix]!, kg = 1 - kr - kb
            let l = asLuma(y), pb = asChroma(cb), pr = asChroma(cr)
            let r = l + 2 * (1 - kr) * pr, b = l + 2 * (1 - kb) * pb
            return [r, (l - kr * r - kb * b) / kg, b]
        }
    }

    /// Every matrix and range, at 8 and 10 bits, to 8- and 16-bit outputs, over a lattice of
    /// coded values reaching both ends: each output is the Double formula's, rounded to the
    /// nearest (a value within 10⁻⁴ of a tie may go either way: the fixed-point coefficients, 24
    /// bits below the point, are off by up to 2⁻²⁵ each, some 3 · 10⁻⁵ of an output step at 10 bits).
    @Test(arguments: [0, 1, 2, 5, 6, 8, 9], [false, true])
    static func matricesAndRangesMatchTheFormulas(matrix: Int, fullRange: Bool) {
        for bitDepth in [8, 10] {
            for outputMaximum in [255, 65535] {
                let converter = YCbCrMatrix(matrixCoefficients: matrix, bitDepth: bitDepth, fullRange: fullRange,
                                            outputMaximum: outputMaximum)
                let top = (1 << bitDepth) - 1
                let values = stride(from: 0, through: top, by: top / 12) + [top, 1 << (bitDepth - 1)]
                var checked = 0
                for y in values {
                    for cb in values {
                        for cr in values {
                            let got = converter.rgb(y: y, cb: cb, cr: cr)
                            let expected = reference(matrix: matrix, bitDepth: bitDepth, fullRange: fullRange, y: y, cb: cb, cr: cr)
                            for (value, exact) in zip([got.r, got.g, got.b], expected) {
                                let scaled = min(1, max(0, exact)) * Double(outputMaximum)
                                if abs(scaled - scaled.rounded(.down) - 0.5) < 1e-4 { continue }
                                checked += 1
                                #expect(value == Int(scaled.rounded()),
                                        "matrix \(matrix) full \(fullRange) \(bitDepth)-bit to \(outputMaximum): \(y) \(cb) \(cr)")
                            }
                        }
                    }
                }
                #expect(checked > 3 * 2000)
            }
        }
    }

    /// Values worked out by hand: BT.601 full-range grey and the corners of the RGB cube
    /// as an encoder writes them; limited-range black and white.
    @Test static func knownValues() {
        let full = YCbCrMatrix(matrixCoefficients: 6, bitDepth: 8, fullRange: true, outputMaximum: 255)
        #expect(full.rgb(y: 128, cb: 128, cr: 128) == (128, 128, 128))
        #expect(full.rgb(y: 0, cb: 128, cr: 128) == (0, 0, 0))
        #expect(full.rgb(y: 255, cb: 128, cr: 128) == (255, 255, 255))
        // Pure red: Y = 0.299 · 255 = 76.245, Cr = 128 + 0.5 · 255 = 255.5 (clamped to 255),
        // Cb = 128 − 0.168736 · 255 = 84.97.
        let red = full.rgb(y: 76, cb: 85, cr: 255)
        #expect(red.r >= 253 && red.g <= 1 && red.b <= 1)
        let limited = YCbCrMatrix(matrixCoefficients: 1, bitDepth: 8, fullRange: false, outputMaximum: 255)
        #expect(limited.rgb(y: 16, cb: 128, cr: 128) == (0, 0, 0))
        #expect(limited.rgb(y: 235, cb: 128, cr: 128) == (255, 255, 255))
        #expect(limited.rgb(y: 5, cb: 128, cr: 128) == (0, 0, 0))
        let tenBit = YCbCrMatrix(matrixCoefficients: 9, bitDepth: 10, fullRange: false, outputMaximum: 65535)
        #expect(tenBit.rgb(y: 940, cb: 512, cr: 512) == (65535, 65535, 65535))
        #expect(tenBit.rgb(y: 64, cb: 512, cr: 512) == (0, 0, 0))
    }

    /// Chroma upsampled `chromaScale` times comes out as the same colours as chroma at scale 1.
    @Test static func scaledChromaGivesTheSameColours() {
        let plain = YCbCrMatrix(matrixCoefficients: 1, bitDepth: 8, fullRange: false, outputMaximum: 255)
        let scaled = YCbCrMatrix(matrixCoefficients: 1, bitDepth: 8, fullRange: false, outputMaximum: 255, chromaScale: 8)
        for (y, cb, cr) in [(16, 128, 128), (100, 30, 200), (235, 240, 16), (81, 90, 240)] {
            #expect(plain.rgb(y: y, cb: cb, cr: cr) == scaled.rgb(y: y, cb: 8 * cb, cr: 8 * cr))
        }
    }

    static func upsampled(_ upsampler: ChromaUpsampler, _ plane: [[Int32]]) -> [[Int32]] {
        var rows: [[Int32]] = []
        var row = [Int32](repeating: -1, count: upsampler.width)
        for y in 0 ..< upsampler.height {
            row.withUnsafeMutableBufferPointer { out in
                upsampler.upsample(lumaRow: y, into: out.baseAddress!) { r, x in plane[r][x] }
            }
            rows.append(row)
        }
        return rows
    }

    /// A 2 x 2 chroma plane under a 4 x 4 luma plane (4:2:0), worked out by hand: rows ¾/¼
    /// from the nearer and the farther chroma row (the edge row repeated), columns co-sited
    /// and halfway; every value 8 times its own.
    @Test static func upsampling420() {
        let upsampler = ChromaUpsampler(subsampling: .horizontalAndVertical, width: 4, height: 4)
        #expect(upsampler.chromaWidth == 2 && upsampler.chromaHeight == 2 && upsampler.scale == 8)
        let rows = upsampled(upsampler, [[10, 30], [50, 90]])
        // Row 0: 4·10, 4·30 → 10, 20, 30, 30.  Row 1: 3·10 + 50 = 80, 3·30 + 90 = 180.
        // Row 2: 3·50 + 10 = 160, 3·90 + 30 = 300.  Row 3: 4·50, 4·90.
        #expect(rows == [[80, 160, 240, 240], [160, 260, 360, 360], [320, 460, 600, 600], [400, 560, 720, 720]])
    }

    /// An odd-sized 4:2:0 plane (3 x 3 luma, 2 x 2 chroma): the last column and row are
    /// co-sited with the last chroma ones.
    @Test static func upsamplingOddSizes() {
        let upsampler = ChromaUpsampler(subsampling: .horizontalAndVertical, width: 3, height: 3)
        #expect(upsampler.chromaWidth == 2 && upsampler.chromaHeight == 2)
        let rows = upsampled(upsampler, [[10, 30], [50, 90]])
        #expect(rows == [[80, 160, 240], [160, 260, 360], [320, 460, 600]])
    }

    /// 4:2:2: columns only, every value twice its own.
    @Test static func upsampling422() {
        let upsampler = ChromaUpsampler(subsampling: .horizontal, width: 4, height: 2)
        #expect(upsampler.scale == 2)
        #expect(upsampled(upsampler, [[10, 30], [7, 9]]) == [[20, 40, 60, 60], [14, 16, 18, 18]])
    }
}
