import Foundation
import Testing

/// `-` as the output: the GIF goes to standard output, byte for byte what a file would get,
/// and never to a terminal.
@Suite enum StandardOutputTests {
    @Test static func dashWritesTheGIFToStandardOutput() throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = try CommandRunner.run(CommandRunner.smallRender + ["file.gif"], in: folder)
        #expect(file.status == 0)
        let piped = try CommandRunner.runCapturingBytes(CommandRunner.smallRender + ["-"], in: folder)
        #expect(piped.status == 0, "\(piped.standardError)")
        #expect(piped.standardOutput == (try Data(contentsOf: folder.appendingPathComponent("file.gif"))))
        #expect(piped.standardError.isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["file.gif"], "no file for '-'")
    }

    static let scriptTool = "/usr/bin/script"

    /// True where `script` is util-linux's (Linux); macOS's BSD `script` takes other options.
    static var hasUtilLinuxScript: Bool {
        #if os(Linux)
        return FileManager.default.isExecutableFile(atPath: scriptTool)
        #else
        return false
        #endif
    }

    /// With a terminal as standard output the render is refused before anything is drawn.
    /// util-linux's `script` runs the command on a pseudo-terminal and exits with its status.
    @Test(.enabled(if: hasUtilLinuxScript, "needs util-linux's script"))
    static func terminalIsRefused() throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let command = ([CommandRunner.binary.path] + CommandRunner.smallRender + ["-"]).joined(separator: " ")
        let output = Pipe()
        let process = CommandRunner.process(["--quiet", "--return", "--command", command, "/dev/null"],
                                            executable: URL(fileURLWithPath: scriptTool), in: folder,
                                            standardOutput: output, standardError: FileHandle.nullDevice)
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 64)
        let expected = "Error: Standard output is a terminal; send it to a file or a pipe ('render-gif - > out.gif'), or give '<output>' a file name.\n"
            + UsageErrorTests.hint
        #expect(text.replacingOccurrences(of: "\r\n", with: "\n") == expected)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }
}
