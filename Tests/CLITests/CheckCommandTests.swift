import Foundation
@testable import ImageCodecs
import RenderGIF
import Testing

/// Re-encodes a PNG's pixels with libpng's smallest settings (zlib level 9, adaptive row
/// filters): what another zlib build or another tool makes of the same still.
enum PNGRecompression {
    static func smallest(_ png: Data) throws -> Data {
        try PNGEncoder.encode(try PNGDecoder.decode(Array(png), path: "still.png"), options: .smallest)
    }
}

/// `--check`: fails before rendering when there is nothing to compare, says so when the files
/// are current, and otherwise says what changed and how to regenerate.
@Suite enum CheckCommandTests {
    /// A small render at 32 colours, which plan much faster than 256: every check renders
    /// the animation again, and what it compares does not depend on the palette's size.
    static let render = ["--scale", "1", "--fps", "10", "--taps", "1", "--hold", "0.2", "--colors", "32"]

    static func size(_ url: URL) throws -> Int { try Data(contentsOf: url).count }

    @Test static func currentFileSaysSoUnlessQuiet() throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try CommandRunner.run(render + ["--quiet", "demo.gif"], in: folder).status == 0)
        let before = try Data(contentsOf: folder.appendingPathComponent("demo.gif"))
        let pass = try CommandRunner.run(render + ["--quiet", "--check", "demo.gif"], in: folder)
        #expect(pass.status == 0 && pass.standardOutput.isEmpty && pass.standardError.isEmpty)
        let loud = try CommandRunner.run(render + ["--check", "demo.gif"], in: folder)
        #expect(loud.status == 0)
        #expect(loud.standardOutput == "demo.gif is up to date\n")
        #expect(try Data(contentsOf: folder.appendingPathComponent("demo.gif")) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["demo.gif"], "--check writes nothing")
    }

    /// A missing file fails at once: no progress line, so no frame was drawn.
    @Test static func missingFileFailsBeforeRendering() throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let missing = try CommandRunner.run(render + ["--check", "absent.gif"], in: folder)
        #expect(missing.status == 1)
        #expect(missing.standardError == "Error: cannot check 'absent.gif': No such file or directory\n"
                + "To create it: render-gif --scale 1 --fps 10 --taps 1 --hold 0.2 --colors 32 absent.gif\n")
        #expect(missing.standardOutput.isEmpty)

        try FileManager.default.createDirectory(at: folder.appendingPathComponent("dir.gif"), withIntermediateDirectories: false)
        let folderOutput = try CommandRunner.run(render + ["--check", "dir.gif"], in: folder)
        #expect(folderOutput.status == 1)
        #expect(folderOutput.standardError.hasPrefix("Error: cannot check 'dir.gif': is a folder\n"))
    }

    /// A stale GIF: both sizes, both lengths (1.1 s and 0.3 + 0.7 + 0.3 = 1.3 s), and the
    /// command that brings it up to date, quoted for the shell.
    @Test static func staleFileIsDescribed() throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try CommandRunner.run(render + ["--quiet", "demo.gif"], in: folder).status == 0)
        let changed = ["--scale", "1", "--fps", "10", "--taps", "1", "--hold", "0.3", "--colors", "32", "--border-color", "#00ff00"]
        #expect(try CommandRunner.run(changed + ["--quiet", "new.gif"], in: folder).status == 0)
        let before = try Data(contentsOf: folder.appendingPathComponent("demo.gif"))
        let stale = try CommandRunner.run(changed + ["--quiet", "--check", "demo.gif"], in: folder)
        #expect(stale.status == 1)
        let lines = stale.standardError.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.count == 4 && lines.last == "")
        let oldSize = try size(folder.appendingPathComponent("demo.gif")), newSize = try size(folder.appendingPathComponent("new.gif"))
        #expect(lines[0].hasPrefix("Error: 'demo.gif' is out of date: the file has \(oldSize) bytes, "))
        #expect(lines[0].contains(" frames, 1.1 s; the rendering has \(newSize) bytes, "))
        // The file's move starts at 0.2 s, at the start button; by 0.3 s it has moved while
        // the rendering's avatar still rests.
        #expect(lines[0].contains(" frames, 1.3 s; the pictures first differ at 0.3 s (frame 3)"))
        #expect(lines[1] == "To regenerate: render-gif --scale 1 --fps 10 --taps 1 --hold 0.3 --colors 32 --border-color '#00ff00' --quiet demo.gif")
        #expect(lines[2] == "Rendered here with " + RenderGIFVersion.librariesLine)
        #expect(try Data(contentsOf: folder.appendingPathComponent("demo.gif")) == before, "--check writes nothing")
    }

    /// With --poster, the still is checked too: a missing still fails before rendering, a
    /// stale one is named with what differs, a passing check names both files, and a still
    /// with the same pixels compressed otherwise passes with a line that says so.
    @Test static func posterIsCheckedToo() throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let missing = try CommandRunner.run(render + ["--poster", "still.png", "--check", "demo.gif"], in: folder)
        #expect(missing.status == 1)
        #expect(missing.standardError.hasPrefix("Error: cannot check 'demo.gif': No such file or directory\n"))

        #expect(try CommandRunner.run(render + ["--quiet", "demo.gif"], in: folder).status == 0)
        let stillMissing = try CommandRunner.run(render + ["--poster", "still.png", "--check", "demo.gif"], in: folder)
        #expect(stillMissing.standardError == "Error: cannot check 'still.png': No such file or directory\n"
                + "To create it: render-gif --scale 1 --fps 10 --taps 1 --hold 0.2 --colors 32 --poster still.png demo.gif\n")

        #expect(try CommandRunner.run(render + ["--quiet", "--poster", "still.png", "--poster-time", "0.5", "demo.gif"], in: folder).status == 0)
        let pass = try CommandRunner.run(render + ["--poster", "still.png", "--poster-time", "0.5", "--check", "demo.gif"], in: folder)
        #expect(pass.status == 0)
        #expect(pass.standardOutput == "demo.gif and still.png are up to date\n")

        let recompressed = try PNGRecompression.smallest(try Data(contentsOf: folder.appendingPathComponent("still.png")))
        try recompressed.write(to: folder.appendingPathComponent("still.png"))
        let samePixels = try CommandRunner.run(render + ["--poster", "still.png", "--poster-time", "0.5", "--check", "demo.gif"], in: folder)
        #expect(samePixels.status == 0)
        #expect(samePixels.standardOutput == "demo.gif and still.png are up to date\n"
                + "still.png shows the same pixels, compressed differently (another zlib build or level); left as it is\n")
        #expect(try Data(contentsOf: folder.appendingPathComponent("still.png")) == recompressed, "--check writes nothing")

        #expect(try CommandRunner.run(render + ["--quiet", "--poster", "end.png", "demo.gif"], in: folder).status == 0)
        let stale = try CommandRunner.run(render + ["--poster", "still.png", "--quiet", "--check", "demo.gif"], in: folder)
        #expect(stale.status == 1)
        let lines = stale.standardError.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.count == 4 && lines[3].isEmpty)
        #expect(lines[0].hasPrefix("Error: 'still.png' is out of date: "))
        #expect(lines[0].contains(" pixels differ, between ("))
        #expect(lines[1] == "To regenerate: render-gif --scale 1 --fps 10 --taps 1 --hold 0.2 --colors 32 --poster still.png --quiet demo.gif")
        #expect(lines[2] == "Rendered here with " + RenderGIFVersion.librariesLine)
    }
}
