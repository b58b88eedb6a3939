import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Every temporary file the process has created and not yet renamed into place or removed,
/// so that an interrupted run (Ctrl-C, SIGTERM, SIGHUP) can remove them before it ends.
///
/// Creating, renaming and removing a temporary file each happen under one lock, so the list
/// is never behind the disk: `removeAllAndStop()` takes the lock and keeps it, removes every
/// file on the list, and from then on any thread that tries to create, rename or remove a
/// temporary file waits forever, which is what a process about to end needs. A rename that
/// finished before stays finished: an output already in place is complete.
public final class TemporaryFileRegistry: @unchecked Sendable {
    /// The registry every `AtomicFileWriter` records its temporary file in.
    public static let shared = TemporaryFileRegistry()

    private let lock = NSLock()
    private var paths: Set<String> = []

    init() {}

    /// Creates a unique file from `template` (`mkstemp`, "XXXXXX" replaced in place) and
    /// records it; returns the descriptor, or -1 with `errno` set.
    func makeFile(template: inout [CChar]) -> Int32 {
        lock.lock()
        defer { lock.unlock() }
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        if descriptor >= 0 {
            paths.insert(String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        return descriptor
    }

    /// Renames the recorded `path` over `target` and forgets it; returns `rename`'s result.
    func rename(_ path: String, over target: String) -> Int32 {
        lock.lock()
        defer { lock.unlock() }
        let result = systemRename(path, target)
        if result == 0 { paths.remove(path) }
        return result
    }

    /// Removes the recorded `path` and forgets it.
    func remove(_ path: String) {
        lock.lock()
        defer { lock.unlock() }
        unlink(path)
        paths.remove(path)
    }

    /// Removes every recorded file and keeps the lock, so no temporary file is created,
    /// renamed or removed afterwards. For a process that ends right after.
    public func removeAllAndStop() {
        lock.lock()
        for path in paths { unlink(path) }
        paths.removeAll()
    }
}

/// The C library's rename(2), named apart from the method `rename(_:over:)`.
private func systemRename(_ path: String, _ target: String) -> Int32 {
    #if canImport(Glibc)
    return Glibc.rename(path, target)
    #else
    return Darwin.rename(path, target)
    #endif
}
