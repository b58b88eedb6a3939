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

    @Test static func versionPrintsTheVersion() throws {
        let result = try CommandRunner.run(["--version"])
        #expect(result.status == 0)
        #expect(result.standardOutput == RenderGIFVersion.string + "\n")
    }
}
