import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Every name the process has made on disk and not yet moved into place or removed (temporary
/// files, a staging folder of frames, a frames folder it created), so that a process ending
/// before its render is done leaves nothing behind.
///
/// Creating, moving and removing such a name each happen under one lock, so the list is never
/// behind the disk: `removeAllAndStop()` takes the lock and keeps it, removes every name on the
/// list, and from then on any thread that tries to create, move or remove one waits forever,
/// which is what a process about to end needs. A move that finished before stays finished: an
/// output already in place is complete. The list lives in a `CleanupTable`, which a crash
/// handler can empty without the lock.
public final class TemporaryFileRegistry: @unchecked Sendable {
    /// The registry every output records its names in; its table is the one the crash handler empties.
    public static let shared: TemporaryFileRegistry = {
        let registry = TemporaryFileRegistry()
        registry.table.makeShared()
        return registry
    }()

    private let lock = NSLock()
    private let table = CleanupTable()

    init() {}

    /// A name that is recorded: its bytes and its slot in the table.
    struct Entry {
        let path: [UInt8]
        let slot: Int
    }

    /// Creates a unique empty file beside `name` in `folder` (`.name.render-gif-XXXXXX` by
    /// mkstemp, the name shortened so that the whole fits the folder's NAME_MAX), locked by its
    /// descriptor (`TemporaryLock`), and records it; returns its descriptor and entry, or nil
    /// with `errno` set.
    func makeFile(folder: [UInt8], name: [UInt8]) -> (descriptor: Int32, entry: Entry)? {
        let template = Self.temporaryPath(folder: folder, name: name, suffix: StaleTemporaries.templateSuffix)
        lock.lock()
        defer { lock.unlock() }
        for _ in 0 ..< 100 {
            var bytes = template.map { CChar(bitPattern: $0) } + [0]
            let descriptor = bytes.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
            guard descriptor >= 0 else { return nil }
            let path = bytes.dropLast().map { UInt8(bitPattern: $0) }
            // A render sweeping the folder may have removed it before it was locked: make another.
            guard TemporaryLock.claim(descriptor, path: path) else {
                close(descriptor)
                continue
            }
            guard let slot = table.add(path, kind: .file) else {
                _ = path.withCString { unlink($0) }
                close(descriptor)
                errno = ENAMETOOLONG
                return nil
            }
            return (descriptor, Entry(path: path, slot: slot))
        }
        errno = EEXIST
        return nil
    }

    /// Renames the recorded file over `target` and forgets it; returns `rename`'s result.
    func rename(_ entry: Entry, over target: [UInt8]) -> Int32 {
        lock.lock()
        defer { lock.unlock() }
        let result = entry.path.withCString { from in target.withCString { systemRename(from, $0) } }
        if result == 0 { table.clear(entry.slot) }
        return result
    }

    /// Removes the recorded file and forgets it.
    func remove(_ entry: Entry) {
        lock.lock()
        defer { lock.unlock() }
        _ = entry.path.withCString { unlink($0) }
        table.clear(entry.slot)
    }

    /// Records a folder: a staging folder whose `frameCount` frames of `digits` digits are
    /// removed with it, or a folder the render created, removed when empty. Nil when the
    /// table cannot hold it.
    func addFolder(_ path: [UInt8], staging: Bool, frameCount: Int = 0, digits: Int = 0) -> Entry? {
        lock.lock()
        defer { lock.unlock() }
        return table.add(path, kind: staging ? .frameStaging : .createdFolder, frameCount: frameCount, digits: digits)
            .map { Entry(path: path, slot: $0) }
    }

    /// Forgets a recorded name without touching the disk (it was moved or removed under the lock).
    func forget(_ entry: Entry) {
        lock.lock()
        defer { lock.unlock() }
        table.clear(entry.slot)
    }

    /// What `whileHoldingLock` lets its body do while it holds the lock.
    struct Locked {
        fileprivate let registry: TemporaryFileRegistry

        /// Forgets a recorded name (it was moved or removed).
        func forget(_ entry: Entry) { registry.table.clear(entry.slot) }

        /// `linkInPlace` without taking the lock again.
        func linkInPlace(_ descriptor: Int32, folder: [UInt8], name: [UInt8], target: [UInt8]) -> Int32 {
            registry.linkHoldingLock(descriptor, folder: folder, name: name, target: target)
        }
    }

    /// Runs `body` under the lock, so that an interruption waits for it: the moves that put a
    /// set of frames in place happen all or not at all as far as a signal handler is concerned.
    /// `body` must not call the registry's other methods, only those of `Locked`.
    func whileHoldingLock<Result, Failure: Error>(_ body: (Locked) throws(Failure) -> Result) throws(Failure) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(Locked(registry: self))
    }

    /// Links the unnamed file open as `descriptor` (Linux `O_TMPFILE`) at `target`, replacing
    /// what is there: linked straight at `target` when nothing is, otherwise at a recorded
    /// temporary name beside it (`.name.render-gif-XXXXXX`, covered by the descriptor's
    /// `TemporaryLock`), then renamed over it. Returns 0, or -1 with `errno` set.
    func linkInPlace(_ descriptor: Int32, folder: [UInt8], name: [UInt8], target: [UInt8]) -> Int32 {
        lock.lock()
        defer { lock.unlock() }
        return linkHoldingLock(descriptor, folder: folder, name: name, target: target)
    }

    private func linkHoldingLock(_ descriptor: Int32, folder: [UInt8], name: [UInt8], target: [UInt8]) -> Int32 {
        if Self.link(descriptor, at: target) == 0 { return 0 }
        guard errno == EEXIST else { return -1 }
        for _ in 0 ..< 100 {
            let random = String(Int.random(in: 0 ..< 2_176_782_336), radix: 36)  // six base-36 digits at most
            let digits = Array(String(repeating: "0", count: StaleTemporaries.randomLength - random.count) + random)
            let temporary = Self.temporaryPath(folder: folder, name: name, suffix: StaleTemporaries.marker + digits.map { $0.asciiValue! })
            guard let slot = table.add(temporary, kind: .file) else {
                errno = ENAMETOOLONG
                return -1
            }
            if Self.link(descriptor, at: temporary) != 0 {
                let code = errno
                table.clear(slot)
                if code == EEXIST { continue }
                errno = code
                return -1
            }
            let result = temporary.withCString { from in target.withCString { systemRename(from, $0) } }
            let code = errno
            if result != 0 { _ = temporary.withCString { unlink($0) } }
            table.clear(slot)
            errno = code
            return result
        }
        errno = EEXIST
        return -1
    }

    /// Removes every recorded name and keeps the lock, so no name is created, moved or removed
    /// afterwards. For a process that ends right after.
    public func removeAllAndStop() {
        lock.lock()
        table.removeAll()
    }

    /// Removes every recorded name of the shared registry without taking its lock, from a
    /// signal handler (a crash, SIGXFSZ): only async-signal-safe calls.
    public static func removeAllFromSignalHandler() {
        CleanupTable.removeAllFromSignalHandler()
    }

    /// `folder/.name<suffix>`, with `name` cut (at a UTF-8 character boundary) so that the
    /// last component fits the folder's longest name.
    static func temporaryPath(folder: [UInt8], name: [UInt8], suffix: [UInt8]) -> [UInt8] {
        let limit = nameLimit(folder: folder)
        var kept = name.count
        if 1 + kept + suffix.count > limit {
            kept = max(0, limit - 1 - suffix.count)
            while kept > 0, kept < name.count, name[kept] & 0xC0 == 0x80 { kept -= 1 }
        }
        return folder + Array("/.".utf8) + name.prefix(kept) + suffix
    }

    /// The longest file name `folder` accepts (pathconf's _PC_NAME_MAX; 255 when unknown).
    static func nameLimit(folder: [UInt8]) -> Int {
        errno = 0
        let limit = folder.withCString { pathconf($0, Int32(_PC_NAME_MAX)) }
        return limit > 0 ? limit : 255
    }

    /// Gives the unnamed file open as `descriptor` the name `path`, through /proc/self/fd
    /// (no privilege needed) or, without /proc, AT_EMPTY_PATH (which needs CAP_DAC_READ_SEARCH).
    private static func link(_ descriptor: Int32, at path: [UInt8]) -> Int32 {
        #if os(Linux)
        let result = path.withCString { linkat(AT_FDCWD, "/proc/self/fd/\(descriptor)", AT_FDCWD, $0, AT_SYMLINK_FOLLOW) }
        guard result != 0, errno == ENOENT else { return result }
        return path.withCString { linkat(descriptor, "", AT_FDCWD, $0, LinuxFileFlags.emptyPath) }
        #else
        errno = ENOTSUP
        return -1
        #endif
    }
}

extension Array where Element == UInt8 {
    /// Calls `body` with the bytes as a NUL-terminated C string.
    func withCString<Result>(_ body: (UnsafePointer<CChar>) throws -> Result) rethrows -> Result {
        try (self + [0]).withUnsafeBufferPointer { buffer in
            try buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) { try body($0) }
        }
    }
}

/// The C library's rename(2), named apart from the method `rename(_:over:)`.
private func systemRename(_ path: UnsafePointer<CChar>, _ target: UnsafePointer<CChar>) -> Int32 {
    #if canImport(Glibc)
    return Glibc.rename(path, target)
    #else
    return Darwin.rename(path, target)
    #endif
}
