import Foundation
import RenderGIF
@testable import RenderGIFCommand
import Testing

/// An invocation runs the library's render: the bytes an `Animation` with the same settings
/// renders, `--check` comparing without writing, and the line that says how to bring a stale
/// or missing file up to date.
@Suite enum InvocationRunTests {
    /// A short animation: small screen, two taps, 10 fps.
    static let flags = ["--width", "160", "--height", "200", "--scale", "1", "--diameter", "30", "--taps", "1,3",
                        "--hold", "0.1", "--fps", "10"]

    static func invocation(_ arguments: [String]) throws -> Invocation {
        try #require(CommandTestSupport.invocation(arguments))
    }

    /// The error running `invocation` fails with, or nil when it succeeds.
    static func failure(_ invocation: Invocation) -> CommandError? {
        do {
            _ = try invocation.run(progress: SilentProgress())
            return nil
        } catch {
            return error
        }
    }

    @Test static func theGIFIsTheLibrarysForTheSameSettings() throws {
        let folder = try CommandTestSupport.temporaryFolder("command-run")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let render = try invocation(flags + [folder + "/out.gif"])
        let report = try render.run(progress: SilentProgress())
        #expect(report.outputs == [folder + "/out.gif"])
        let written = Array(try Data(contentsOf: URL(fileURLWithPath: folder + "/out.gif")))
        #expect(written == (try render.resolveSettings().renderGIF().bytes))
    }

    @Test static func checkComparesAndSaysHowToRegenerate() throws {
        let folder = try CommandTestSupport.temporaryFolder("command-run")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/out.gif"
        _ = try invocation(flags + [path]).run(progress: SilentProgress())
        let written = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(failure(try invocation(["--check"] + flags + [path])) == nil)
        let stale = try invocation(["--check"] + flags + ["--taps", "1,2", path])
        let error = try #require(failure(stale))
        guard case let .render(.outOfDate(differences)) = error else {
            Issue.record("got \(error)")
            return
        }
        #expect(differences.map(\.file) == [path])
        #expect(!error.isUsageError)
        #expect(stale.followUp(after: error)
                == "To regenerate: \(stale.regenerateCommand)\nRendered here with \(RenderGIFVersion.librariesLine)\n")
        #expect(!stale.regenerateCommand.contains("--check"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == written)
    }

    @Test static func checkOfAMissingFileSaysHowToCreateIt() throws {
        let folder = try CommandTestSupport.temporaryFolder("command-run")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/missing.gif"
        let check = try invocation(["--check"] + flags + [path])
        let error = try #require(failure(check))
        guard case let .render(.cannotCheck(checked, _)) = error else {
            Issue.record("got \(error)")
            return
        }
        #expect(checked == path)
        #expect(check.followUp(after: error) == "To create it: \(check.regenerateCommand)\n")
        #expect(!FileManager.default.fileExists(atPath: path))
    }
}
