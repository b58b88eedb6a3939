#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads whole files with a size cap, or their first bytes, reporting failures with the
/// operating system's reason.
public enum FileBytes {
    /// The contents of the file at `path`, refused with `.fileTooLarge` past `maxBytes`.
    ///
    /// A missing file, a folder, a FIFO, a socket, a device or a file without read permission
    /// gives `.unreadable` with the reason ("No such file or directory", "is a folder", "is a
    /// FIFO (named pipe), not a regular file", ...), without blocking on a FIFO.
    public static func contents(ofFile path: String, maxBytes: Int) throws(FileError) -> [UInt8] {
        let descriptor = try openRegularFile(path)
        defer { close(descriptor) }

        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            throw .unreadable(path: path, reason: systemErrorText(errno))
        }
        let declaredSize = Int(status.st_size)
        if declaredSize > maxBytes { throw .fileTooLarge(path: path, bytes: declaredSize, limit: maxBytes) }

        // Read until end of file rather than trusting st_size, which may change while
        // reading; stop once past the cap (at most a chunk beyond it).
        let bytes = try readChunks(descriptor, path: path, reserving: declaredSize + 1, chunkBytes: 1 << 16) {
            $0 > maxBytes
        }
        if bytes.count > maxBytes { throw .fileTooLarge(path: path, bytes: bytes.count, limit: maxBytes) }
        return bytes
    }

    /// The first `count` bytes (`count` ≥ 0) of the file at `path`, all of it when it is
    /// shorter, with the errors of `contents(ofFile:maxBytes:)` but no size cap: enough to
    /// tell its format.
    public static func head(ofFile path: String, count: Int) throws(FileError) -> [UInt8] {
        precondition(count >= 0, "a file's head of a negative number of bytes")
        let descriptor = try openRegularFile(path)
        defer { close(descriptor) }
        let bytes = try readChunks(descriptor, path: path, reserving: min(count, 1 << 16),
                                   chunkBytes: min(max(1, count), 1 << 16)) { $0 >= count }
        return Array(bytes.prefix(count))
    }

    /// A descriptor of the regular file at `path`, open for reading.
    private static func openRegularFile(_ path: String) throws(FileError) -> Int32 {
        switch RegularFile.openForReading(path) {
        case let .success(opened): return opened
        case let .failure(refusal): throw .unreadable(path: path, reason: refusal.reason)
        }
    }

    /// The bytes read from `descriptor`, `chunkBytes` at a time, until the end of the file or
    /// until `done` says the bytes read so far are enough.
    private static func readChunks(_ descriptor: Int32, path: String, reserving capacity: Int, chunkBytes: Int,
                                   until done: (Int) -> Bool) throws(FileError) -> [UInt8] {
        var bytes = [UInt8]()
        bytes.reserveCapacity(capacity)
        var chunk = [UInt8](repeating: 0, count: chunkBytes)
        while !done(bytes.count) {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw .unreadable(path: path, reason: systemErrorText(errno))
            }
            if count == 0 { break }
            bytes.append(contentsOf: chunk[0 ..< count])
        }
        return bytes
    }
}

/// The C library's description of an `errno` value, e.g. "No such file or directory".
package func systemErrorText(_ code: Int32) -> String {
    guard let text = strerror(code) else { return "error \(code)" }
    return DisplayText.libraryMessage(String(cString: text))
}
