import Foundation
import Testing

/// One bad input for the command: the files it needs, the arguments, and the exact outcome.
struct BadInputCase: Sendable, CustomTestStringConvertible {
    /// What is wrong, as the test list shows it.
    var label: String
    /// Arguments before the output.
    var arguments: [String]
    /// The output argument; nil to leave it out.
    var output: String? = "out.gif"
    /// Files and folders created (by name, in the case's folder) before the run.
    var files: [(name: String, fixture: BadInputFixture)] = []
    /// The exit status: 64 for usage errors, 1 for other failures.
    var status: Int32
    /// The text after `Error: ` on the one error line.
    var message: String

    var testDescription: String { label }

    /// The usage hint that follows a usage error.
    static let usageHint = "Usage: render-gif [<options>] <output>\n  See 'render-gif --help' for more information.\n"

    /// The bytes of an output that existed before the run.
    static let previousOutput = Data("the previous output\n".utf8)

    /// Runs the case twice, in fresh folders: once with no output file, once with an output
    /// file already there. Both runs must fail with the expected status and line, print
    /// nothing on standard output, and leave the folder exactly as it was (no output, no
    /// temporary file, an existing output byte-identical).
    func check() throws {
        for outputExists in [false, true] {
            let folder = try CommandRunner.temporaryFolder()
            defer { try? FileManager.default.removeItem(at: folder) }
            for file in files {
                try file.fixture.create(at: folder.appendingPathComponent(file.name))
            }
            var outputURL: URL?
            if let output, !files.contains(where: { $0.name == output }) {
                let url = folder.appendingPathComponent(output)
                if outputExists {
                    // Only where the output's folder exists; "missing/out.gif" cannot pre-exist.
                    var isFolder: ObjCBool = false
                    guard FileManager.default.fileExists(atPath: url.deletingLastPathComponent().path, isDirectory: &isFolder),
                          isFolder.boolValue else { continue }
                    try Self.previousOutput.write(to: url)
                }
                outputURL = url
            }
            let before = try Self.snapshot(folder)
            let result = try CommandRunner.run(arguments + (output.map { [$0] } ?? []), in: folder)
            let expected = "Error: \(message)\n" + (status == 64 ? Self.usageHint : "")
            #expect(result.status == status, "\(label) (output existed: \(outputExists))")
            #expect(result.standardError == expected, "\(label) (output existed: \(outputExists))")
            #expect(result.standardOutput.isEmpty)
            #expect(try Self.snapshot(folder) == before, "\(label): the folder must be left as it was")
            if let outputURL, !outputExists {
                #expect(!FileManager.default.fileExists(atPath: outputURL.path), "\(label): no output may appear")
            }
        }
    }

    /// Every path under `folder` (recursively, sorted) with its file's bytes.
    static func snapshot(_ folder: URL) throws -> [String: Data] {
        var entries: [String: Data] = [:]
        let paths = try FileManager.default.subpathsOfDirectory(atPath: folder.path).sorted()
        for path in paths {
            let url = folder.appendingPathComponent(path)
            var isFolder: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder)
            entries[path] = isFolder.boolValue ? Data("<folder>".utf8) : try Data(contentsOf: url)
        }
        return entries
    }
}
