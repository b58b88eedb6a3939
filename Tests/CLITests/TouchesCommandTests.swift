import Foundation
import Testing

/// `--touches` everywhere frames go: the GIF, `--frames`, `--poster`, `--check`,
/// `--max-bytes` and scene files.
@Suite enum TouchesCommandTests {
    /// One tap on button 1 with 0.2 s holds at 10 fps: the finger goes down at 0.1 s, lifts
    /// at 0.2 s and the indicator is gone at 0.45 s, so frames 1 to 4 show it.
    static let render = CommandRunner.smallRender

    static func data(_ folder: URL, _ name: String) throws -> Data {
        try Data(contentsOf: folder.appendingPathComponent(name))
    }

    /// Frames outside the touch's window are the frames without touches; those inside are
    /// not; the still at the lift shows the touch and is that frame's PNG.
    @Test static func framesAndPosterShowTheTouch() throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let touched = try CommandRunner.run(render + ["--touches", "--frames", "touched", "--poster", "still.png",
                                                      "--poster-time", "0.2", "out.gif"], in: folder)
        #expect(touched.status == 0, "\(touched.standardError)")
        #expect(try CommandRunner.run(render + ["--frames", "plain", "plain.gif"], in: folder).status == 0)
        for frame in 0 ... 10 {
            let name = FramesFolderTests.frameName(frame)
            let same = try data(folder, "touched/" + name) == data(folder, "plain/" + name)
            #expect(same == !(1 ... 4).contains(frame), "frame \(frame)")
        }
        #expect(try data(folder, "still.png") == data(folder, "touched/" + FramesFolderTests.frameName(2)))
        #expect(try data(folder, "out.gif") != data(folder, "plain.gif"))
    }

    /// `--check` passes for the render with touches and fails for the same files without.
    @Test static func checkSeesTheTouches() throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let outputs = ["--poster", "still.png", "--poster-time", "0.2", "out.gif"]
        #expect(try CommandRunner.run(render + ["--touches"] + outputs, in: folder).status == 0)
        let current = try CommandRunner.run(render + ["--touches", "--check"] + outputs, in: folder)
        #expect(current.status == 0, "\(current.standardError)")
        let stale = try CommandRunner.run(render + ["--check"] + outputs, in: folder)
        #expect(stale.status == 1)
        #expect(stale.standardError.hasPrefix("Error: 'out.gif' is out of date"))
    }

    /// A size budget the GIF fits keeps the same bytes, and the scene key `touches` with the
    /// touch keys equals the flags.
    @Test static func budgetAndSceneKeys() throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let style = ["--touch-diameter", "40", "--touch-color", "#404080", "--touch-opacity", "0.5",
                     "--touch-press", "0.15", "--touch-fade", "0.3"]
        #expect(try CommandRunner.run(render + ["--touches"] + style + ["flags.gif"], in: folder).status == 0)
        #expect(try CommandRunner.run(render + ["--touches", "--max-bytes", "10MB"] + style + ["budget.gif"], in: folder).status == 0)
        #expect(try data(folder, "budget.gif") == data(folder, "flags.gif"))
        let scene = ##"{"scale": 1, "fps": 10, "taps": [1], "hold": 0.2, "colors": 32, "touches": true, "touchDiameter": 40, "##
            + ##""touchColor": "#404080", "touchOpacity": 0.5, "touchPress": 0.15, "touchFade": 0.3}"##
        try Data(scene.utf8).write(to: folder.appendingPathComponent("scene.json"))
        #expect(try CommandRunner.run(["--scene", "scene.json", "--quiet", "scene.gif"], in: folder).status == 0)
        #expect(try data(folder, "scene.gif") == data(folder, "flags.gif"))
        #expect(try CommandRunner.run(render + ["--touches", "default.gif"], in: folder).status == 0)
        #expect(try data(folder, "default.gif") != data(folder, "flags.gif"))
    }
}
