import Foundation
import Testing

#if os(Linux)
/// On Linux the command opens libheif (and the codecs it brings) only when a HEIC or AVIF
/// picture needs it: a render of other pictures never maps it, one with a HEIC picture does,
/// and `--version` names the release it opened. glibc's loader reports each library it maps
/// under `LD_DEBUG=files`, which is what these tests read.
@Suite enum HEIFOnUseTests {
    /// Runs the command with glibc's loader reporting the libraries it maps on standard error.
    static func runReportingLibraries(_ arguments: [String], in folder: URL) throws -> CommandRunner.Result {
        try CommandRunner.run(arguments, in: folder, adding: ["LD_DEBUG": "files"])
    }

    /// The loader's lines that say why it maps libheif ("file=libheif.so.1 [0];  dynamically
    /// loaded by ..." when opened, "needed by ..." when linked), one for each time it does.
    static func libheifMappings(_ report: String) -> [Substring] {
        report.split(separator: "\n").filter {
            $0.contains("file=libheif.so.1 ") && ($0.contains("dynamically loaded by") || $0.contains("needed by"))
        }
    }

    @Test static func renderWithoutHEIFPicturesNeverMapsLibheif() throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let webp = PictureFormatCommandTests.picture("quadrants-lossless.webp")
        let result = try runReportingLibraries(CommandRunner.smallRender + ["--head", webp.path, "out.gif"], in: folder)
        #expect(result.status == 0)
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("out.gif").path))
        #expect(result.standardError.contains("file=libpng16.so.16"), "the loader's report is read: it names libpng")
        #expect(libheifMappings(result.standardError).isEmpty, "\(libheifMappings(result.standardError))")
    }

    @Test static func heicPictureOpensLibheifWhenItIsDecoded() throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let heic = PictureFormatCommandTests.picture("quadrants.heic")
        let result = try runReportingLibraries(CommandRunner.smallRender + ["--head", heic.path, "out.gif"], in: folder)
        #expect(result.status == 0)
        let mappings = libheifMappings(result.standardError)
        #expect(mappings.count == 1, "\(mappings)")
        #expect(mappings.allSatisfy { $0.contains("dynamically loaded by") }, "\(mappings)")
    }

    @Test static func versionNamesTheLibheifItOpened() throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try runReportingLibraries(["--version"], in: folder)
        #expect(result.status == 0)
        let line = result.standardOutput.split(separator: "\n").first { $0.hasPrefix("libheif ") }
        #expect(line?.split(separator: " ").dropFirst().first?.first?.isNumber == true, "\(line ?? "no libheif line")")
        #expect(libheifMappings(result.standardError).count == 1)
    }
}
#endif
