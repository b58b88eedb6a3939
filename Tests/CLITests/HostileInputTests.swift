import Foundation
import Testing

/// Hostile surroundings on the way in: standard descriptors closed by the parent, inputs that
/// are FIFOs, sockets, devices or folders (refused without blocking), NUL in a scene path,
/// values long enough to flood a terminal, scene files wide and deep.
@Suite enum HostileInputTests {
    static let small = CommandRunner.smallRender

    /// The GIF of the small render, made with every descriptor open.
    static func referenceGIF() throws -> Data {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try CommandRunner.run(small + ["out.gif"], in: folder)
        #expect(result.status == 0, "\(result.standardError)")
        return try Data(contentsOf: folder.appendingPathComponent("out.gif"))
    }

    /// Every combination of closed standard descriptors: the GIF is the same file, no progress
    /// text or signal byte lands in it, and nothing else appears in the folder.
    @Test static func closedStandardDescriptors() throws {
        let reference = try referenceGIF()
        let combinations = ["<&-", ">&-", "2>&-", "<&- >&-", "<&- 2>&-", ">&- 2>&-", "<&- >&- 2>&-"]
        for closed in combinations {
            let folder = try CommandRunner.temporaryFolder()
            defer { try? FileManager.default.removeItem(at: folder) }
            // Without --quiet, so progress is written to whatever descriptor 2 is.
            let arguments = small.filter { $0 != "--quiet" } + ["out.gif"]
            let result = try ShellRunner.run(arguments, in: folder, redirections: closed)
            #expect(!result.timedOut && result.status == 0, "\(closed): \(result.standardError)")
            #expect(try Data(contentsOf: folder.appendingPathComponent("out.gif")) == reference, "\(closed): the GIF")
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["out.gif"], "\(closed)")
        }
    }

    /// `-` with standard output closed is a usage error that says so, and writes nothing.
    @Test static func standardOutputClosedWithDash() throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try ShellRunner.run(small + ["-"], in: folder, redirections: ">&-")
        #expect(result.status == 64)
        #expect(result.standardError.hasPrefix("Error: Standard output is closed; give '<output>' a file name"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }

    /// Where each kind of input goes, and the message's start for an input named `name`.
    static var inputs: [(arguments: (String) -> [String], message: (String) -> String)] { [
        ({ ["--scene", $0, "out.gif"] }, { "Error: scene file '\($0)': " }),
        ({ ["--head", $0, "out.gif"] }, { "Error: cannot read '\($0)': " }),
        ({ ["--avatar", "2=\($0)", "out.gif"] }, { "Error: cannot read '\($0)': " }),
        ({ ["--check", $0 + ".gif"] }, { "Error: cannot check '\($0).gif': " }),
    ] }

    /// FIFOs (with no writer, where a blocking open would wait forever), sockets, character
    /// devices and folders as the scene file, a picture and the --check target: refused at
    /// once, naming what they are, within the timeout.
    @Test static func inputsThatAreNotRegularFiles() throws {
        let folder = try CommandRunner.shortTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(mkfifo(folder.appendingPathComponent("fifo").path, 0o644) == 0)
        #expect(mkfifo(folder.appendingPathComponent("fifo.gif").path, 0o644) == 0)
        let sockets = [try ShellRunner.makeSocket(at: folder.appendingPathComponent("socket").path),
                       try ShellRunner.makeSocket(at: folder.appendingPathComponent("socket.gif").path)]
        defer { for socket in sockets { close(socket) } }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("folder"), withIntermediateDirectories: false)
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("folder.gif"), withIntermediateDirectories: false)
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("zero").path, withDestinationPath: "/dev/zero")
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("zero.gif").path, withDestinationPath: "/dev/zero")
        let kinds = [("fifo", "is a FIFO (named pipe), not a regular file"), ("socket", "is a socket, not a regular file"),
                     ("zero", "is a character device, not a regular file"), ("folder", "is a folder")]
        for (name, reason) in kinds {
            for input in inputs {
                let result = try ShellRunner.run(small + input.arguments(name), in: folder, timeout: 60)
                let shown = input.message(name)
                #expect(!result.timedOut, "\(shown) did not block")
                #expect(result.status == 1, "\(shown)\(reason): \(result.standardError)")
                let first = result.standardError.split(separator: "\n").first.map(String.init) ?? ""
                #expect(first.hasPrefix(shown) && first.hasSuffix(reason), "\(result.standardError)")
            }
        }
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("out.gif").path))
    }

    /// A NUL in a scene file's path is an error naming the key, not a shorter name.
    @Test(arguments: [("head", #""head": "a\u0000.png""#), ("avatars", #""avatars": {"1": "b.png\u0000c"}"#),
                      ("poster", #""poster": "x\u0000.png""#)])
    static func nulInAScenePath(key: String, member: String) throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("{\(member)}".utf8).write(to: folder.appendingPathComponent("scene.json"))
        let result = try CommandRunner.run(small + ["--scene", "scene.json", "out.gif"], in: folder)
        #expect(result.status == 1)
        #expect(result.standardError.hasPrefix("Error: scene file 'scene.json': key '\(key)'"))
        #expect(result.standardError.contains("NUL"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["scene.json"])
    }

    /// Long values (a 1 MB key, string, file name, flag) give one line under 300 characters
    /// that keeps both ends of the value.
    @Test static func longValuesMakeShortLines() throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let long = String(repeating: "k", count: 1 << 20 - 64)
        let scenes = ["key.json": "{\"\(long)z\": 1}", "string.json": "{\"head\": \"a\(long).png\"}",
                      "duplicate.json": "{\"\(long.prefix(1 << 18))\": 1, \"\(long.prefix(1 << 18))\": 2}"]
        for (name, text) in scenes { try Data(text.utf8).write(to: folder.appendingPathComponent(name)) }
        let runs = scenes.keys.sorted().map { ["--scene", $0, "out.gif"] }
            + [["--head", "h" + String(long.prefix(3000)) + ".png", "out.gif"], ["--\(long.prefix(5000))", "out.gif"],
               ["--width", String(long.prefix(5000)), "out.gif"]]
        for arguments in runs {
            let result = try CommandRunner.run(small + arguments, in: folder)
            #expect(result.status != 0)
            let first = result.standardError.split(separator: "\n").first.map(String.init) ?? ""
            #expect(first.hasPrefix("Error: ") && first.count < 300 && first.contains("..."), "\(first.prefix(400))")
        }
    }

    /// Wide and deep scene files of 1 MiB (60,000 keys, 340,000 escapes, 500,000 taps, nesting
    /// to the limit and past it) are answered, each with its one line.
    @Test static func wideAndDeepSceneFiles() throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let keys = (0 ..< 60_000).map { "\"k\($0)\": 0" }.joined(separator: ",")
        let scenes: [(String, String)] = [
            ("{\(keys)}", "unknown key 'k0'"),
            ("{\"hed\": \"" + String(repeating: "a\\n", count: 340_000) + "\"}", "unknown key 'hed' (did you mean 'head'?)"),
            ("{\"taps\": [" + Array(repeating: "1", count: 500_000).joined(separator: ",") + "]}", "must hold at most 10000 taps"),
            ("{\"x\": " + String(repeating: "[", count: 31) + String(repeating: "]", count: 31) + "}", "unknown key 'x'"),
            (String(repeating: "[", count: 33) + String(repeating: "]", count: 33), "nesting deeper than 32 levels"),
        ]
        for (index, (text, ending)) in scenes.enumerated() {
            #expect(text.utf8.count <= 1 << 20)
            try Data(text.utf8).write(to: folder.appendingPathComponent("\(index).json"))
            let result = try ShellRunner.run(small + ["--scene", "\(index).json", "out.gif"], in: folder, timeout: 60)
            #expect(!result.timedOut && result.status == 1)
            #expect(result.standardError.hasSuffix(ending + "\n") && result.standardError.split(separator: "\n").count == 1,
                    "\(result.standardError.prefix(300))")
        }
    }
}
