import Foundation
import Testing

/// The command end to end: output files, determinism, --check, --frames, scene files, progress.
@Suite enum RenderCommandTests {
    static func bytes(_ url: URL) throws -> Data { try Data(contentsOf: url) }

    @Test static func twoRunsGiveIdenticalBytes() throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let first = try CommandRunner.run(CommandRunner.smallRender + ["a.gif"], in: folder)
        let second = try CommandRunner.run(CommandRunner.smallRender + ["b.gif"], in: folder)
        #expect(first.status == 0 && second.status == 0, "\(first.standardError)\(second.standardError)")
        let a = try bytes(folder.appendingPathComponent("a.gif"))
        #expect(a.starts(with: Array("GIF89a".utf8)))
        #expect(a == (try bytes(folder.appendingPathComponent("b.gif"))))
        #expect(first.standardError.isEmpty && first.standardOutput.isEmpty, "--quiet prints nothing")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(leftovers == ["a.gif", "b.gif"], "no temporary file may remain")
    }

    /// ceil(T x fps) frames, named in frame order; frame k shows t = k / fps: with one tap
    /// and a 0.2 s hold at 10 fps, T = 0.2 + 0.7 + 0.2 = 1.1 s gives 11 frames; frames 0
    /// and 1 (the hold) are identical, frame 3 (mid-move) differs from both ends, and the
    /// last two frames (the final hold, t = 0.9 and 1.0) are identical.
    @Test static func framesFolderHoldsEveryFrame() throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let unrelated = folder.appendingPathComponent("frames/notes.txt")
        try FileManager.default.createDirectory(at: unrelated.deletingLastPathComponent(), withIntermediateDirectories: false)
        try Data("keep me".utf8).write(to: unrelated)
        let result = try CommandRunner.run(CommandRunner.smallRender + ["--frames", "frames", "out.gif"], in: folder)
        #expect(result.status == 0, "\(result.standardError)")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("frames").path).sorted()
        let expected = (0..<11).map { "frame-" + String(repeating: "0", count: 5 - String($0).count) + String($0) + ".png" }
        #expect(names == expected + ["notes.txt"])
        #expect(try String(contentsOf: unrelated, encoding: .utf8) == "keep me")
        func frame(_ k: Int) throws -> Data { try bytes(folder.appendingPathComponent("frames/\(expected[k])")) }
        #expect(try frame(0) == frame(1))
        #expect(try frame(3) != frame(0))
        #expect(try frame(3) != frame(10))
        #expect(try frame(9) == frame(10))
        #expect(try frame(0).starts(with: [0x89, 0x50, 0x4E, 0x47]))
    }

    /// Settings from a scene file and the same settings as flags give the same GIF, and a
    /// flag given with the file overrides the file's value.
    @Test static func sceneFileRoundTripAndOverride() throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let scene = ##"{"scale": 1, "fps": 10, "taps": [2], "hold": 0.2, "colors": 64, "borderColor": "#00aa00"}"##
        try Data(scene.utf8).write(to: folder.appendingPathComponent("scene.json"))
        let flags = ["--scale", "1", "--fps", "10", "--taps", "2", "--hold", "0.2", "--colors", "64", "--border-color", "#00aa00", "--quiet"]
        #expect(try CommandRunner.run(flags + ["flags.gif"], in: folder).status == 0)
        #expect(try CommandRunner.run(["--scene", "scene.json", "--quiet", "file.gif"], in: folder).status == 0)
        #expect(try bytes(folder.appendingPathComponent("flags.gif")) == bytes(folder.appendingPathComponent("file.gif")))

        #expect(try CommandRunner.run(["--scene", "scene.json", "--fps", "5", "--quiet", "override.gif"], in: folder).status == 0)
        #expect(try CommandRunner.run(flags + ["--fps", "5", "flags5.gif"], in: folder).status == 0)
        #expect(try bytes(folder.appendingPathComponent("override.gif")) == bytes(folder.appendingPathComponent("flags5.gif")))
        #expect(try bytes(folder.appendingPathComponent("override.gif")) != bytes(folder.appendingPathComponent("file.gif")))
    }

    /// Piped standard error gets plain progress lines, never terminal control sequences;
    /// --quiet silences them.
    @Test static func progressIsPlainWhenPiped() throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let arguments = Array(CommandRunner.smallRender.filter { $0 != "--quiet" })
        let result = try CommandRunner.run(arguments + ["out.gif"], in: folder)
        #expect(result.status == 0)
        let lines = result.standardError.split(separator: "\n").map(String.init)
        #expect(lines.first == "render-gif: rendering 11 frames")
        #expect(lines.last == "render-gif: done, 11 frames")
        #expect(lines.allSatisfy { $0.hasPrefix("render-gif: ") })
        #expect(!result.standardError.contains("\u{1B}") && !result.standardError.contains("\r"))
        #expect(result.standardOutput.isEmpty)
    }

    /// An existing output is replaced only by a complete new file, and left as it was when
    /// the render fails.
    @Test static func failedRenderLeavesExistingOutputUntouched() throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let gif = folder.appendingPathComponent("out.gif")
        try Data("previous".utf8).write(to: gif)
        let result = try CommandRunner.run(CommandRunner.smallRender + ["--head", "missing.png", "out.gif"], in: folder)
        #expect(result.status == 1)
        #expect(result.standardError == "Error: cannot read 'missing.png': No such file or directory\n")
        #expect(try bytes(gif) == Data("previous".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["out.gif"])
    }
}
