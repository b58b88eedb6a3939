import Foundation
import Testing

/// `--poster`: the still equals the `--frames` PNG of the same time, defaults to the end,
/// follows scene files, and is refused outside the animation.
@Suite enum PosterTests {
    /// One tap, 0.2 s holds, 10 fps: T = 1.1 s, frames at 0, 0.1, ..., 1.0.
    static let render = CommandRunner.smallRender

    /// Frame 0 (the first hold), 3 and 5 (mid-move) and 10 (the final hold).
    @Test(arguments: [("0", 0), ("0.3", 3), ("0.5", 5), ("1", 10)])
    static func posterEqualsTheFramePNG(time: String, frame: Int) throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try CommandRunner.run(render + ["--frames", "frames", "--poster", "still.png", "--poster-time", time, "out.gif"], in: folder)
        #expect(result.status == 0, "\(result.standardError)")
        let still = try Data(contentsOf: folder.appendingPathComponent("still.png"))
        #expect(still == (try Data(contentsOf: folder.appendingPathComponent("frames/\(FramesFolderTests.frameName(frame))"))))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["frames", "out.gif", "still.png"])
    }

    /// Without --poster-time the still shows the end: the final resting state, as the last
    /// frame does; the GIF is the same as without a poster.
    @Test static func defaultIsTheEnd() throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try CommandRunner.run(render + ["--frames", "frames", "--poster", "still.png", "out.gif"], in: folder).status == 0)
        #expect(try CommandRunner.run(render + ["plain.gif"], in: folder).status == 0)
        let still = try Data(contentsOf: folder.appendingPathComponent("still.png"))
        #expect(still == (try Data(contentsOf: folder.appendingPathComponent("frames/frame-00010.png"))))
        #expect(still != (try Data(contentsOf: folder.appendingPathComponent("frames/frame-00000.png"))))
        #expect(try Data(contentsOf: folder.appendingPathComponent("out.gif")) == Data(contentsOf: folder.appendingPathComponent("plain.gif")))
    }

    /// Scene keys: the still's path is relative to the scene file's folder, like images.
    @Test static func sceneKeys() throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("docs"), withIntermediateDirectories: false)
        let scene = #"{"scale": 1, "fps": 10, "taps": [1], "hold": 0.2, "colors": 32, "poster": "still.png", "posterTime": 0.3}"#
        try Data(scene.utf8).write(to: folder.appendingPathComponent("docs/scene.json"))
        #expect(try CommandRunner.run(["--scene", "docs/scene.json", "--quiet", "docs/out.gif"], in: folder).status == 0)
        #expect(try CommandRunner.run(render + ["--poster", "flag.png", "--poster-time", "0.3", "flag.gif"], in: folder).status == 0)
        #expect(try Data(contentsOf: folder.appendingPathComponent("docs/still.png")) == Data(contentsOf: folder.appendingPathComponent("flag.png")))
        // A flag overrides the key.
        #expect(try CommandRunner.run(["--scene", "docs/scene.json", "--poster-time", "0", "--quiet", "docs/out.gif"], in: folder).status == 0)
        #expect(try Data(contentsOf: folder.appendingPathComponent("docs/still.png")) != Data(contentsOf: folder.appendingPathComponent("flag.png")))
    }

    /// A time past the end is an error naming the flag, or the file and the key; nothing is
    /// written and an existing still keeps its bytes.
    @Test static func timeOutsideTheAnimation() throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("old".utf8).write(to: folder.appendingPathComponent("still.png"))
        let flag = try CommandRunner.run(render + ["--poster", "still.png", "--poster-time", "1.2", "out.gif"], in: folder)
        #expect(flag.status == 64)
        #expect(flag.standardError == "Error: invalid value '1.2' for '--poster-time': must be a time within the animation, from 0 to 1.1 s\n"
                + UsageErrorTests.hint)
        try Data(#"{"scale": 1, "fps": 10, "taps": [1], "hold": 0.2, "colors": 32, "posterTime": 7}"#.utf8).write(to: folder.appendingPathComponent("s.json"))
        let scene = try CommandRunner.run(["--scene", "s.json", "--poster", "still.png", "out.gif"], in: folder)
        #expect(scene.status == 1)
        #expect(scene.standardError == "Error: scene file 's.json': key 'posterTime' must be a time within the animation, from 0 to 1.1 s\n")
        #expect(try Data(contentsOf: folder.appendingPathComponent("still.png")) == Data("old".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["s.json", "still.png"])
    }

    /// A render that fails leaves an existing still as it was.
    @Test static func failedRenderKeepsTheOldStill() throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("old".utf8).write(to: folder.appendingPathComponent("still.png"))
        let result = try CommandRunner.run(render + ["--head", "missing.png", "--poster", "still.png", "out.gif"], in: folder)
        #expect(result.status == 1)
        #expect(try Data(contentsOf: folder.appendingPathComponent("still.png")) == Data("old".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["still.png"])
    }
}
