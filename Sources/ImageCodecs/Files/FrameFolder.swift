#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The folder `--frames` writes into, changed all at once: a render's frames go to a hidden
/// staging folder inside it (`.render-gif-frames-XXXXXX`), and only `commit()`, once every
/// frame is written, moves them in (each rename replacing the frame of the same name, a link
/// there included, never followed) and removes the frame files an earlier, longer render left,
/// so the folder then holds exactly this render's frames. Until then the folder is as it was:
/// a render that fails, is interrupted or crashes leaves the earlier render's frames, all of
/// them and unchanged, and no frame of its own (the staging folder is recorded in
/// `TemporaryFileRegistry.shared`; a folder the render created is removed again). Files not
/// named like frames (`frame-` and five or more digits and `.png`) are never touched.
///
/// The moves of `commit()` happen under the registry's lock, so an interruption (SIGINT,
/// SIGTERM, SIGHUP, SIGPIPE) waits for them: it finds the old set or the new one.
public final class FrameFolder: @unchecked Sendable {
    /// The folder's path as given.
    let path: String
    /// Digits in every frame number (at least 5, more for longer animations).
    let digits: Int
    /// How many frames this render writes.
    let frameCount: Int
    /// Where the frames are written until `commit()`.
    let stagingPath: String

    private let registry: TemporaryFileRegistry
    private var staging: TemporaryFileRegistry.Entry?
    private var created: TemporaryFileRegistry.Entry?

    /// Checks or creates the folder for `frameCount` frames and makes the staging folder in it.
    public init(path: String, frameCount: Int, registry: TemporaryFileRegistry = .shared) throws(ImageCodecError) {
        self.path = path
        self.frameCount = frameCount
        self.registry = registry
        self.digits = max(5, String(max(0, frameCount - 1)).count)
        let folder = PathBytes.bytes(path)
        var status = stat()
        if folder.withCString({ stat($0, &status) }) == 0 {
            guard status.st_mode & S_IFMT == S_IFDIR else {
                throw .unwritable(path: path, reason: "exists and is not a folder")
            }
            guard folder.withCString({ access($0, W_OK) }) == 0 else { throw .unwritable(path: path, reason: systemErrorText(errno)) }
        } else {
            guard errno == ENOENT else { throw .unwritable(path: path, reason: systemErrorText(errno)) }
            if folder.withCString({ mkdir($0, 0o755) }) != 0 {
                let reason = errno == ENOENT ? "its parent folder does not exist" : systemErrorText(errno)
                throw .unwritable(path: path, reason: reason)
            }
            created = registry.addFolder(folder, staging: false)
        }
        var template = (folder + Array("/.render-gif-frames-XXXXXX".utf8)).map { CChar(bitPattern: $0) } + [0]
        guard template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) != nil else {
            let reason = "cannot make a staging folder in it: \(systemErrorText(errno))"
            if let created { _ = folder.withCString { rmdir($0) }; registry.forget(created) }
            throw .unwritable(path: path, reason: reason)
        }
        let stagingBytes = template.dropLast().map { UInt8(bitPattern: $0) }
        stagingPath = PathBytes.string(fromBytes: stagingBytes)
        staging = registry.addFolder(stagingBytes, staging: true, frameCount: frameCount, digits: digits)
        if staging == nil {
            _ = stagingBytes.withCString { rmdir($0) }
            if let created { _ = folder.withCString { rmdir($0) }; registry.forget(created) }
            throw .unwritable(path: path, reason: "too many temporary files at once")
        }
    }

    /// Removes the staging folder and what it holds, and a folder this render created, unless
    /// the frames were committed.
    deinit { discard() }

    /// The file name of frame `index`, e.g. `frame-00042.png`.
    func fileName(ofFrame index: Int) -> String {
        let number = String(index)
        return "frame-" + String(repeating: "0", count: max(0, digits - number.count)) + number + ".png"
    }

    /// The path frame `index` is written to: its name in the staging folder.
    public func filePath(ofFrame index: Int) -> String {
        stagingPath + "/" + fileName(ofFrame: index)
    }

    /// `error` about a frame in the staging folder, naming the frame's path in the folder
    /// instead, which is the name the user knows; other errors as they are.
    public func namingFinalPath(_ error: ImageCodecError) -> ImageCodecError {
        guard case let .unwritable(failed, reason) = error, failed.hasPrefix(stagingPath + "/") else { return error }
        let name = String(failed.dropFirst(stagingPath.count + 1))
        return .unwritable(path: (path.hasSuffix("/") ? path : path + "/") + name, reason: reason)
    }

    /// The path frame `index` has once committed.
    func finalPath(ofFrame index: Int) -> String {
        (path.hasSuffix("/") ? path : path + "/") + fileName(ofFrame: index)
    }

    /// Moves every frame into the folder, replacing frames of the same names, then removes
    /// every other file named like a frame (what an earlier render of more frames, or of more
    /// digits, left behind) and the staging folder. Folders and other names stay.
    public func commit() throws(ImageCodecError) {
        guard let staging else { throw .unwritable(path: path, reason: "the frames were already committed or discarded") }
        let stale = try otherFrames()
        try registry.whileHoldingLock { (forget) throws(ImageCodecError) in
            for index in 0 ..< frameCount {
                let moved = PathBytes.withCString(filePath(ofFrame: index)) { from in
                    PathBytes.withCString(finalPath(ofFrame: index)) { rename(from, $0) }
                }
                if moved != 0 {
                    throw .unwritable(path: finalPath(ofFrame: index), reason: systemErrorText(errno))
                }
            }
            for name in stale {
                let filePath = (path.hasSuffix("/") ? path : path + "/") + name
                if PathBytes.withCString(filePath, { unlink($0) }) != 0, errno != ENOENT {
                    throw .unwritable(path: filePath, reason: "cannot remove this frame of an earlier render: \(systemErrorText(errno))")
                }
            }
            _ = staging.path.withCString { rmdir($0) }
            forget(staging)
            if let created { forget(created) }
        }
        self.staging = nil
        self.created = nil
    }

    /// Abandons the frames: removes the staging folder with every frame in it, and the folder
    /// itself when this render created it (and it is empty). Does nothing after `commit()`.
    public func discard() {
        if let staging {
            for index in 0 ..< frameCount { _ = PathBytes.withCString(filePath(ofFrame: index)) { unlink($0) } }
            _ = staging.path.withCString { rmdir($0) }
            registry.forget(staging)
        }
        if let created {
            _ = created.path.withCString { rmdir($0) }
            registry.forget(created)
        }
        staging = nil
        created = nil
    }

    /// The names in the folder that look like frames but are not this render's: frame
    /// numbers from `frameCount` on, or numbers with another count of digits. Folders excluded.
    private func otherFrames() throws(ImageCodecError) -> [String] {
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

    /// The frame number in a name such as `frame-00042.png`, or nil for any other name.
    public static func frameIndex(inFileName name: String) -> Int? {
        guard name.hasPrefix("frame-"), name.hasSuffix(".png") else { return nil }
        let digits = name.dropFirst(6).dropLast(4)
        guard digits.count >= 5, digits.count <= 18, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(digits)
    }
}
