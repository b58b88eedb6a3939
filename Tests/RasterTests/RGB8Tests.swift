import Testing
import Raster

@Suite enum RGB8Tests {
    @Test static func packsAndOrders() {
        #expect(RGB8(0x12, 0x34, 0x56).packed == 0x123456)
        #expect(RGB8(packed: 0x12AB34) == RGB8(0x12, 0xAB, 0x34))
        #expect(RGB8(packed: 0xFF12_AB34) == RGB8(0x12, 0xAB, 0x34))
        #expect(RGB8(0, 0, 255) < RGB8(0, 1, 0))
    }

    @Test static func namedColoursAreUIKitsExactValues() {
        #expect(RGB8.white == RGB8(255, 255, 255))
        #expect(RGB8.red.packed == 0xFF0000)
        #expect(RGB8.green.packed == 0x00FF00)
        #expect(RGB8.blue.packed == 0x0000FF)
        #expect(RGB8.black.packed == 0)
    }

    @Test static func printsAsUpperCaseHex() {
        #expect(RGB8.blue.description == "#0000FF")
        #expect(RGB8(0x0A, 0xF0, 0x5C).description == "#0AF05C")
        #expect("\(RGB8.white)" == "#FFFFFF")
    }
}
