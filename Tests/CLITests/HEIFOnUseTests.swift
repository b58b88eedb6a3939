import Foundation
import Testing

#if os(Linux) && canImport(Glibc)
/// On Linux the command opens libheif (and the codecs it brings) only when a HEIC or AVIF
/// picture needs it: a render of other pictures never maps it, under a memory limit too; one
/// with a HEIC picture does, and `--version` names the release it opened. glibc's loader
/// reports each library it maps under `LD_DEBUG=files`, which is what these tests read. A
/// libheif that cannot be used fails only the HEIC picture, in one line.
@Suite enum HEIFOnUseTests {
    /// The loader's lines that say why it maps libheif ("file=libheif.so.1 [0];  dynamically
    /// loaded by ..." when opened, "needed by ..." when linked), one for each time it does.
    static func libheifMappings(_ report: String) -> [Substring] {
        report.split(separator: "\n").filter {
            $0.contains("file=libheif.so.1 ") && ($0.contains("dynamically loaded by") || $0.contains("needed by"))
        }
    }

    /// A limit for `ulimit -v` (in KiB, about 4 GB) loose enough for every render here: under
    /// it the memory estimate runs and refuses nothing.
    static let looseLimitKiB = 4_000_000

    /// Runs the command with glibc's loader reporting the libraries it maps on standard error,
    /// under `ulimit -v looseLimitKiB` when `limited` (through /bin/sh, which sets it).
    static func runReportingLibraries(_ arguments: [String], in folder: URL, limited: Bool = false) throws
        -> CommandRunner.Result {
        guard limited else { return try CommandRunner.run(arguments, in: folder, adding: ["LD_DEBUG": "files"]) }
        let result = try ShellRunner.run(arguments, in: folder, prefix: "ulimit -v \(looseLimitKiB); LD_DEBUG=files; export LD_DEBUG;")
        return CommandRunner.Result(status: result.status, standardOutput: String(decoding: result.standardOutput, as: UTF8.self),
                                    standardError: result.standardError)
    }

    /// A small render with the test picture `name` as the head, the loader reporting (under
    /// `ulimit -v` when `limited`): its result and whether it wrote its GIF.
    static func renderReportingLibraries(head name: String, limited: Bool = false) throws
        -> (result: CommandRunner.Result, wroteGIF: Bool) {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let arguments = CommandRunner.smallRender + ["--head", PictureFormatCommandTests.picture(name).path, "out.gif"]
        let result = try runReportingLibraries(arguments, in: folder, limited: limited)
        return (result, FileManager.default.fileExists(atPath: folder.appendingPathComponent("out.gif").path))
    }

    @Test static func renderWithoutHEIFPicturesNeverMapsLibheif() throws {
        let (result, wroteGIF) = try renderReportingLibraries(head: "quadrants-lossless.webp")
        #expect(result.status == 0)
        #expect(wroteGIF)
        #expect(result.standardError.contains("file=libpng16.so.16"), "the loader's report is read: it names libpng")
        #expect(libheifMappings(result.standardError).isEmpty, "\(libheifMappings(result.standardError))")
    }

    @Test static func heicPictureOpensLibheifWhenItIsDecoded() throws {
        let (result, _) = try renderReportingLibraries(head: "quadrants.heic")
        #expect(result.status == 0)
        let mappings = libheifMappings(result.standardError)
        #expect(mappings.count == 1, "\(mappings)")
        #expect(mappings.allSatisfy { $0.contains("dynamically loaded by") }, "\(mappings)")
    }

    /// Under a memory limit the estimate opens libheif before anything is decoded, so that
    /// what it maps is counted, but only for a HEIC or AVIF picture file, told by its bytes:
    /// a WebP head's render never maps it.
    @Test static func underAMemoryLimitOnlyAHEICPictureOpensLibheif() throws {
        let (result, wroteGIF) = try renderReportingLibraries(head: "quadrants-lossless.webp", limited: true)
        #expect(result.status == 0 && wroteGIF, "\(result.standardError.suffix(400))")
        #expect(result.standardError.contains("file=libpng16.so.16"), "the loader's report is read: it names libpng")
        #expect(libheifMappings(result.standardError).isEmpty, "\(libheifMappings(result.standardError))")
    }

    /// The estimate alone (the render then stops at an output folder that does not exist,
    /// before any picture is decoded): under a limit it opens libheif for a HEIC head, even
    /// one named .png, and not for a WebP one; without a limit there is no estimate to open it.
    @Test static func theEstimateOpensLibheifForHEICContent() throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let heic = PictureFormatCommandTests.picture("quadrants.heic")
        let disguised = folder.appendingPathComponent("heic-inside.png")
        try FileManager.default.copyItem(at: heic, to: disguised)
        let webp = PictureFormatCommandTests.picture("quadrants-lossless.webp")
        let cases: [(head: URL, limited: Bool, mappings: Int)] = [(heic, true, 1), (disguised, true, 1), (webp, true, 0),
                                                                 (heic, false, 0)]
        for (head, limited, mappings) in cases {
            let arguments = CommandRunner.smallRender + ["--head", head.path, "no-such-folder/out.gif"]
            let result = try runReportingLibraries(arguments, in: folder, limited: limited)
            #expect(result.status == 1, "\(head.lastPathComponent): \(result.standardError.suffix(300))")
            #expect(result.standardError.contains("no-such-folder"), "\(head.lastPathComponent): the output's error")
            #expect(libheifMappings(result.standardError).count == mappings,
                    "\(head.lastPathComponent), limited \(limited): \(libheifMappings(result.standardError))")
        }
    }

    /// An empty `libheif.so.1` found first through `LD_LIBRARY_PATH`, as a damaged install
    /// would be: the HEIC render fails in one line naming the picture and the loader's reason,
    /// under a memory limit too, a WebP render still succeeds, and `--version` says so.
    @Test static func anUnusableLibheifFailsOnlyTheHEICPicture() throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let libraries = folder.appendingPathComponent("libs")
        try FileManager.default.createDirectory(at: libraries, withIntermediateDirectories: false)
        let empty = libraries.appendingPathComponent("libheif.so.1")
        #expect(FileManager.default.createFile(atPath: empty.path, contents: Data()))
        let environment = ["LD_LIBRARY_PATH": libraries.path]
        let heic = PictureFormatCommandTests.picture("quadrants.heic").path
        let failed = try CommandRunner.run(CommandRunner.smallRender + ["--head", heic, "heic.gif"], in: folder, adding: environment)
        #expect(failed.status == 1)
        #expect(failed.standardError == "Error: '\(heic)' cannot be decoded: libheif cannot be used: \(empty.path): file too short\n",
                "\(failed.standardError)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("heic.gif").path))
        let limited = try ShellRunner.run((CommandRunner.smallRender + ["--head", heic, "limited.gif"]).map { Array($0.utf8) },
                                          in: folder,
                                          prefix: "ulimit -v \(looseLimitKiB); LD_LIBRARY_PATH='\(libraries.path)'; export LD_LIBRARY_PATH;")
        #expect(limited.status == 1)
        #expect(limited.standardError.hasPrefix("Error: '\(heic)' cannot be decoded: libheif cannot be used: "), "\(limited.standardError)")
        let webp = PictureFormatCommandTests.picture("quadrants-lossless.webp").path
        let rendered = try CommandRunner.run(CommandRunner.smallRender + ["--head", webp, "webp.gif"], in: folder, adding: environment)
        #expect(rendered.status == 0 && rendered.standardError.isEmpty, "\(rendered.standardError)")
        let version = try CommandRunner.run(["--version"], in: folder, adding: environment)
        #expect(version.status == 0)
        #expect(version.standardOutput.contains("\nlibheif not available (\(empty.path): file too short)\n"), "\(version.standardOutput)")
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
