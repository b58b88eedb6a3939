import Foundation
import Testing

/// Hostile surroundings on the way out: links at every output's path, outputs that are one
/// file, SIGKILL at any point, file-size and memory limits, names that are not UTF-8 or as
/// long as the file system allows. Whatever happens, an existing output is the old file or
/// the complete new one, and nothing of an unfinished render remains.
@Suite enum HostileOutputTests {
    static let small = CommandRunner.smallRender
    static let old = BadInputCase.previousOutput

    /// Links named like the GIF, the still and a frame are replaced by the files; the files
    /// they pointed to (one outside the frames folder) keep their bytes.
    @Test static func linksAtOutputPathsAreReplacedNotFollowed() throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let manager = FileManager.default
        for name in ["gif-target", "poster-target", "frame-target"] { try old.write(to: folder.appendingPathComponent(name)) }
        try manager.createDirectory(at: folder.appendingPathComponent("frames"), withIntermediateDirectories: false)
        try manager.createSymbolicLink(atPath: folder.appendingPathComponent("out.gif").path, withDestinationPath: "gif-target")
        try manager.createSymbolicLink(atPath: folder.appendingPathComponent("still.png").path, withDestinationPath: "poster-target")
        try manager.createSymbolicLink(atPath: folder.appendingPathComponent("frames/frame-00001.png").path,
                                       withDestinationPath: "../frame-target")
        let result = try CommandRunner.run(small + ["--poster", "still.png", "--frames", "frames", "out.gif"], in: folder)
        #expect(result.status == 0, "\(result.standardError)")
        for name in ["gif-target", "poster-target", "frame-target"] {
            #expect(try Data(contentsOf: folder.appendingPathComponent(name)) == old, "\(name) untouched")
        }
        for name in ["out.gif", "still.png", "frames/frame-00001.png"] {
            let path = folder.appendingPathComponent(name).path
            #expect((try? manager.destinationOfSymbolicLink(atPath: path)) == nil, "\(name) is a file now")
            #expect(try Data(contentsOf: URL(fileURLWithPath: path)).count > 100)
        }
    }

    /// Two outputs that are one file are refused before anything is drawn, compared by device
    /// and inode: through a link, `..`, a hard link, or a still named like a frame.
    @Test static func outputsThatAreOneFileAreRefused() throws {
        let cases: [(setup: (URL) throws -> Void, arguments: [String], names: String)] = [
            ({ try FileManager.default.createSymbolicLink(atPath: $0.appendingPathComponent("p.png").path, withDestinationPath: "out.gif")
               try old.write(to: $0.appendingPathComponent("out.gif")) },
             ["--poster", "p.png", "out.gif"], "'out.gif' (the output) and 'p.png' (--poster)"),
            ({ try old.write(to: $0.appendingPathComponent("out.gif"))
               try FileManager.default.linkItem(at: $0.appendingPathComponent("out.gif"), to: $0.appendingPathComponent("hard.png")) },
             ["--poster", "hard.png", "out.gif"], "'out.gif' (the output) and 'hard.png' (--poster)"),
            ({ try FileManager.default.createDirectory(at: $0.appendingPathComponent("d"), withIntermediateDirectories: false) },
             ["--poster", "d/../frame-00002.png", "--frames", ".", "out.gif"],
             "'d/../frame-00002.png' (--poster) and './frame-00002.png' (a frame of --frames)"),
            ({ try FileManager.default.createDirectory(at: $0.appendingPathComponent("f"), withIntermediateDirectories: false)
               try old.write(to: $0.appendingPathComponent("still.png"))
               try FileManager.default.linkItem(at: $0.appendingPathComponent("still.png"), to: $0.appendingPathComponent("f/frame-00000.png")) },
             ["--poster", "still.png", "--frames", "f", "out.gif"], "'still.png' (--poster) and 'f/frame-00000.png' (a frame of --frames)"),
        ]
        for item in cases {
            let folder = try CommandRunner.temporaryFolder()
            defer { try? FileManager.default.removeItem(at: folder) }
            try item.setup(folder)
            let before = try BadInputCase.snapshot(folder)
            let result = try CommandRunner.run(small + item.arguments, in: folder)
            #expect(result.status == 1)
            #expect(result.standardError == "Error: \(item.names) are the same file; give each output a file of its own\n")
            #expect(try BadInputCase.snapshot(folder) == before, "nothing written")
        }
    }

    /// SIGKILL at several points of a render and of a --frames render. With unnamed files
    /// (Linux) nothing is left (the GIF, the still and the frames are unnamed until complete),
    /// the old outputs and the earlier render's frames keep their bytes; with named temporaries
    /// (macOS, or `RENDER_GIF_NAMED_TEMPORARIES=1`) the old outputs keep their bytes too, and
    /// whatever temporaries the kill left are gone after the next render of the same outputs.
    /// Delays from before the first frame to well before the end: a render that finished
    /// before its kill fails the test, since nothing was tried then.
    @Test(arguments: [0.05, 0.3, 0.8, 1.5, 3.0])
    static func sigkillLeavesNothingBehind(after seconds: Double) throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try old.write(to: folder.appendingPathComponent("out.gif"))
        try old.write(to: folder.appendingPathComponent("still.png"))
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("frames"), withIntermediateDirectories: false)
        for k in [0, 1, 500] { try old.write(to: folder.appendingPathComponent("frames/" + FramesFolderTests.frameName(k))) }
        let before = try BadInputCase.snapshot(folder)
        let beforeFrames = try BadInputCase.snapshot(folder.appendingPathComponent("frames"))
        let outputs = ["--poster", "still.png", "--frames", "frames", "out.gif"]
        let arguments = ["--scale", "2", "--taps", "1,3,0", "--hold", "1", "--quiet"] + outputs
        let process = CommandRunner.process(arguments, in: folder, standardOutput: FileHandle.nullDevice, standardError: FileHandle.nullDevice)
        try process.run()
        usleep(useconds_t(seconds * 1_000_000))
        let killed = process.isRunning
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        try #require(killed, "the render ended before the kill at \(seconds) s")
        let unnamed = ProcessInfo.processInfo.environment["RENDER_GIF_NAMED_TEMPORARIES"] == nil
        if unnamed && CommandRunner.unnamedFilesExist(in: folder) {
            #expect(try BadInputCase.snapshot(folder) == before, "the folder as it was, no temporary file")
            #expect(try BadInputCase.snapshot(folder.appendingPathComponent("frames")) == beforeFrames, "the earlier frames as they were")
        } else {
            let after = try BadInputCase.snapshot(folder)
            for (name, bytes) in before { #expect(after[name] == bytes, "\(name) as it was") }
        }
        let next = try CommandRunner.run(small + outputs, in: folder)
        #expect(next.status == 0, "\(next.standardError)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["frames", "out.gif", "still.png"])
        let frames = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("frames").path)
        #expect(frames.allSatisfy { !$0.hasPrefix(".") }, "no staging folder or temporary left: \(frames)")
    }

    /// Over `ulimit -f` (SIGXFSZ ignored, EFBIG a write error): one line naming the limit,
    /// nothing left, the old output as it was; the same for frames.
    @Test(arguments: [["out.gif"], ["--frames", "frames", "out.gif"], ["--poster", "still.png", "out.gif"]])
    static func fileSizeLimit(arguments: [String]) throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try old.write(to: folder.appendingPathComponent("out.gif"))
        let before = try BadInputCase.snapshot(folder)
        // 4096 bytes, in the blocks of this shell's `ulimit -f`.
        let block = try ShellRunner.fileSizeLimitBlock(in: folder)
        let limit = 4096
        let result = try ShellRunner.run(small + arguments, in: folder, prefix: "ulimit -f \(limit / block);")
        #expect(!result.signalled && result.status == 1)
        #expect(result.standardError.hasPrefix("Error: cannot write '"))
        #expect(result.standardError.hasSuffix("File too large: over the file size limit of \(limit) bytes (ulimit -f)\n"))
        #expect(result.standardError.split(separator: "\n").count == 1)
        #expect(try BadInputCase.snapshot(folder) == before)
    }

    /// Under a `ulimit -v` the render cannot fit: refused up front with one line naming the
    /// need and the limit, nothing written. Where the system has no such limit (macOS refuses
    /// `ulimit -v`), the render runs as without one and says nothing of a limit.
    @Test static func memoryLimit() throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try old.write(to: folder.appendingPathComponent("out.gif"))
        let before = try BadInputCase.snapshot(folder)
        let arguments = ["--scale", "4", "--quiet", "--frames", "frames", "out.gif"]
        let result = try ShellRunner.run(arguments, in: folder, prefix: "ulimit -v 250000 2>/dev/null;")
        guard try ShellRunner.canLimitAddressSpace() else {
            #expect(!result.signalled && result.status == 0, "\(result.standardError)")
            #expect(result.standardError.isEmpty)
            #expect(try BadInputCase.snapshot(folder) != before, "the render was written")
            return
        }
        #expect(!result.signalled && result.status == 1, "\(result.standardError)")
        #expect(result.standardError.hasPrefix("Error: the render needs about "))
        #expect(result.standardError.contains("over the process's limit of 245 MB (ulimit -v)"))
        #expect(result.standardError.split(separator: "\n").count == 1)
        #expect(try BadInputCase.snapshot(folder) == before)
    }

    /// Names that are not UTF-8 reach the file system byte for byte (the GIF, the still, the
    /// frames folder, a scene file), and messages show the odd bytes as \xNN.
    /// On a file system that takes only UTF-8 names (APFS and HFS+ refuse others with EILSEQ),
    /// such an output is refused in one line naming it and the system's reason.
    @Test static func nonUTF8NamesRoundTrip() throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let gif: [UInt8] = Array("caf".utf8) + [0xE9] + Array(".gif".utf8)
        guard try acceptsNonUTF8Names(folder) else {
            let refused = try ShellRunner.run(small.map { Array($0.utf8) } + [gif], in: folder)
            #expect(refused.status == 1)
            #expect(refused.standardError.hasPrefix("Error: cannot write 'caf\\xE9.gif': "), "\(refused.standardError)")
            #expect(refused.standardError.hasSuffix(String(cString: strerror(EILSEQ)) + "\n"), "\(refused.standardError)")
            #expect(refused.standardError.split(separator: "\n").count == 1)
            #expect(ShellRunner.rawNames(in: folder).isEmpty)
            return
        }
        let still: [UInt8] = [0xFF, 0xFE] + Array(".png".utf8)
        let frames: [UInt8] = Array("fr".utf8) + [0x80]
        let scene: [UInt8] = Array("s".utf8) + [0xC3, 0x28] + Array(".json".utf8)
        let scenePath = folder.path + "/" + String(decoding: [0x73], as: UTF8.self)
        #expect(FileManager.default.createFile(atPath: scenePath, contents: Data("{}".utf8)))
        #expect(rename(scenePath, (Array(folder.path.utf8) + [0x2F] + scene + [0]).map { CChar(bitPattern: $0) }) == 0)
        let arguments: [[UInt8]] = small.map { Array($0.utf8) } + [Array("--scene".utf8), scene, Array("--poster".utf8), still,
                                                                     Array("--frames".utf8), frames, gif]
        let result = try ShellRunner.run(arguments, in: folder)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(ShellRunner.rawNames(in: folder) == [gif, frames, scene, still].sorted { $0.lexicographicallyPrecedes($1) })

        let missing: [UInt8] = Array("d".utf8) + [0xFF] + Array("/x.gif".utf8)
        let refused = try ShellRunner.run(small.map { Array($0.utf8) } + [missing], in: folder)
        #expect(refused.standardError == "Error: cannot write 'd\\xFF/x.gif': no such folder 'd\\xFF'\n")
    }

    /// Whether `folder`'s file system takes a name that is not UTF-8: creates and removes one;
    /// false when the system refuses it as an illegal byte sequence.
    static func acceptsNonUTF8Names(_ folder: URL) throws -> Bool {
        let name = Array(folder.path.utf8) + Array("/probe".utf8) + [0xFF, 0]
        let descriptor = name.withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_WRONLY | O_CREAT | O_EXCL, 0o600) }
        }
        guard descriptor >= 0 else {
            if errno == EILSEQ { return false }
            throw ShellRunner.SpawnFailure(code: errno)
        }
        close(descriptor)
        _ = name.withUnsafeBufferPointer { $0.withMemoryRebound(to: CChar.self) { unlink($0.baseAddress!) } }
        return true
    }

    /// Legal names up to 255 bytes are written (the temporary names are cut to fit), with a
    /// name made of multibyte characters too.
    @Test(arguments: [250, 255])
    static func longestNames(length: Int) throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let gif = String(repeating: "g", count: length - 4) + ".gif"
        let poster = String(repeating: "é", count: (length - 4) / 2) + ".png"
        let result = try CommandRunner.run(small + ["--poster", poster, gif], in: folder)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == [gif, poster].sorted())
    }
}
