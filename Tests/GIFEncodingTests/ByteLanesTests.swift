import Testing
@testable import GIFEncoding

/// The eight-lane byte tricks against the same questions asked of each byte alone.
@Suite enum ByteLanesTests {
    /// A word of the given bytes, the first in the lowest lane.
    static func word(_ bytes: [UInt8]) -> UInt64 {
        bytes.enumerated().reduce(0) { $0 | UInt64($1.element) << (8 * UInt64($1.offset)) }
    }

    @Test static func everyByteValueInEveryLaneIsJudgedAlone() {
        for lane in 0 ..< 8 {
            for value in 0 ... 255 {
                // The lane's neighbours hold values that would carry into it if lanes leaked.
                var bytes: [UInt8] = [0xFF, 0x80, 0, 0x7F, 1, 0xFE, 0, 0x81]
                bytes[lane] = UInt8(value)
                let expected = word(bytes.map { $0 == 0 ? 0 : 1 })
                #expect(ByteLanes.nonzero(word(bytes)) == expected, "lane \(lane), value \(value)")
            }
        }
    }

    @Test static func sumsCountTheLanesThatAreOne() {
        var state: UInt64 = 12345
        for _ in 0 ..< 500 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let flags = (0 ..< 8).map { UInt8(truncatingIfNeeded: state >> (33 + UInt64($0))) & 1 }
            #expect(ByteLanes.sum(word(flags)) == flags.reduce(0) { $0 + Int($1) })
        }
        #expect(ByteLanes.sum(ByteLanes.ones) == 8)
        #expect(ByteLanes.sum(0) == 0)
    }
}
