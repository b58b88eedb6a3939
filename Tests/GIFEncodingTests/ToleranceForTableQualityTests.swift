@testable import GIFEncoding
@testable import Palette
import Raster
import Testing

/// A global table short of the quality target takes a smaller LZW tolerance, in proportion to
/// the mean squared error the target allows against the one the table gives; a table that
/// reaches the target keeps the tolerance as set.
@Suite enum ToleranceForTableQualityTests {
    @Test static func aTableReachingTheTargetKeepsTheTolerance() {
        let options = GIFEncodingOptions()
        #expect(options.qualityTarget == 40 && options.lzwTolerance == 8)
        #expect(options.lzwTolerance(forEstimatedPSNR: 40) == 8)
        #expect(options.lzwTolerance(forEstimatedPSNR: 47.5) == 8)
        #expect(options.lzwTolerance(forEstimatedPSNR: .infinity) == 8)
    }

    /// 10 dB short is a tenth of the allowed squared error, 20 dB a hundredth.
    @Test(arguments: [(30.0, 0.8), (20.0, 0.08), (36.99, 8 * 0.500034534977)])
    static func aTableShortOfTheTargetScalesTheTolerance(_ estimate: Double, _ expected: Double) {
        let tolerance = GIFEncodingOptions().lzwTolerance(forEstimatedPSNR: estimate)
        #expect(abs(tolerance - expected) < 1e-9, "estimate \(estimate) dB gave \(tolerance)")
    }

    @Test static func withoutATargetTheToleranceStands() {
        var options = GIFEncodingOptions()
        options.qualityTarget = nil
        options.lzwTolerance = 12
        #expect(options.lzwTolerance(forEstimatedPSNR: 25) == 12)
    }

    /// The encoder made from a planned palette works with the scaled tolerance.
    @Test static func theEncoderUsesTheToleranceForItsPalette() throws {
        let colors = [RGB8(255, 255, 255), RGB8(0, 0, 0)]
        let table = try IndexedPalette(colors: colors, reservesTransparentIndex: true)
        let short = AnimationPalette(palette: table, interfaceColors: .arcScene, width: 4, height: 4, estimatedPSNR: 30)
        let enough = AnimationPalette(palette: table, interfaceColors: .arcScene, width: 4, height: 4, estimatedPSNR: 41)
        #expect(abs(try AnimationEncoder(palette: short).options.lzwTolerance - 0.8) < 1e-9)
        #expect(try AnimationEncoder(palette: enough).options.lzwTolerance == 8)
    }
}
