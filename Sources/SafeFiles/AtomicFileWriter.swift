import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes a file so that readers see either the old file or the complete new one, never a part,
/// and so that nothing of an unfinished file outlives the process.
///
/// On Linux the bytes go to an unnamed file in the destination's folder (`O_TMPFILE`), which
/// vanishes with the process whatever ends it; `commit()` gives it its name (`linkat`). Where
/// the file system has no unnamed files (and on macOS, or with `UnnamedFiles` turned off) they
/// go to a temporary file beside the destination (`.name.render-gif-XXXXXX` by mkstemp, the
/// name shortened to fit the folder's NAME_MAX), recorded in `TemporaryFileRegistry.shared`
/// from creation to rename or removal, so that an interrupted or crashing process removes it,
/// and locked (`TemporaryLock`), so that the next render of the same destination removes it
/// when SIGKILL left it (`StaleTemporaries`). `commit()` flushes the file to disk, sets mode
/// 0644 and moves it over the destination. Any failure, `discard()`, or dropping the writer
/// without committing removes the file and leaves an existing destination byte-identical.
///
/// The destination's own name is never followed: a symbolic link there is replaced by the
/// new file (the file it pointed to is untouched), as a regular file is. A folder, a FIFO, a
/// socket or a device at the destination is refused. A missing parent folder is an error,
/// never created. Writes are buffered, so encoders may hand over small pieces.
public final class AtomicFileWriter: ByteSink {
    /// Writes `count` bytes at a pointer to a descriptor; returns the count written or -1 with errno.
    typealias SystemWrite = (Int32, UnsafeRawPointer, Int) -> Int

    /// The file that `commit()` creates or replaces.
    let destination: String
    /// The temporary file's name while it has one (the named fallback); nil for an unnamed file.
    var temporaryPath: String? { entry.map { PathBytes.string(fromBytes: $0.path) } }

    private let folder: [UInt8]
    private let name: [UInt8]
    private let target: [UInt8]
    private let registry: TemporaryFileRegistry
    /// The recorded temporary file of the named fallback.
    private var entry: TemporaryFileRegistry.Entry?
    private var descriptor: Int32
    private var pending: [UInt8] = []
    private var finished = false
    private var failure: FileError?
    private let systemWrite: SystemWrite
    private static let bufferSize = 1 << 16

    /// Starts writing `destination`; throws `.unwritable` when its folder is missing or not
    /// writable, or when `destination` is a folder, a device, a FIFO or a socket. A symbolic
    /// link at `destination` is replaced, never followed.
    public convenience init(destination: String) throws(FileError) {
        try self.init(destination: destination, systemWrite: { posixWrite($0, $1, $2) })
    }

    /// Starts writing `destination` through `systemWrite` (tests pass one that fails); with
    /// `unnamed` false, the named fallback is used even where unnamed files exist. With
    /// `removingStale`, stale temporaries of the same destination are removed first (a frame
    /// written into a new staging folder has none to look for).
    init(destination: String, registry: TemporaryFileRegistry = .shared, unnamed: Bool = UnnamedFiles.allowed,
         removingStale: Bool = true, systemWrite: @escaping SystemWrite) throws(FileError) {
        try Self.checkReplaceable(destination)
        let folderPath = Self.folder(of: destination)
        var folderStatus = stat()
        if PathBytes.withCString(folderPath, { stat($0, &folderStatus) }) != 0 {
            let code = errno
            throw .unwritable(path: destination, reason: code == ENOENT
                ? "no such folder '\(DisplayText.value(folderPath))'" : "folder '\(DisplayText.value(folderPath))': \(systemErrorText(code))")
        }
        guard folderStatus.st_mode & S_IFMT == S_IFDIR else {
            throw .unwritable(path: destination, reason: "'\(DisplayText.value(folderPath))' is not a folder")
        }
        let target = PathBytes.bytes(destination)
        let folder = PathBytes.bytes(folderPath)
        let name = Array(target.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false).last ?? [])
        self.destination = destination
        self.folder = folder
        self.name = name
        self.target = target
        self.registry = registry
        self.systemWrite = systemWrite
        if removingStale { StaleTemporaries.remove(folder: folder, name: name) }
        if unnamed, let made = Self.openUnnamed(in: folder) {
            TemporaryLock.lockUnnamed(made)
            descriptor = made
        } else if let made = registry.makeFile(folder: folder, name: name) {
            descriptor = made.descriptor
            entry = made.entry
            _ = fcntl(made.descriptor, F_SETFD, FD_CLOEXEC)
        } else {
            throw .unwritable(path: destination, reason: "cannot create a file in '\(DisplayText.value(folderPath))': \(systemErrorText(errno))")
        }
        pending.reserveCapacity(Self.bufferSize)
    }

    /// An unnamed file in `folder` (Linux `O_TMPFILE`), or nil where the system or the file
    /// system has none (the caller then makes a named one, which reports any real failure).
    static func openUnnamed(in folder: [UInt8]) -> Int32? {
        #if os(Linux)
        let made = folder.withCString { open($0, LinuxFileFlags.temporaryFile | O_WRONLY | O_CLOEXEC, 0o600) }
        return made >= 0 ? made : nil
        #else
        return nil
        #endif
    }

    deinit { discard() }

    /// Appends `bytes` to the temporary file (buffered).
    public func write(_ bytes: UnsafeRawBufferPointer) throws(FileError) {
        try checkWritable()
        if pending.count + bytes.count > Self.bufferSize {
            try flush()
            if bytes.count >= Self.bufferSize {
                try writeThrough(bytes)
                return
            }
        }
        pending.append(contentsOf: bytes)
    }

    /// Appends the bytes of `data`.
    public func write(_ data: Data) throws(FileError) {
        var failed: FileError?
        data.withUnsafeBytes { raw in
            do throws(FileError) { try write(raw) } catch { failed = error }
        }
        if let failed { throw failed }
    }

    /// Makes the written bytes the destination's content: flush, fsync, mode 0644, rename.
    ///
    /// On failure the temporary file is removed and the destination left as it was.
    public func commit() throws(FileError) {
        try checkWritable()
        try flush()
        if fsync(descriptor) != 0 { try fail(reason: "cannot flush to disk: \(systemErrorText(errno))") }
        if fchmod(descriptor, 0o644) != 0 { try fail(reason: "cannot set permissions: \(systemErrorText(errno))") }
        if let entry {
            let closed = close(descriptor)
            descriptor = -1
            if closed != 0 { try fail(reason: systemErrorText(errno)) }
            if registry.rename(entry, over: target) != 0 { try fail(reason: systemErrorText(errno)) }
            self.entry = nil
        } else {
            if registry.linkInPlace(descriptor, folder: folder, name: name, target: target) != 0 {
                try fail(reason: systemErrorText(errno))
            }
            let closed = close(descriptor)
            descriptor = -1
            if closed != 0 { try fail(reason: systemErrorText(errno)) }
        }
        finished = true
        syncFolder()
    }

    /// Abandons the output: closes and removes the temporary file. Safe to call more than once;
    /// does nothing after a successful `commit()`.
    public func discard() {
        guard !finished else { return }
        finished = true
        if descriptor >= 0 { close(descriptor) }
        descriptor = -1
        if let entry { registry.remove(entry) }
        entry = nil
    }

    /// Writes `data` to `path` atomically in one call.
    package static func writeAtomically(_ data: Data, to path: String, removingStale: Bool = true) throws(FileError) {
        let writer = try AtomicFileWriter(destination: path, removingStale: removingStale, systemWrite: { posixWrite($0, $1, $2) })
        try writer.write(data)
        try writer.commit()
    }

    // MARK: Internals

    private func checkWritable() throws(FileError) {
        if let failure { throw failure }
        if finished { throw .unwritable(path: destination, reason: "the output was already committed or discarded") }
    }

    private func flush() throws(FileError) {
        guard !pending.isEmpty else { return }
        var failed: FileError?
        pending.withUnsafeBytes { raw in
            do throws(FileError) { try writeThrough(raw) } catch { failed = error }
        }
        pending.removeAll(keepingCapacity: true)
        if let failed { throw failed }
    }

    private func writeThrough(_ bytes: UnsafeRawBufferPointer) throws(FileError) {
        guard let base = bytes.baseAddress else { return }
        var offset = 0
        while offset < bytes.count {
            let written = systemWrite(descriptor, base + offset, bytes.count - offset)
            if written < 0 {
                let code = errno
                if code == EINTR { continue }
                try fail(reason: Self.writeFailure(code))
            }
            if written == 0 { try fail(reason: "the system accepted no bytes") }
            offset += written
        }
    }

    /// A failed write's reason; EFBIG (a file over `ulimit -f`, SIGXFSZ being ignored) names the limit.
    static func writeFailure(_ code: Int32) -> String {
        guard code == EFBIG, let limit = ResourceLimit.fileSize else { return systemErrorText(code) }
        return "\(systemErrorText(code)): over the file size limit of \(limit) bytes (ulimit -f)"
    }

    /// Records the failure, removes the temporary file, and throws.
    private func fail(reason: String) throws(FileError) -> Never {
        let error = FileError.unwritable(path: destination, reason: reason)
        failure = error
        discard()
        throw error
    }

    /// Makes the rename itself durable; a failure here cannot undo the commit, so it is ignored.
    private func syncFolder() {
        let folderDescriptor = folder.withCString { open($0, O_RDONLY | O_CLOEXEC) }
        guard folderDescriptor >= 0 else { return }
        _ = fsync(folderDescriptor)
        close(folderDescriptor)
    }

    /// Refuses a destination that a new file must not replace: a folder, a device
    /// (`/dev/full`, `/dev/null`), a FIFO or a socket. A missing file, a regular file and a
    /// symbolic link (to anything, or nothing) are fine: the new file takes the name's place.
    static func checkReplaceable(_ destination: String) throws(FileError) {
        var status = stat()
        guard PathBytes.withCString(destination, { lstat($0, &status) }) == 0 else { return }
        switch status.st_mode & S_IFMT {
        case S_IFREG, S_IFLNK: return
        case S_IFDIR: throw .unwritable(path: destination, reason: "is a folder")
        case let kind:
            throw .unwritable(path: destination, reason: "is \(RegularFile.describe(kind: kind)), not a regular file")
        }
    }

    /// The folder part of `path` ("." for a bare name, "/" for a file at the root).
    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        let folder = String(path[..<slash])
        return folder.isEmpty ? "/" : folder
    }
}

/// The C library's write(2), named apart from the sinks' method `write`.
func posixWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    #if canImport(Glibc)
    return Glibc.write(descriptor, bytes, count)
    #else
    return Darwin.write(descriptor, bytes, count)
    #endif
}
