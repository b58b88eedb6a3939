@testable import ArcScene
import Testing
@testable import RenderGIF
import Raster

/// `#rrggbb` colours: parsing and printing.
@Suite enum RGB8ParsingTests {
    @Test(arguments: [
        ("#000000", 0, 0, 0), ("#ffffff", 255, 255, 255), ("#FFFFFF", 255, 255, 255), ("#00ff00", 0, 255, 0),
        ("#00FF00", 0, 255, 0), ("#123456", 0x12, 0x34, 0x56), ("#aBcDeF", 0xAB, 0xCD, 0xEF), ("#0a0B0c", 10, 11, 12),
    ])
    static func parsing(text: String, r: Int, g: Int, b: Int) {
        #expect(RGB8(parsing: text) == RGB8(UInt8(r), UInt8(g), UInt8(b)))
    }

    @Test(arguments: ["", "#", "000000", "#00000", "#0000000", "#00000g", "#-10000", "0x00ff00", "#0f0",
                      "# 00ff0", "#00ff0\n", "#é0000", "#٠٠٠٠٠٠"])
    static func refusals(text: String) {
        #expect(RGB8(parsing: text) == nil)
    }

    /// Every channel value survives printing and parsing back, in each position.
    @Test static func roundTripOfEveryChannelValue() {
        for value in 0...255 {
            let v = UInt8(value)
            for color in [RGB8(v, 0, 0), RGB8(0, v, 0), RGB8(0, 0, v),
                          RGB8(v, 255 - v, v / 3)] {
                #expect(RGB8(parsing: color.description) == color)
                #expect(RGB8(parsing: color.description.lowercased()) == color)
            }
        }
    }

    /// Each of the 22 digit spellings, in each of the six positions, adds its value times the
    /// position's weight (16 for the first digit of a channel, 1 for the second).
    @Test static func everyDigitInEveryPosition() {
        let digits: [(Character, UInt8)] = Array(zip("0123456789abcdef", 0...15)) + Array(zip("ABCDEF", 10...15))
        for position in 0..<6 {
            for (digit, value) in digits {
                var text = Array("000000")
                text[position] = digit
                let channel = value * (position % 2 == 0 ? 16 : 1)
                let expected = RGB8(position / 2 == 0 ? channel : 0,
                                    position / 2 == 1 ? channel : 0,
                                    position / 2 == 2 ? channel : 0)
                #expect(RGB8(parsing: "#" + String(text)) == expected, "#\(String(text))")
            }
        }
    }

    @Test static func channelsAreIndependentFields() {
        var color = RGB8(1, 2, 3)
        color.g = 200
        #expect(color == RGB8(1, 200, 3))
        #expect(color != RGB8(3, 200, 1))
        #expect(color.description == "#01C803")
    }
}
