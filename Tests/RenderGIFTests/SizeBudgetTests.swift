import Foundation
@testable import RenderGIF
import Testing

/// `maxBytes` in the render job: a budget the GIF fits changes nothing, a smaller one
/// gives the best ladder step that fits, and one nothing fits names the smallest size.
@Suite enum SizeBudgetTests {
    /// A short animation with two moves and still frames to refine, small enough to render
    /// many times. A budget walk plans the palette again for every step it tries, and the plan
    /// is most of a step's time; 32 colours plan much faster than 256, and the ladder below
    /// them still has a step of every kind (the three LZW tolerances, the refinement of still
    /// tiles, 16, 8 and 4 colours).
    static func animation(maxBytes: Int? = nil, dither: DitherMode = .none) -> Animation {
        var animation = TestSupport.small
        animation.fps = 25
        animation.colors = 32
        animation.dither = dither
        animation.maxBytes = maxBytes
        return animation
    }

    /// The GIF without a budget, rendered once for the tests that start from it.
    static let free = Result { try render(animation()).get() }

    /// The GIF `animation` renders on `threads` threads, or the error the job throws.
    static func render(_ animation: Animation, threads: Int = 2) throws -> Result<[UInt8], RenderGIFError> {
        let folder = try TestSupport.temporaryFolder("budget")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/out.gif"
        do {
            return .success(try TestSupport.renderedFile(animation, to: path, threads: threads))
        } catch let error as RenderGIFError {
            #expect(!FileManager.default.fileExists(atPath: path), "a failed render leaves no file")
            return .failure(error)
        }
    }

    @Test(arguments: [DitherMode.none, .ordered])
    static func aBudgetTheFileFitsChangesNothing(dither: DitherMode) throws {
        let free = try dither == .none ? Self.free.get() : render(animation(dither: dither)).get()
        #expect(free.count > 1000)
        #expect(try render(animation(maxBytes: free.count, dither: dither)).get() == free)
        #expect(try render(animation(maxBytes: 1_000_000_000, dither: dither)).get() == free)
    }

    @Test static func aSmallerBudgetGivesASmallerFileTheSameEveryTime() throws {
        let free = try Self.free.get()
        let budget = free.count * 9 / 10
        let fitted = try render(animation(maxBytes: budget)).get()
        #expect(fitted.count <= budget)
        #expect(fitted.starts(with: Array("GIF89a".utf8)) && fitted.last == 0x3B)
        #expect(try render(animation(maxBytes: budget), threads: 1).get() == fitted)
        // The walk keeps the first step that fits, so a budget of exactly that size gives it again.
        #expect(try render(animation(maxBytes: fitted.count)).get() == fitted)
    }

    /// The size the message names is the smallest step's file: a budget of exactly that many
    /// bytes gives a file of that size, one byte less gives the same refusal.
    @Test static func aBudgetNothingFitsNamesTheSmallestSize() throws {
        guard case let .failure(error) = try render(animation(maxBytes: 100)),
              case let .overBudget(maxBytes, smallest) = error else {
            Issue.record("a 100-byte budget did not fail with .overBudget")
            return
        }
        #expect(maxBytes == 100)
        #expect(smallest > 100)
        #expect(try render(animation(maxBytes: smallest)).get().count == smallest)
        guard case let .failure(again) = try render(animation(maxBytes: smallest - 1)) else {
            Issue.record("a budget one byte under the smallest file was met")
            return
        }
        #expect(again == .overBudget(maxBytes: smallest - 1, smallestBytes: smallest))
        #expect(again.description == "maxBytes \(smallest - 1): the smallest GIF render-gif can make of this "
                + "animation is \(Setting.groupedDigits(smallest)) bytes")
    }
}
