#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The lock that tells a live process's temporary names from those a killed one left.
///
/// Every temporary file or staging folder is locked (`flock`, exclusive) through a descriptor
/// its process keeps open until the name is moved into place or removed. The kernel drops the
/// lock when the process ends, however it ends (SIGKILL included), so a temporary whose lock
/// can be taken is one nobody is writing: `StaleTemporaries` removes it. A process's own other
/// descriptors conflict with its locks too (`flock` locks belong to an open file description),
/// so a render never removes a temporary that it or a render beside it is still writing.
enum TemporaryLock {
    /// Locks the temporary just made at `path` and open as `descriptor`, then checks that the
    /// name is still that file: a render sweeping the folder at that instant may have taken the
    /// lock first and removed it. False then (the caller closes the descriptor and makes
    /// another); true when the name is the caller's, locked for as long as the descriptor is open.
    static func claim(_ descriptor: Int32, path: [UInt8]) -> Bool {
        while flock(descriptor, LOCK_EX) != 0 {
            guard errno == EINTR else { return false }
        }
        return names(path, descriptor)
    }

    /// Takes the lock on `descriptor` when no other open file holds it; never waits.
    static func takeIfFree(_ descriptor: Int32) -> Bool {
        flock(descriptor, LOCK_EX | LOCK_NB) == 0
    }

    /// Locks an unnamed file (Linux `O_TMPFILE`): its lock covers the temporary name it gets
    /// for an instant while it replaces an existing file.
    static func lockUnnamed(_ descriptor: Int32) {
        while flock(descriptor, LOCK_EX) != 0 && errno == EINTR {}
    }

    /// Whether `path` (not followed) names the file open as `descriptor`.
    static func names(_ path: [UInt8], _ descriptor: Int32) -> Bool {
        var named = stat(), open = stat()
        guard path.withCString({ lstat($0, &named) }) == 0, fstat(descriptor, &open) == 0 else { return false }
        return named.st_dev == open.st_dev && named.st_ino == open.st_ino
    }
}
