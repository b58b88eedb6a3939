import Foundation
import Testing
@testable import RenderGIF

@Suite enum HelpAndVersionTests {
    /// The help screen equals the reviewed golden file, byte for byte, for both spellings.
    @Test(arguments: ["--help", "-h"])
    static func helpMatchesGolden(flag: String) throws {
        let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden/help.txt")
        let expected = try String(contentsOf: golden, encoding: .utf8)
        let result = try CommandRunner.run([flag])
        #expect(result.status == 0)
        #expect(result.standardOutput == expected)
        #expect(result.standardError.isEmpty)
    }

    /// `--version` names render-gif's version, then each C library it runs with on a line of
    /// its own, with a version that starts with a number.
    @Test static func versionListsTheLibraries() throws {
        let result = try CommandRunner.run(["--version"])
        #expect(result.status == 0)
        #expect(result.standardError.isEmpty)
        let lines = result.standardOutput.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.first == "render-gif " + RenderGIFVersion.string)
        #expect(lines.last == "")
        let names = ["libpng", "zlib", "giflib", "libjpeg-turbo", "Little CMS", "libheif", "libwebp"]
        try #require(lines.count == names.count + 2)
        for (name, line) in zip(names, lines.dropFirst()) {
            #expect(line.hasPrefix(name + " "), "\(line)")
            #expect(line.dropFirst(name.count + 1).first?.isNumber == true, "\(line)")
        }
        #expect(lines[3].hasSuffix(" (headers)") && lines[4].hasSuffix(" (headers)"), "giflib and libjpeg have no run-time version")
        #expect(result.standardOutput == RenderGIFVersion.report)
    }
}
