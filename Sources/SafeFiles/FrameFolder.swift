import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The folder of a render's frames, changed all at once: no frame of a render appears in it
/// until every frame is written, and then `commit()` puts them in (each replacing the frame of
/// the same name, a link there included, never followed) and removes the frame files an
/// earlier, longer render left, so the folder then holds exactly this render's frames. Until
/// then the folder is as it was: a render that fails, is interrupted or crashes leaves the
/// earlier render's frames, all of them and unchanged, and no frame of its own; a missing
/// folder is created only by `commit()`. Files not named like frames (`frame-` and five or more
/// digits and `.png`) are never touched.
///
/// On Linux each frame is an unnamed file (`O_TMPFILE`) in the folder, kept open until
/// `commit()` links it, so even SIGKILL leaves nothing (the descriptor limit is raised for
/// them). Where unnamed files are missing (macOS, some file systems, `UnnamedFiles` off) or
/// too many for the descriptor limit, frames go to a hidden staging folder inside it
/// (`.render-gif-frames-XXXXXX`; for a missing folder, `.name.render-gif-XXXXXX` beside it,
/// renamed into place whole), recorded in `TemporaryFileRegistry.shared`, locked for as long
/// as the render lives (`TemporaryLock`) and moved in by `commit()`; a staging folder that a
/// killed render left is removed by the next render into the same folder (`StaleTemporaries`). The links or moves of `commit()` happen under the registry's lock, so an
/// interruption (SIGINT, SIGTERM, SIGHUP, SIGPIPE) waits for them: it finds the old set or
/// the new one.
public final class FrameFolder: @unchecked Sendable {
    /// The folder's path as given.
    let path: String
    /// Digits in every frame number (at least 5, more for longer animations).
    let digits: Int
    /// How many frames this render writes.
    let frameCount: Int
    /// Where the frames are written until `commit()` when they are named files; nil when
    /// they are unnamed.
    let stagingPath: String?

    private let folder: [UInt8]
    /// Whether the folder is missing, to be created by `commit()`.
    private let missing: Bool
    /// Where unnamed frames are made: the folder, or its parent while the folder is missing.
    private let filesFolder: [UInt8]
    private let registry: TemporaryFileRegistry
    private var staging: TemporaryFileRegistry.Entry?
    /// The staging folder's descriptor, which holds its `TemporaryLock`; -1 without one.
    private var stagingLock: Int32 = -1
    /// The unnamed frames' descriptors by frame (-1 until stored), under `lock`.
    private var descriptors: [Int32]
    private let lock = NSLock()
    private var finished = false

    /// Descriptors kept free beside the frames' for everything else the process opens.
    static let otherDescriptors = 256

    /// Checks the folder for `frameCount` frames (or, when it is missing, that its parent can
    /// take it: it is created by `commit()`); with `unnamed` false, frames go to a staging
    /// folder even where unnamed files exist.
    public convenience init(path: String, frameCount: Int) throws(FileError) {
        try self.init(path: path, frameCount: frameCount, registry: .shared, unnamed: UnnamedFiles.allowed)
    }

    /// `init(path:frameCount:)` recording in `registry`, with unnamed files or without.
    init(path: String, frameCount: Int, registry: TemporaryFileRegistry, unnamed: Bool) throws(FileError) {
        self.path = path
        self.frameCount = frameCount
        self.registry = registry
        self.digits = max(5, String(max(0, frameCount - 1)).count)
        let folder = PathBytes.bytes(path)
        self.folder = folder
        var status = stat()
        if folder.withCString({ stat($0, &status) }) == 0 {
            guard status.st_mode & S_IFMT == S_IFDIR else {
                throw .unwritable(path: path, reason: "exists and is not a folder")
            }
            guard folder.withCString({ access($0, W_OK) }) == 0 else { throw .unwritable(path: path, reason: systemErrorText(errno)) }
            missing = false
            filesFolder = folder
        } else {
            guard errno == ENOENT else { throw .unwritable(path: path, reason: systemErrorText(errno)) }
            let trimmed = Array(folder.reversed().drop(while: { $0 == UInt8(ascii: "/") }).reversed())
            let parent = PathBytes.bytes(AtomicFileWriter.folder(of: PathBytes.string(fromBytes: trimmed)))
            guard parent.withCString({ stat($0, &status) }) == 0, status.st_mode & S_IFMT == S_IFDIR else {
                throw .unwritable(path: path, reason: "its parent folder does not exist")
            }
            guard parent.withCString({ access($0, W_OK) }) == 0 else { throw .unwritable(path: path, reason: systemErrorText(errno)) }
            missing = true
            filesFolder = parent
        }
        if missing {
            StaleTemporaries.remove(folder: filesFolder, name: Array(Self.trimmedName(folder)))
        } else {
            StaleTemporaries.removeInFramesFolder(folder)
        }
        if unnamed, let probe = AtomicFileWriter.openUnnamed(in: filesFolder),
           close(probe) == 0, ResourceLimit.allowOpenFiles(frameCount + Self.otherDescriptors) {
            descriptors = Array(repeating: -1, count: frameCount)
            stagingPath = nil
            return
        }
        descriptors = []
        // A missing folder is staged beside where it will be, and renamed into place whole.
        let stagingName = missing
            ? TemporaryFileRegistry.temporaryPath(folder: filesFolder, name: Array(Self.trimmedName(folder)),
                                                  suffix: StaleTemporaries.templateSuffix)
            : folder + [UInt8(ascii: "/")] + StaleTemporaries.framesStagingPrefix
                + Array(repeating: UInt8(ascii: "X"), count: StaleTemporaries.randomLength)
        let (stagingBytes, lock) = try Self.makeStagingFolder(stagingName, for: path)
        staging = registry.addFolder(stagingBytes, staging: true, frameCount: frameCount, digits: digits)
        guard staging != nil else {
            _ = stagingBytes.withCString { rmdir($0) }
            close(lock)
            throw .unwritable(path: path, reason: "too many temporary files at once")
        }
        stagingLock = lock
        stagingPath = PathBytes.string(fromBytes: stagingBytes)
    }

    /// Makes a staging folder from the mkdtemp `template` and claims its `TemporaryLock`;
    /// returns its path and the descriptor that holds the lock.
    private static func makeStagingFolder(_ template: [UInt8], for path: String) throws(FileError) -> ([UInt8], Int32) {
        for _ in 0 ..< 100 {
            var bytes = template.map { CChar(bitPattern: $0) } + [0]
            guard bytes.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) != nil else { break }
            let made = bytes.dropLast().map { UInt8(bitPattern: $0) }
            let descriptor = made.withCString { open($0, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
            if descriptor >= 0, TemporaryLock.claim(descriptor, path: made) { return (made, descriptor) }
            // Removed by a render sweeping the folder before it was locked: make another.
            if descriptor >= 0 { close(descriptor) }
        }
        throw .unwritable(path: path, reason: "cannot make a staging folder: \(systemErrorText(errno))")
    }

    /// Removes the frames written, unless they were committed.
    deinit { discard() }

    /// The file name of frame `index`, e.g. `frame-00042.png`.
    func fileName(ofFrame index: Int) -> String {
        let number = String(index)
        return "frame-" + String(repeating: "0", count: max(0, digits - number.count)) + number + ".png"
    }

    /// The path frame `index` has in the folder once committed.
    public func filePath(ofFrame index: Int) -> String {
        (path.hasSuffix("/") ? path : path + "/") + fileName(ofFrame: index)
    }

    /// The path frame `index` is written to in the staging folder.
    private func stagedPath(ofFrame index: Int, in staging: String) -> String {
        staging + "/" + fileName(ofFrame: index)
    }

    /// Writes frame `index`'s file bytes, durably, where `commit()` will find them. Called for
    /// each frame once, from one thread at a time (not necessarily the one that commits).
    public func store(_ bytes: Data, frame index: Int) throws(FileError) {
        if let stagingPath {
            do {
                try AtomicFileWriter.writeAtomically(bytes, to: stagedPath(ofFrame: index, in: stagingPath), removingStale: false)
            } catch {
                throw namingFinalPath(error)
            }
            return
        }
        guard let descriptor = AtomicFileWriter.openUnnamed(in: filesFolder) else {
            throw .unwritable(path: filePath(ofFrame: index), reason: "cannot create a file in '\(DisplayText.value(path))': \(systemErrorText(errno))")
        }
        TemporaryLock.lockUnnamed(descriptor)
        let failure: String? = bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let written = posixWrite(descriptor, raw.baseAddress! + offset, raw.count - offset)
                if written < 0, errno == EINTR { continue }
                if written <= 0 { return written < 0 ? AtomicFileWriter.writeFailure(errno) : "the system accepted no bytes" }
                offset += written
            }
            if fsync(descriptor) != 0 { return "cannot flush to disk: \(systemErrorText(errno))" }
            if fchmod(descriptor, 0o644) != 0 { return "cannot set permissions: \(systemErrorText(errno))" }
            return nil
        }
        if let failure {
            close(descriptor)
            throw .unwritable(path: filePath(ofFrame: index), reason: failure)
        }
        lock.withLock { descriptors[index] = descriptor }
    }

    /// Puts every frame in the folder, replacing frames of the same names, then removes every
    /// other file named like a frame (what an earlier render of more frames, or of more
    /// digits, left behind) and the staging folder. Folders and other names stay.
    public func commit() throws(FileError) {
        guard !finished else { throw .unwritable(path: path, reason: "the frames were already committed or discarded") }
        let stale = missing ? [] : try otherFrames()
        let descriptors = lock.withLock { self.descriptors }
        try registry.whileHoldingLock { (locked) throws(FileError) in
            if missing, let staging {
                // The staging folder becomes the folder, frames and all, in one rename.
                if staging.path.withCString({ from in folder.withCString { rename(from, $0) } }) != 0 {
                    throw .unwritable(path: path, reason: systemErrorText(errno))
                }
                locked.forget(staging)
                return
            }
            if missing, folder.withCString({ mkdir($0, 0o755) }) != 0, errno != EEXIST {
                throw .unwritable(path: path, reason: systemErrorText(errno))
            }
            for index in 0 ..< frameCount {
                let target = PathBytes.bytes(filePath(ofFrame: index))
                let placed: Int32
                if let stagingPath {
                    placed = PathBytes.bytes(stagedPath(ofFrame: index, in: stagingPath)).withCString { from in
                        target.withCString { rename(from, $0) }
                    }
                } else if descriptors[index] < 0 {
                    errno = ENOENT
                    placed = -1
                } else {
                    placed = locked.linkInPlace(descriptors[index], folder: folder, name: Array(fileName(ofFrame: index).utf8),
                                                target: target)
                }
                if placed != 0 { throw .unwritable(path: filePath(ofFrame: index), reason: systemErrorText(errno)) }
            }
            for name in stale {
                let filePath = (path.hasSuffix("/") ? path : path + "/") + name
                if PathBytes.withCString(filePath, { unlink($0) }) != 0, errno != ENOENT {
                    throw .unwritable(path: filePath, reason: "cannot remove this frame of an earlier render: \(systemErrorText(errno))")
                }
            }
            if let staging {
                _ = staging.path.withCString { rmdir($0) }
                locked.forget(staging)
            }
        }
        staging = nil
        discard()
    }

    /// Abandons the frames not yet committed: closes the unnamed ones (which vanish) and
    /// removes the staging folder with every frame in it. Safe to call more than once.
    public func discard() {
        finished = true
        lock.withLock {
            for descriptor in descriptors where descriptor >= 0 { close(descriptor) }
            descriptors = descriptors.map { _ in -1 }
        }
        if let staging, let stagingPath {
            for index in 0 ..< frameCount { _ = PathBytes.withCString(stagedPath(ofFrame: index, in: stagingPath)) { unlink($0) } }
            _ = staging.path.withCString { rmdir($0) }
            registry.forget(staging)
        }
        staging = nil
        if stagingLock >= 0 { close(stagingLock) }
        stagingLock = -1
    }

    /// `error` about a frame in the staging folder, naming the frame's path in the folder
    /// instead, which is the name the user knows; other errors as they are.
    func namingFinalPath(_ error: FileError) -> FileError {
        guard let stagingPath, case let .unwritable(failed, reason) = error, failed.hasPrefix(stagingPath + "/") else { return error }
        let name = String(failed.dropFirst(stagingPath.count + 1))
        return .unwritable(path: (path.hasSuffix("/") ? path : path + "/") + name, reason: reason)
    }

    /// The names in the folder that look like frames but are not this render's: frame
    /// numbers from `frameCount` on, or numbers with another count of digits. Folders excluded.
    private func otherFrames() throws(FileError) -> [String] {
        guard let names = Self.frameNames(in: path) else { throw .unwritable(path: path, reason: systemErrorText(errno)) }
        return names.filter { name in
            let index = Self.frameIndex(inFileName: name)!
            return index >= frameCount || name != fileName(ofFrame: index)
        }
    }

    /// Every name in the folder at `path` that looks like a frame's and is not a folder,
    /// sorted; nil with `errno` set when the folder cannot be read.
    public static func frameNames(in path: String) -> [String]? {
        guard let folder = PathBytes.withCString(path, { opendir($0) }) else { return nil }
        var names: [String] = []
        while let entry = readdir(folder) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                PathBytes.string(fromBytes: raw.prefix(while: { $0 != 0 }))
            }
            if frameIndex(inFileName: name) != nil { names.append(name) }
        }
        closedir(folder)
        return names.sorted().filter { name in
            var status = stat()
            let filePath = (path.hasSuffix("/") ? path : path + "/") + name
            return PathBytes.withCString(filePath, { lstat($0, &status) }) == 0 && status.st_mode & S_IFMT != S_IFDIR
        }
    }

    /// The last component of a folder path, without trailing slashes.
    private static func trimmedName(_ folder: [UInt8]) -> ArraySlice<UInt8> {
        let trimmed = folder.reversed().drop(while: { $0 == UInt8(ascii: "/") }).reversed()
        let name = Array(trimmed).split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false).last ?? []
        return name
    }

    /// The frame number in a name such as `frame-00042.png`, or nil for any other name.
    public static func frameIndex(inFileName name: String) -> Int? {
        guard name.hasPrefix("frame-"), name.hasSuffix(".png") else { return nil }
        let digits = name.dropFirst(6).dropLast(4)
        guard digits.count >= 5, digits.count <= 18, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(digits)
    }
}
