#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Removes what a killed render left behind where it wrote through named temporaries (macOS,
/// and file systems without unnamed files): a process that ends by SIGKILL cannot clean up, so
/// the next render of the same output does. Only names of the form render-gif makes are
/// considered (`.NAME.render-gif-XXXXXX` beside an output, `.render-gif-frames-XXXXXX` and
/// `.frame-NNNNN.png.render-gif-XXXXXX` in a frames folder), and only those whose
/// `TemporaryLock` nobody holds, so the temporaries of a render running beside this one stay.
/// A staging folder goes only when it holds nothing but frames and their temporaries.
enum StaleTemporaries {
    /// What follows a temporary's base name: this marker and six letters or digits.
    static let marker: [UInt8] = Array(".render-gif-".utf8)
    /// The mkstemp template after the marker.
    static let randomLength = 6
    /// The staging folder's name inside a frames folder, before its six random characters.
    static let framesStagingPrefix: [UInt8] = Array(".render-gif-frames-".utf8)

    /// Removes the stale temporaries of the output `name` in `folder` (files, and staging
    /// folders of a frames folder that did not exist yet).
    static func remove(folder: [UInt8], name: [UInt8]) {
        let template = TemporaryFileRegistry.temporaryPath(folder: folder, name: name, suffix: templateSuffix)
        let base = Array(template.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false).last ?? [])
        let prefix = Array(base.dropLast(randomLength))
        for entry in entries(of: folder) where isRandomSuffix(entry, after: prefix) {
            removeIfStale(folder + [UInt8(ascii: "/")] + entry)
        }
    }

    /// Removes the stale staging folders and frame temporaries inside the frames folder `folder`.
    static func removeInFramesFolder(_ folder: [UInt8]) {
        for entry in entries(of: folder) where isFramesStaging(entry) || isFrameTemporary(entry) {
            removeIfStale(folder + [UInt8(ascii: "/")] + entry)
        }
    }

    /// The suffix of every named temporary's template: the marker and mkstemp's six X's.
    static var templateSuffix: [UInt8] { marker + Array(repeating: UInt8(ascii: "X"), count: randomLength) }

    /// Whether `entry` is `prefix` followed by exactly six ASCII letters or digits.
    static func isRandomSuffix(_ entry: [UInt8], after prefix: [UInt8]) -> Bool {
        guard entry.count == prefix.count + randomLength, entry.starts(with: prefix) else { return false }
        return entry.suffix(randomLength).allSatisfy(isLetterOrDigit)
    }

    /// `.render-gif-frames-XXXXXX`.
    static func isFramesStaging(_ entry: [UInt8]) -> Bool {
        isRandomSuffix(entry, after: framesStagingPrefix)
    }

    /// `.frame-NNNNN.png.render-gif-XXXXXX`: a frame's temporary.
    static func isFrameTemporary(_ entry: [UInt8]) -> Bool {
        guard entry.first == UInt8(ascii: "."), entry.count > 1 + marker.count + randomLength else { return false }
        let frameName = Array(entry.dropFirst().dropLast(marker.count + randomLength))
        return isRandomSuffix(entry, after: [UInt8(ascii: ".")] + frameName + marker)
            && FrameFolder.frameIndex(inFileName: PathBytes.string(fromBytes: frameName)) != nil
    }

    private static func isLetterOrDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0") ... UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a") ... UInt8(ascii: "z")).contains(byte)
            || (UInt8(ascii: "A") ... UInt8(ascii: "Z")).contains(byte)
    }

    /// Removes the file or staging folder at `path` when its lock is free and the name still
    /// names what was locked.
    private static func removeIfStale(_ path: [UInt8]) {
        let descriptor = path.withCString { open($0, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC) }
        guard descriptor >= 0 else { return }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, TemporaryLock.takeIfFree(descriptor),
              TemporaryLock.names(path, descriptor) else { return }
        switch status.st_mode & S_IFMT {
        case S_IFREG:
            _ = path.withCString { unlink($0) }
        case S_IFDIR:
            for entry in entries(of: path) {
                let isFrame = FrameFolder.frameIndex(inFileName: PathBytes.string(fromBytes: entry)) != nil
                if isFrame || isFrameTemporary(entry) { _ = (path + [UInt8(ascii: "/")] + entry).withCString { unlink($0) } }
            }
            _ = path.withCString { rmdir($0) }
        default:
            return
        }
    }

    /// The names in `folder` but "." and "..", as bytes; none when it cannot be read.
    static func entries(of folder: [UInt8]) -> [[UInt8]] {
        guard let directory = folder.withCString({ opendir($0) }) else { return [] }
        defer { closedir(directory) }
        var names: [[UInt8]] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { Array($0.prefix { $0 != 0 }) }
            if name != [UInt8(ascii: ".")] && name != [UInt8(ascii: "."), UInt8(ascii: ".")] { names.append(name) }
        }
        return names
    }
}
