import Foundation
import Testing
@testable import Palette
import Raster

@Suite enum OkLabTests {
    @Test static func whiteHasLightnessOneAndNoChroma() {
        let white = OkLab(RGB8(255, 255, 255))
        #expect(abs(white.l - 1) < 1e-6)
        #expect(abs(white.a) < 1e-6)
        #expect(abs(white.b) < 1e-6)
    }

    @Test static func blackIsTheOrigin() {
        let black = OkLab(RGB8(0, 0, 0))
        #expect(black.l == 0 && black.a == 0 && black.b == 0)
    }

    /// Published reference for sRGB red: L 0.627955, a 0.224863, b 0.125846.
    @Test static func pureRedMatchesThePublishedValue() {
        let red = OkLab(RGB8(255, 0, 0))
        #expect(abs(red.l - 0.627_955_4) < 1e-6)
        #expect(abs(red.a - 0.224_863_1) < 1e-6)
        #expect(abs(red.b - 0.125_846_3) < 1e-6)
    }

    @Test static func decodingMatchesTheClosedFormCurve() {
        for code in [0, 10, 11, 50, 128, 200, 254, 255] {
            let encoded = Double(code) / 255
            let expected = encoded <= 0.04045 ? encoded / 12.92 : Foundation.pow((encoded + 0.055) / 1.055, 2.4)
            #expect(abs(SRGBTransfer.decodeTable[code] - expected) < 1e-13)
        }
    }

    @Test(arguments: [1e-9, 0.001, 0.2, 0.5, 1, 8, 27.5, 1e6])
    static func cubeRootCubesBack(_ x: Double) {
        let root = SRGBTransfer.cubeRoot(x)
        #expect(abs(root * root * root - x) <= x * 1e-14)
        #expect(SRGBTransfer.cubeRoot(-x) == -root)
    }

    @Test(arguments: [0.001, 0.5, 1, 2, 10, 65025, 1e-12])
    static func log10AgreesWithFoundation(_ x: Double) {
        #expect(abs(SRGBTransfer.log10(x) - Foundation.log10(x)) < 1e-13)
    }

    @Test static func everyGreyAndPrimaryRampRoundTrips() {
        for value in 0 ... 255 {
            let v = UInt8(value)
            for color in [RGB8(v, v, v), RGB8(v, 0, 0), RGB8(0, v, 0), RGB8(0, 0, v), RGB8(255, v, 255 - v)] {
                #expect(OkLab(color).rgb8 == color)
            }
        }
    }

    @Test static func encodingRoundsInTheEncodedDomain() {
        // Just below and above the midpoint between codes 100 and 101.
        let midpoint = SRGBTransfer.decode(100.5 / 255)
        #expect(SRGBTransfer.encodeToByte(midpoint * (1 - 1e-9)) == 100)
        #expect(SRGBTransfer.encodeToByte(midpoint * (1 + 1e-9)) == 101)
        #expect(SRGBTransfer.encodeToByte(-0.5) == 0)
        #expect(SRGBTransfer.encodeToByte(3) == 255)
    }
}
