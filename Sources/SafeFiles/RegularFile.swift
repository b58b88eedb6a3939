#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Opens the files a render reads (scene files, pictures, the files a check compares) so
/// that only regular files are read: a FIFO, a socket, a device or a folder is refused, named
/// for what it is, without ever blocking. The open is non-blocking (a FIFO with no writer
/// would otherwise wait forever) and the kind is taken from the open descriptor (`fstat`), so
/// the file checked is the file read.
public enum RegularFile {
    /// A descriptor for reading `path`, or why it cannot be read: the system's reason, or
    /// "is a FIFO (named pipe), not a regular file" and the like.
    package static func openForReading(_ path: String) -> Result<Int32, Refusal> {
        let descriptor = PathBytes.withCString(path) { open($0, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC) }
        guard descriptor >= 0 else {
            let code = errno
            // A socket cannot be opened at all (ENXIO on Linux, EOPNOTSUPP on macOS); name it
            // rather than print "No such device" or "Operation not supported".
            if code == ENXIO || code == EOPNOTSUPP, let kind = kind(ofPath: path), kind != S_IFREG {
                return .failure(Refusal(notRegular: kind))
            }
            return .failure(Refusal(reason: systemErrorText(code)))
        }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            let code = errno
            close(descriptor)
            return .failure(Refusal(reason: systemErrorText(code)))
        }
        let kind = status.st_mode & S_IFMT
        guard kind == S_IFREG else {
            close(descriptor)
            return .failure(Refusal(notRegular: kind))
        }
        // Regular files never block; clearing the flag keeps reads plain.
        let flags = fcntl(descriptor, F_GETFL)
        if flags >= 0 { _ = fcntl(descriptor, F_SETFL, flags & ~O_NONBLOCK) }
        return .success(descriptor)
    }

    /// Why a file was not opened for reading.
    package struct Refusal: Error {
        /// Text to follow the path, e.g. "No such file or directory", "is a folder".
        package let reason: String

        init(reason: String) { self.reason = reason }

        init(notRegular kind: mode_t) {
            reason = kind == S_IFDIR ? "is a folder" : "is \(RegularFile.describe(kind: kind)), not a regular file"
        }
    }

    /// The kind of file `path` names (following links), or nil when it cannot be examined.
    static func kind(ofPath path: String) -> mode_t? {
        var status = stat()
        guard PathBytes.withCString(path, { stat($0, &status) }) == 0 else { return nil }
        return status.st_mode & S_IFMT
    }

    /// "a FIFO (named pipe)", "a socket", "a character device", "a block device", "a folder",
    /// "a symbolic link", "a regular file" for the `S_IFMT` bits of a mode.
    public static func describe(kind: mode_t) -> String {
        switch kind {
        case S_IFIFO: return "a FIFO (named pipe)"
        case S_IFSOCK: return "a socket"
        case S_IFCHR: return "a character device"
        case S_IFBLK: return "a block device"
        case S_IFDIR: return "a folder"
        case S_IFLNK: return "a symbolic link"
        case S_IFREG: return "a regular file"
        default: return "a file of an unknown kind"
        }
    }
}
