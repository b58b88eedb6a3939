import Foundation

/// Runs the built `render-gif` binary and captures what it prints.
struct CommandRunner {
    struct Result {
        var status: Int32
        var standardOutput: String
        var standardError: String
    }

    /// The folder SwiftPM puts the built products in: the test executable's on Linux; on
    /// macOS the one holding the `.xctest` bundle, which a helper process loads (neither the
    /// helper nor `Bundle.allBundles` is there, so the bundle is found from a class in it).
    static var productsFolder: URL {
        #if os(macOS)
        return Bundle(for: BundleMarker.self).bundleURL.deletingLastPathComponent()
        #else
        return Bundle.main.bundleURL
        #endif
    }

    #if os(macOS)
    /// A class compiled into the test bundle, for `Bundle(for:)`.
    private final class BundleMarker {}
    #endif

    static var binary: URL { productsFolder.appendingPathComponent("render-gif") }

    /// Runs `render-gif arguments` in `folder`, standard input closed, with `adding` set in
    /// its environment beside what this process has.
    static func run(_ arguments: [String], in folder: URL? = nil, adding environment: [String: String] = [:]) throws -> Result {
        let result = try runCapturingBytes(arguments, in: folder, adding: environment)
        return Result(status: result.status, standardOutput: String(decoding: result.standardOutput, as: UTF8.self),
                      standardError: result.standardError)
    }

    /// Runs `render-gif arguments` in `folder`, with `adding` in its environment, and keeps
    /// standard output as bytes (a GIF written to `-`).
    static func runCapturingBytes(_ arguments: [String], in folder: URL? = nil, adding environment: [String: String] = [:]) throws
        -> (status: Int32, standardOutput: Data, standardError: String) {
        let out = Pipe(), err = Pipe()
        let process = process(arguments, in: folder, standardOutput: out, standardError: err)
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        try process.run()
        // Read both pipes to the end before waiting, so a chatty process cannot block.
        let group = DispatchGroup()
        nonisolated(unsafe) var outData = Data(), errData = Data()
        group.enter()
        DispatchQueue.global().async {
            outData = out.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        errData = err.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return (process.terminationStatus, outData, String(decoding: errData, as: UTF8.self))
    }

    /// A process for `executable` (the built binary unless given) with `arguments`, run in
    /// `folder`, standard input closed, standard output and error going to the given places.
    static func process(_ arguments: [String], executable: URL = binary, in folder: URL?,
                        standardOutput: Any, standardError: Any) -> Process {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let folder { process.currentDirectoryURL = folder }
        process.standardOutput = standardOutput
        process.standardError = standardError
        process.standardInput = FileHandle.nullDevice
        return process
    }

    /// A fresh empty folder under the system's temporary folder.
    static func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("render-gif-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
        return url
    }

    /// A new empty folder with a short path (under /tmp), for Unix sockets: their paths must
    /// fit `sun_path`, which `temporaryFolder()` under macOS's long `$TMPDIR` would not.
    static func shortTemporaryFolder() throws -> URL {
        var template = Array("/tmp/rg-XXXXXX".utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw ShellRunner.SpawnFailure(code: errno)
        }
        return URL(fileURLWithPath: String(cString: made), isDirectory: true)
    }

    /// Whether `folder` takes unnamed files (Linux `O_TMPFILE`, whose value Swift's Glibc
    /// does not export: the kernel's `__O_TMPFILE | O_DIRECTORY`), as render-gif's outputs
    /// use them there; false on macOS.
    static func unnamedFilesExist(in folder: URL) -> Bool {
        #if os(Linux)
        let descriptor = open(folder.path, 0o20000000 | O_DIRECTORY | O_WRONLY, 0o600)
        guard descriptor >= 0 else { return false }
        close(descriptor)
        return true
        #else
        return false
        #endif
    }

    /// The arguments of a small, fast render: scale 1, 10 fps, one tap, and 32 colours, whose
    /// palette plans much faster than 256's (the plan is most of a small render's time).
    static let smallRender = ["--scale", "1", "--fps", "10", "--taps", "1", "--hold", "0.2", "--colors", "32", "--quiet"]
}
