@testable import GIFEncoding
import Palette
import Testing

/// The ladder a size budget walks: the given options first, then one change per step toward
/// smaller files, never a step twice.
@Suite enum SizeLadderTests {
    @Test(arguments: [GIFEncodingOptions(), GIFEncodingOptions(colors: 64, dither: .ordered, loopCount: nil),
                      GIFEncodingOptions(colors: 2, dither: .none, loopCount: 3)])
    static func firstStepIsTheOptionsThemselves(options: GIFEncodingOptions) {
        #expect(options.sizeLadder.first == options)
    }

    @Test static func everyStepChangesSomething() {
        let ladder = GIFEncodingOptions(colors: 200, dither: .diffusion, loopCount: 0).sizeLadder
        for (before, after) in zip(ladder, ladder.dropFirst()) {
            #expect(before != after)
            #expect(after.colors <= before.colors)
            #expect(after.lzwTolerance >= before.lzwTolerance)
            #expect(after.loopCount == 0, "the loop count is never traded for size")
        }
    }

    @Test static func ditheringGoesFirst() {
        let ladder = GIFEncodingOptions(colors: 256, dither: .ordered, loopCount: 0).sizeLadder
        #expect(ladder.count >= 2)
        #expect(ladder[1].dither == .none)
        #expect(ladder[1].colors == 256 && ladder[1].lzwTolerance == ladder[0].lzwTolerance)
        #expect(GIFEncodingOptions().sizeLadder.allSatisfy { $0.dither == .none })
        // Refinement stays off for a dithered request: switching it on would grow the file.
        #expect(ladder.allSatisfy { !$0.refinesStillTilesInEffect })
    }

    @Test static func colourStepsStayBelowTheGivenPalette() {
        let ladder = GIFEncodingOptions(colors: 16, dither: .none, loopCount: 0).sizeLadder
        #expect(ladder.dropFirst().allSatisfy { $0.colors < 16 || $0.colors == 16 && $0.lzwTolerance > ladder[0].lzwTolerance })
        #expect(ladder.last!.colors == GIFEncodingOptions.budgetColorCounts.last!)
        let tiny = GIFEncodingOptions(colors: 2, dither: .none, loopCount: 0).sizeLadder
        #expect(tiny.allSatisfy { $0.colors == 2 })
    }

    @Test static func refinementGoesAfterTheLZWStepsAndBeforeTheColours() throws {
        let ladder = GIFEncodingOptions().sizeLadder
        let off = try #require(ladder.firstIndex { !$0.refinesStillTiles })
        #expect(ladder[..<off].allSatisfy { $0.refinesStillTiles })
        #expect(ladder[off...].allSatisfy { !$0.refinesStillTiles })
        #expect(ladder[off].lzwTolerance == GIFEncodingOptions.budgetLZWTolerances.last!)
        #expect(ladder[off].colors == 256)
        #expect(ladder[off + 1].colors == GIFEncodingOptions.budgetColorCounts.first!)
    }

    @Test static func withoutRefinementOnlyTheColourCapLeavesThePlanAlone() {
        var base = GIFEncodingOptions()
        base.refinesStillTiles = false
        var fewer = base
        fewer.colors = 32
        #expect(fewer.encodesLike(base) && base.encodesLike(fewer))
        var lossier = base
        lossier.lzwTolerance += 4
        #expect(!lossier.encodesLike(base))
        var dithered = fewer
        dithered.dither = .ordered
        #expect(!dithered.encodesLike(base))
    }

    @Test static func withRefinementTheColourCapChangesTheBytes() {
        let base = GIFEncodingOptions()
        var fewer = base
        fewer.colors = 32
        // The cap also limits the still tiles' own tables.
        #expect(!fewer.encodesLike(base))
        // Dithering turns the refinement off, so there the cap only caps the plan again.
        var dithered = base
        dithered.dither = .ordered
        var ditheredFewer = dithered
        ditheredFewer.colors = 32
        #expect(ditheredFewer.encodesLike(dithered))
    }
}
