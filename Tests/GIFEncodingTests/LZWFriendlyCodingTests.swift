@testable import GIFEncoding
import SharedTestSupport
import Testing

/// The LZW-friendly re-mapping writes its codes as it parses; they must be exactly the
/// image data the plain coder makes for the indices it chose.
@Suite enum LZWFriendlyCodingTests {
    @Test(arguments: [1, 4, 12, 40])
    static func theChoosersDataIsThePlainCodersData(tolerance: Int) {
        var generator = SeededGenerator(seed: UInt64(tolerance))
        let palette: [UInt32] = (0 ..< 64).map { _ in UInt32(truncatingIfNeeded: generator.next()) & 0xFF_FFFF }
        // 200 x 150 pixels of runs: enough strings to fill and clear the table several times.
        let preferred = GiflibIdentityTests.indices(count: 30_000, colors: 64, runLength: 6, seed: 3)
        let colors = preferred.map { palette[Int($0)] ^ UInt32(truncatingIfNeeded: generator.next() & 0x030303) }
        let bounds = preferred.indices.map { $0 % 5 == 0 ? Int32(0) : Int32(tolerance * tolerance) }
        let (chosen, stream) = LZWFriendlyIndexChooser().choose(preferred: preferred, trueColors: colors, bounds: bounds,
                                                                shown: colors, palette: palette, transparentIndex: nil,
                                                                codeSize: 6)
        var expected: [UInt8] = []
        chosen.withUnsafeBufferPointer { LZWEncoder().encode($0, codeSize: 6, into: &expected) }
        #expect(stream.codeSize == 6)
        #expect(stream.bytes == expected)
        // Pixels without room keep their index; the others stay within their bound.
        for position in preferred.indices where bounds[position] == 0 {
            #expect(chosen[position] == preferred[position])
        }
    }

    @Test static func theChoosersTableMakesThePlainCodersData() {
        let chooser = LZWFriendlyIndexChooser()
        for (seed, run) in [(1, 1), (2, 9)] as [(UInt64, Int)] {
            let indices = GiflibIdentityTests.indices(count: 40_000, colors: 200, runLength: run, seed: seed)
            var borrowed: [UInt8] = [], own: [UInt8] = []
            indices.withUnsafeBufferPointer {
                chooser.encode($0, codeSize: 8, into: &borrowed)
                LZWEncoder().encode($0, codeSize: 8, into: &own)
            }
            #expect(borrowed == own)
        }
    }
}
