#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads whole files with a size cap, reporting failures with the operating system's reason.
public enum FileBytes {
    /// The contents of the file at `path`, refused with `.fileTooLarge` past `maxBytes`.
    ///
    /// A missing file, a folder, a FIFO, a socket, a device or a file without read permission
    /// gives `.unreadable` with the reason ("No such file or directory", "is a folder", "is a
    /// FIFO (named pipe), not a regular file", ...), without blocking on a FIFO.
    public static func contents(ofFile path: String, maxBytes: Int) throws(FileError) -> [UInt8] {
        let descriptor: Int32
        switch RegularFile.openForReading(path) {
        case let .success(opened): descriptor = opened
        case let .failure(refusal): throw .unreadable(path: path, reason: refusal.reason)
        }
        defer { close(descriptor) }

        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            throw .unreadable(path: path, reason: systemErrorText(errno))
        }
        let declaredSize = Int(status.st_size)
        if declaredSize > maxBytes { throw .fileTooLarge(path: path, bytes: declaredSize, limit: maxBytes) }

        // Read until end of file rather than trusting st_size, which may change while
        // reading; stop one byte past the cap.
        var bytes = [UInt8]()
        bytes.reserveCapacity(declaredSize + 1)
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw .unreadable(path: path, reason: systemErrorText(errno))
            }
            if count == 0 { return bytes }
            bytes.append(contentsOf: chunk[0 ..< count])
            if bytes.count > maxBytes { throw .fileTooLarge(path: path, bytes: bytes.count, limit: maxBytes) }
        }
    }
}

/// The C library's description of an `errno` value, e.g. "No such file or directory".
package func systemErrorText(_ code: Int32) -> String {
    guard let text = strerror(code) else { return "error \(code)" }
    return DisplayText.libraryMessage(String(cString: text))
}
