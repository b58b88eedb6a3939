import Testing
@testable import Palette

@Suite enum RGB8Tests {
    @Test static func packsAndOrders() {
        #expect(RGB8(0x12, 0x34, 0x56).packed == 0x123456)
        #expect(RGB8(0, 0, 255) < RGB8(0, 1, 0))
    }
}
