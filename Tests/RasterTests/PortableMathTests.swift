import Foundation
import Testing
@testable import Raster

/// The portable functions agree with the C library to a few units in the last place, which is
/// all that geometry needs; their point is that they agree with themselves on every machine.
@Suite enum PortableMathTests {
    static func ulps(_ a: Double, _ b: Double) -> Double {
        abs(a - b) / max(abs(b).ulp, Double.leastNormalMagnitude)
    }

    @Test static func sineAndCosineMatchTheCLibrary() {
        var angle = -20.0
        while angle <= 20 {
            let (c, s) = PortableMath.cosSin(angle)
            #expect(abs(s - Foundation.sin(angle)) <= 4 * Foundation.sin(angle).magnitude.ulp + 1e-16, "sin(\(angle))")
            #expect(abs(c - Foundation.cos(angle)) <= 4 * Foundation.cos(angle).magnitude.ulp + 1e-16, "cos(\(angle))")
            angle += 0.0137
        }
    }

    @Test static func tangentMatchesTheCLibrary() {
        var angle = -1.5
        while angle <= 1.5 {
            #expect(ulps(PortableMath.tan(angle), Foundation.tan(angle)) <= 8, "tan(\(angle))")
            angle += 0.0071
        }
    }

    @Test static func arcTangentCoversEveryQuadrant() {
        for (y, x) in [(1.0, 1.0), (1.0, -1.0), (-1.0, -1.0), (-1.0, 1.0), (0.3, 2.0), (2.0, -0.3), (0.0, -1.0), (-0.0, 1.0)] {
            #expect(abs(PortableMath.atan2(y, x) - Foundation.atan2(y, x)) <= 4 * Foundation.atan2(y, x).magnitude.ulp + 1e-16,
                    "atan2(\(y), \(x))")
        }
    }

    /// Values the scene depends on, known in closed form.
    @Test static func exactValues() {
        #expect(PortableMath.sin(0) == 0 && PortableMath.cos(0) == 1)
        #expect(abs(PortableMath.sin(.pi / 3) - 3.0.squareRoot() / 2) <= 2e-16)
        #expect(abs(PortableMath.tan(.pi / 4) - 1) <= 3e-16)
        #expect(abs(PortableMath.cos(.pi / 3) - 0.5) <= 2e-16)
    }

    @Test(arguments: [0.001, 0.5, 1, 2, 10, 65025, 1e-12])
    static func log10AgreesWithFoundation(_ x: Double) {
        #expect(abs(PortableMath.log10(x) - Foundation.log10(x)) < 1e-13)
    }

    @Test static func log10OfNoPositiveNumberIsNotANumberOrMinusInfinity() {
        #expect(PortableMath.log10(0) == -.infinity)
        #expect(PortableMath.log10(-1).isNaN)
        #expect(PortableMath.log10(.infinity) == .infinity)
    }

    @Test static func exponentialMatchesTheCLibrary() {
        for x in stride(from: -60.0, through: 60, by: 0.0913) {
            #expect(ulps(PortableMath.exp(x), Foundation.exp(x)) <= 4, "exp(\(x))")
        }
    }

    @Test static func exponentialKnownValuesAndEdges() {
        #expect(PortableMath.exp(0) == 1)
        #expect(ulps(PortableMath.exp(1), M_E) <= 2)
        #expect(ulps(PortableMath.pow10(2), 100) <= 4)
        #expect(ulps(PortableMath.pow10(-0.5), 1 / 10.0.squareRoot()) <= 4)
        #expect(PortableMath.exp(-800) == 0)
        #expect(PortableMath.exp(800) == .infinity)
        #expect(PortableMath.exp(.nan).isNaN)
    }

    @Test(arguments: [-3.79, -1.0, -0.25, 0.0, 0.7])
    static func decimalPowerUndoesTheDecimalLogarithm(_ x: Double) {
        #expect(abs(PortableMath.log10(PortableMath.pow10(x)) - x) < 1e-14)
    }
}
