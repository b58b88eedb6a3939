#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ImageCodecs

/// The folder `--frames` writes into: prepared once (created when missing, provided its
/// parent exists), then one file per frame, named so that name order is frame order.
/// Once the frames are written, `removeOtherFrames()` deletes frame files an earlier, longer
/// render left behind, so the folder holds exactly this render's frames. Files not named like
/// frames (`frame-` and five or more digits and `.png`) are never touched.
struct FrameFolder: Sendable {
    /// The folder's path as given.
    let path: String
    /// Digits in every frame number (at least 5, more for longer animations).
    let digits: Int
    /// How many frames this render writes.
    let frameCount: Int

    /// Checks or creates the folder for `frameCount` frames.
    init(path: String, frameCount: Int) throws(ImageCodecError) {
        self.path = path
        self.frameCount = frameCount
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
    func fileName(ofFrame index: Int) -> String {
        let number = String(index)
        return "frame-" + String(repeating: "0", count: max(0, digits - number.count)) + number + ".png"
    }

    /// The path of frame `index`'s file.
    func filePath(ofFrame index: Int) -> String {
        (path.hasSuffix("/") ? path : path + "/") + fileName(ofFrame: index)
    }

    /// Removes every file named like a frame (`frame-NNNNN.png`, any number of digits from
    /// five) that is not one of this render's `frameCount` frames: what an earlier render of
    /// more frames, or of more digits, left behind. Folders and other names stay.
    func removeOtherFrames() throws(ImageCodecError) {
        guard let folder = opendir(path) else { throw .unwritable(path: path, reason: systemErrorText(errno)) }
        var names: [String] = []
        while let entry = readdir(folder) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            if let index = Self.frameIndex(inFileName: name), index >= frameCount || name != fileName(ofFrame: index) {
                names.append(name)
            }
        }
        closedir(folder)
        for name in names.sorted() {
            let filePath = (path.hasSuffix("/") ? path : path + "/") + name
            var status = stat()
            guard lstat(filePath, &status) == 0, status.st_mode & S_IFMT != S_IFDIR else { continue }
            if unlink(filePath) != 0, errno != ENOENT {
                throw .unwritable(path: filePath, reason: "cannot remove this frame of an earlier render: \(systemErrorText(errno))")
            }
        }
    }

    /// The frame number in a name such as `frame-00042.png`, or nil for any other name.
    static func frameIndex(inFileName name: String) -> Int? {
        guard name.hasPrefix("frame-"), name.hasSuffix(".png") else { return nil }
        let digits = name.dropFirst(6).dropLast(4)
        guard digits.count >= 5, digits.count <= 18, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(digits)
    }
}
