import Foundation

/// Files and folders for the tests that touch the disk: a fresh folder under the system's
/// temporary folder, and whole files written, read and listed.
public enum TestFiles {
    /// A fresh empty folder under the system temporary folder.
    public static func makeTemporaryFolder() throws -> String {
        let base = (NSTemporaryDirectory() as NSString).appendingPathComponent("render-gif-tests-XXXXXX")
        var template = Array(base.utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw CocoaError(.fileWriteUnknown)
        }
        return String(cString: made)
    }

    /// Runs `body` with a fresh empty folder, removed with everything in it afterwards.
    public static func withTemporaryFolder<Result>(_ body: (String) throws -> Result) throws -> Result {
        let folder = try makeTemporaryFolder()
        defer { removeFolder(folder) }
        return try body(folder)
    }

    /// Removes `path` and everything in it; a missing folder is fine.
    public static func removeFolder(_ path: String) {
        try? FileManager.default.removeItem(atPath: path)
    }

    /// Writes `bytes` as the whole file at `path`.
    public static func write(_ bytes: [UInt8], to path: String) throws {
        try Data(bytes).write(to: URL(fileURLWithPath: path))
    }

    /// The whole file at `path`.
    public static func contents(of path: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    /// The names in the folder at `path`, sorted.
    public static func folderListing(_ path: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: path).sorted()
    }
}
