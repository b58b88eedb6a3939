import Foundation
import Testing

/// The README's Swift example is the library example target's source, compiles against the
/// library's public API alone, and does what the README says when run.
@Suite enum ReadmeLibraryExampleTests {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    static let exampleSource = packageRoot.appendingPathComponent("Examples/LibraryExample/main.swift")

    /// The one ```swift block of README.md.
    static func readmeBlock() throws -> String {
        let readme = try String(contentsOf: packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let blocks = readme.components(separatedBy: "```swift\n").dropFirst()
        #expect(blocks.count == 1, "README.md should show the library in one swift block")
        return String(try #require(blocks.first?.components(separatedBy: "```").first))
    }

    @Test static func theReadmeShowsTheExampleTarget() throws {
        #expect(try readmeBlock() == String(contentsOf: exampleSource, encoding: .utf8))
    }

    /// Type-checked by the compiler without the package's name, so that `package` and
    /// internal declarations are out of reach: only what a program outside sees.
    @Test static func theExampleNeedsOnlyThePublicAPI() throws {
        let products = CommandRunner.productsFolder
        var arguments = ["swiftc", "-typecheck", "-I", products.appendingPathComponent("Modules").path]
        let sources = packageRoot.appendingPathComponent("Sources")
        for target in try FileManager.default.contentsOfDirectory(atPath: sources.path).sorted() where target.hasPrefix("C") {
            let folder = sources.appendingPathComponent(target)
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent("module.modulemap").path) {
                arguments += ["-I", folder.path]
            } else if FileManager.default.fileExists(atPath: folder.appendingPathComponent("include").path) {
                arguments += ["-Xcc", "-fmodule-map-file=" + products.appendingPathComponent("\(target).build/module.modulemap").path]
            }
        }
        arguments += try libraryHeaderFlags()
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("readme-example-\(UUID().uuidString).swift")
        try readmeBlock().write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let error = Pipe()
        let process = CommandRunner.process(arguments + [file.path], executable: URL(fileURLWithPath: "/usr/bin/env"),
                                            in: nil, standardOutput: FileHandle.nullDevice, standardError: error)
        try process.run()
        let text = String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(text)")
    }

    /// `-Xcc -I...` for the C libraries' header folders (Homebrew's on macOS), as pkg-config
    /// gives them for the packages Package.swift names; none when pkg-config is missing.
    static func libraryHeaderFlags() throws -> [String] {
        let manifest = try String(contentsOf: packageRoot.appendingPathComponent("Package.swift"), encoding: .utf8)
        let packages = manifest.components(separatedBy: "pkgConfig: \"").dropFirst().compactMap { $0.split(separator: "\"").first }
            .map(String.init)
        let output = Pipe()
        let process = CommandRunner.process(["pkg-config", "--cflags-only-I"] + packages, executable: URL(fileURLWithPath: "/usr/bin/env"),
                                            in: nil, standardOutput: output, standardError: FileHandle.nullDevice)
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return [] }
        return text.split(whereSeparator: \.isWhitespace).flatMap { ["-Xcc", String($0)] }
    }

    @Test static func theExampleRendersAndChecksWhatTheReadmeSays() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("readme-example-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = Pipe(), error = Pipe()
        let process = CommandRunner.process([], executable: CommandRunner.productsFolder.appendingPathComponent("library-example"),
                                            in: folder, standardOutput: output, standardError: error)
        try process.run()
        let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let lines = printed.split(separator: "\n").map(String.init)
        let gif = try Data(contentsOf: folder.appendingPathComponent("arc.gif"))
        let still = try Data(contentsOf: folder.appendingPathComponent("arc.png"))
        #expect(lines == ["105 frames, \(gif.count) bytes, a still of \(still.count) bytes", "arc.gif and arc.png are up to date",
                          "borderWidth 1000: must be a number of points from 0 to 500"])
        #expect(gif.starts(with: Array("GIF89a".utf8)))
        let png = try Data(contentsOf: folder.appendingPathComponent("arc.png"))
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
    }
}
