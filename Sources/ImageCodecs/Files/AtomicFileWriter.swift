import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes a file so that readers see either the old file or the complete new one, never a part.
///
/// The bytes go to a temporary file beside the destination (`.name.XXXXXX`, made by mkstemp);
/// `commit()` flushes it to disk, sets mode 0644 and renames it over the destination. Any
/// failure, `discard()`, or dropping the writer without committing removes the temporary file
/// and leaves an existing destination byte-identical. A missing parent folder is an error,
/// never created. The temporary file is recorded in `TemporaryFileRegistry.shared` from
/// creation to rename or removal, so an interrupted process can remove it. Writes are buffered, so encoders may hand over small pieces.
public final class AtomicFileWriter: ByteSink {
    /// Writes `count` bytes at a pointer to a descriptor; returns the count written or -1 with errno.
    typealias SystemWrite = (Int32, UnsafeRawPointer, Int) -> Int

    /// The file that `commit()` creates or replaces.
    let destination: String
    /// The temporary file receiving the bytes until `commit()`.
    let temporaryPath: String

    /// The path renamed over: `destination`, or the file it links to when it is a symbolic link.
    private let target: String
    private var descriptor: Int32
    private var pending: [UInt8] = []
    private var finished = false
    private var failure: ImageCodecError?
    private let systemWrite: SystemWrite
    private static let bufferSize = 1 << 16

    /// Starts writing `destination`; throws `.unwritable` when its folder is missing or not
    /// writable, or when `destination` is a folder, a device, a pipe or a socket. A symbolic
    /// link is followed: the file it points to is replaced and the link kept.
    public convenience init(destination: String) throws(ImageCodecError) {
        try self.init(destination: destination, systemWrite: { posixWrite($0, $1, $2) })
    }

    /// Starts writing `destination` through `systemWrite` (tests pass one that fails).
    init(destination: String, systemWrite: @escaping SystemWrite) throws(ImageCodecError) {
        let target = try Self.replaceableFile(destination)
        let folder = Self.folder(of: target)
        var folderStatus = stat()
        if stat(folder, &folderStatus) != 0 {
            let code = errno
            throw .unwritable(path: destination, reason: code == ENOENT
                ? "no such folder '\(folder)'" : "folder '\(folder)': \(systemErrorText(code))")
        }
        guard folderStatus.st_mode & S_IFMT == S_IFDIR else {
            throw .unwritable(path: destination, reason: "'\(folder)' is not a folder")
        }
        let name = target.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? target
        var template = Array("\(folder)/.\(name).XXXXXX".utf8CString)
        let made = TemporaryFileRegistry.shared.makeFile(template: &template)
        guard made >= 0 else {
            throw .unwritable(path: destination, reason: "cannot create a file in '\(folder)': \(systemErrorText(errno))")
        }
        _ = fcntl(made, F_SETFD, FD_CLOEXEC)
        self.destination = destination
        self.target = target
        self.temporaryPath = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        self.descriptor = made
        self.systemWrite = systemWrite
        pending.reserveCapacity(Self.bufferSize)
    }

    deinit { discard() }

    /// Appends `bytes` to the temporary file (buffered).
    public func write(_ bytes: UnsafeRawBufferPointer) throws(ImageCodecError) {
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
    public func write(_ data: Data) throws(ImageCodecError) {
        var failed: ImageCodecError?
        data.withUnsafeBytes { raw in
            do throws(ImageCodecError) { try write(raw) } catch { failed = error }
        }
        if let failed { throw failed }
    }

    /// Makes the written bytes the destination's content: flush, fsync, mode 0644, rename.
    ///
    /// On failure the temporary file is removed and the destination left as it was.
    public func commit() throws(ImageCodecError) {
        try checkWritable()
        try flush()
        if fsync(descriptor) != 0 { try fail(reason: "cannot flush to disk: \(systemErrorText(errno))") }
        if fchmod(descriptor, 0o644) != 0 { try fail(reason: "cannot set permissions: \(systemErrorText(errno))") }
        let closed = close(descriptor)
        descriptor = -1
        if closed != 0 { try fail(reason: systemErrorText(errno)) }
        if TemporaryFileRegistry.shared.rename(temporaryPath, over: target) != 0 { try fail(reason: systemErrorText(errno)) }
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
        TemporaryFileRegistry.shared.remove(temporaryPath)
    }

    /// Writes `data` to `path` atomically in one call.
    static func writeAtomically(_ data: Data, to path: String) throws(ImageCodecError) {
        let writer = try AtomicFileWriter(destination: path)
        try writer.write(data)
        try writer.commit()
    }

    // MARK: Internals

    private func checkWritable() throws(ImageCodecError) {
        if let failure { throw failure }
        if finished { throw .unwritable(path: destination, reason: "the output was already committed or discarded") }
    }

    private func flush() throws(ImageCodecError) {
        guard !pending.isEmpty else { return }
        var failed: ImageCodecError?
        pending.withUnsafeBytes { raw in
            do throws(ImageCodecError) { try writeThrough(raw) } catch { failed = error }
        }
        pending.removeAll(keepingCapacity: true)
        if let failed { throw failed }
    }

    private func writeThrough(_ bytes: UnsafeRawBufferPointer) throws(ImageCodecError) {
        guard let base = bytes.baseAddress else { return }
        var offset = 0
        while offset < bytes.count {
            let written = systemWrite(descriptor, base + offset, bytes.count - offset)
            if written < 0 {
                let code = errno
                if code == EINTR { continue }
                try fail(reason: systemErrorText(code))
            }
            if written == 0 { try fail(reason: "the system accepted no bytes") }
            offset += written
        }
    }

    /// Records the failure, removes the temporary file, and throws.
    private func fail(reason: String) throws(ImageCodecError) -> Never {
        let error = ImageCodecError.unwritable(path: destination, reason: reason)
        failure = error
        discard()
        throw error
    }

    /// Makes the rename itself durable; a failure here cannot undo the commit, so it is ignored.
    private func syncFolder() {
        let folderDescriptor = open(Self.folder(of: target), O_RDONLY | O_CLOEXEC)
        guard folderDescriptor >= 0 else { return }
        _ = fsync(folderDescriptor)
        close(folderDescriptor)
    }

    /// The path the new file will be renamed over: `destination` itself, or the file a
    /// symbolic link points to, so that the link survives and its file gets the new content.
    /// Refuses a folder, a device (`/dev/full`, `/dev/null`), a pipe or a socket, which a
    /// rename would replace by a regular file, and a link that leads nowhere.
    static func replaceableFile(_ destination: String) throws(ImageCodecError) -> String {
        var status = stat()
        var target = destination
        if lstat(destination, &status) == 0, status.st_mode & S_IFMT == S_IFLNK {
            guard let resolved = realpath(destination, nil) else {
                throw .unwritable(path: destination, reason: "is a symbolic link to a missing file")
            }
            target = String(cString: resolved)
            free(resolved)
        }
        guard stat(target, &status) == 0 else { return target }
        switch status.st_mode & S_IFMT {
        case S_IFREG: return target
        case S_IFDIR: throw .unwritable(path: destination, reason: "is a folder")
        default: throw .unwritable(path: destination, reason: "is not a regular file (a device, pipe or socket)")
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
