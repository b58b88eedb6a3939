import Foundation
@testable import RenderGIF
import Testing

/// `--max-bytes` in the render job: a budget the GIF fits changes nothing, a smaller one
/// gives the best ladder step that fits, and one nothing fits names the smallest size.
@Suite enum SizeBudgetTests {
    /// A short animation with two moves and still frames to refine, small enough to render
    /// many times. A budget walk plans the palette again for every step it tries, and the plan
    /// is most of a step's time; 32 colours plan much faster than 256, and the ladder below
    /// them still has a step of every kind (the three LZW tolerances, the refinement of still
    /// tiles, 16, 8 and 4 colours).
    static let arguments = ["--width", "160", "--height", "200", "--scale", "1", "--diameter", "30",
                            "--taps", "1,3", "--hold", "0.1", "--fps", "25", "--colors", "32"]

    /// The GIF without a budget, rendered once for the tests that start from it.
    static let free = Result { try render([]).get() }

    /// The GIF `extra` renders on `threads` threads, or the error the job throws.
    static func render(_ extra: [String], threads: Int = 2) throws -> Result<[UInt8], RenderGIFError> {
        let folder = NSTemporaryDirectory() + "render-gif-budget-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/out.gif"
        guard case let .render(invocation) = try CommandLineInterface.parse(arguments + extra + [path]) else {
            Issue.record("the arguments do not ask for a render")
            return .success([])
        }
        do {
            _ = try RenderJob.run(invocation, progress: SilentProgress(), threads: threads)
        } catch {
            #expect(!FileManager.default.fileExists(atPath: path), "a failed render leaves no file")
            return .failure(error)
        }
        return .success(Array(try Data(contentsOf: URL(fileURLWithPath: path))))
    }

    @Test(arguments: [[], ["--dither", "ordered"]])
    static func aBudgetTheFileFitsChangesNothing(extra: [String]) throws {
        let free = try extra.isEmpty ? Self.free.get() : render(extra).get()
        #expect(free.count > 1000)
        #expect(try render(extra + ["--max-bytes", String(free.count)]).get() == free)
        #expect(try render(extra + ["--max-bytes", "1GB"]).get() == free)
    }

    @Test static func aSmallerBudgetGivesASmallerFileTheSameEveryTime() throws {
        let free = try Self.free.get()
        let budget = free.count * 9 / 10
        let fitted = try render(["--max-bytes", String(budget)]).get()
        #expect(fitted.count <= budget)
        #expect(fitted.starts(with: Array("GIF89a".utf8)) && fitted.last == 0x3B)
        #expect(try render(["--max-bytes", String(budget)], threads: 1).get() == fitted)
        // The walk keeps the first step that fits, so a budget of exactly that size gives it again.
        #expect(try render(["--max-bytes", String(fitted.count)]).get() == fitted)
    }

    /// The size the message names is the smallest step's file: a budget of exactly that many
    /// bytes gives a file of that size, one byte less gives the same message.
    @Test static func aBudgetNothingFitsNamesTheSmallestSize() throws {
        guard case let .failure(error) = try render(["--max-bytes", "100"]),
              case let .overBudget(maxBytes, smallest) = error else {
            Issue.record("a 100-byte budget did not fail with .overBudget")
            return
        }
        #expect(maxBytes == 100)
        #expect(smallest > 100)
        #expect(try render(["--max-bytes", String(smallest)]).get().count == smallest)
        guard case let .failure(again) = try render(["--max-bytes", String(smallest - 1)]) else {
            Issue.record("a budget one byte under the smallest file was met")
            return
        }
        #expect(again.description == "--max-bytes \(smallest - 1): the smallest GIF render-gif can make of this "
                + "animation is \(Setting.groupedDigits(smallest)) bytes")
    }
}
