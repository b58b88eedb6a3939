import Foundation
import Testing

/// `--frames` into a folder that holds an earlier render's frames: afterwards the folder holds
/// exactly the new render's frames, and files not named like frames are left alone.
@Suite enum FramesFolderTests {
    static func frameName(_ k: Int, digits: Int = 5) -> String {
        "frame-" + String(repeating: "0", count: max(0, digits - String(k).count)) + String(k) + ".png"
    }

    /// A 2 s render (two taps) gives 20 frames at 10 fps, a 1.1 s one (one tap) 11; the
    /// second, into the same folder, removes frames 11 to 19 and a six-digit frame name, and
    /// keeps notes, a four-digit name, a subfolder and other PNGs.
    @Test static func shorterRenderLeavesExactlyItsFrames() throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let frames = folder.appendingPathComponent("frames")
        let long = try CommandRunner.run(CommandRunner.smallRender + ["--taps", "1,0", "--frames", "frames", "long.gif"], in: folder)
        #expect(long.status == 0, "\(long.standardError)")
        let longNames = try FileManager.default.contentsOfDirectory(atPath: frames.path).sorted()
        #expect(longNames == (0..<20).map { frameName($0) })

        let foreign = ["notes.txt", "frame-0001.png", "frame-00003.png.bak", "cover.png", "frame-00abc.png"]
        for name in foreign { try Data(name.utf8).write(to: frames.appendingPathComponent(name)) }
        try Data("old".utf8).write(to: frames.appendingPathComponent(frameName(12, digits: 6)))
        try FileManager.default.createDirectory(at: frames.appendingPathComponent("frame-00015.png.d"), withIntermediateDirectories: false)

        let short = try CommandRunner.run(CommandRunner.smallRender + ["--frames", "frames", "short.gif"], in: folder)
        #expect(short.status == 0, "\(short.standardError)")
        let names = try FileManager.default.contentsOfDirectory(atPath: frames.path).sorted()
        #expect(names == ((0..<11).map { frameName($0) } + foreign + ["frame-00015.png.d"]).sorted())
        for name in foreign {
            #expect(try Data(contentsOf: frames.appendingPathComponent(name)) == Data(name.utf8), "\(name) untouched")
        }
        // The kept names are this render's frames, not the earlier ones: frame 10 is now the
        // final hold, which frame 10 of the two-tap render was not.
        let single = try CommandRunner.run(CommandRunner.smallRender + ["--frames", "fresh", "fresh.gif"], in: folder)
        #expect(single.status == 0)
        for k in 0..<11 {
            #expect(try Data(contentsOf: frames.appendingPathComponent(frameName(k)))
                    == Data(contentsOf: folder.appendingPathComponent("fresh/\(frameName(k))")))
        }
    }

    /// A render that fails leaves the earlier frames as they were.
    @Test static func failedRenderRemovesNothing() throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let long = try CommandRunner.run(CommandRunner.smallRender + ["--taps", "1,0", "--frames", "frames", "long.gif"], in: folder)
        #expect(long.status == 0)
        let failed = try CommandRunner.run(CommandRunner.smallRender + ["--head", "missing.png", "--frames", "frames", "short.gif"], in: folder)
        #expect(failed.status == 1)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("frames").path).sorted()
        #expect(names == (0..<20).map { frameName($0) })
    }
}
