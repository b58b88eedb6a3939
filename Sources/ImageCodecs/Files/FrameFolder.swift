#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The folder `--frames` writes into: prepared once (created when missing, provided its
/// parent exists), then one file per frame, named so that name order is frame order.
/// Files of other names in the folder are never touched.
public struct FrameFolder: Sendable {
    /// The folder's path as given.
    public let path: String
    /// Digits in every frame number (at least 5, more for longer animations).
    public let digits: Int

    /// Checks or creates the folder for `frameCount` frames.
    public init(path: String, frameCount: Int) throws(ImageCodecError) {
        self.path = path
        self.digits = max(5, String(max(0, frameCount - 1)).count)
        var status = stat()
        if stat(path, &status) == 0 {
            guard status.st_mode & S_IFMT == S_IFDIR else {
                throw .unwritable(path: path, reason: "exists and is not a folder")
            }
            guard access(path, W_OK) == 0 else { throw .unwritable(path: path, reason: systemErrorText(errno)) }
            return
        }
        guard errno == ENOENT else { throw .unwritable(path: path, reason: systemErrorText(errno)) }
        if mkdir(path, 0o755) != 0 {
            let reason = errno == ENOENT ? "its parent folder does not exist" : systemErrorText(errno)
            throw .unwritable(path: path, reason: reason)
        }
    }

    /// The file name of frame `index`, e.g. `frame-00042.png`.
    public func fileName(ofFrame index: Int) -> String {
        let number = String(index)
        return "frame-" + String(repeating: "0", count: max(0, digits - number.count)) + number + ".png"
    }

    /// The path of frame `index`'s file.
    public func filePath(ofFrame index: Int) -> String {
        (path.hasSuffix("/") ? path : path + "/") + fileName(ofFrame: index)
    }
}
