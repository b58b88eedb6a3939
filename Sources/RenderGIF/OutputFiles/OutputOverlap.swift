#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SafeFiles

/// One file a render writes, named for the message that refuses two outputs that are one file.
public struct OutputFile: Sendable, Equatable {
    /// What a file is to the render.
    public enum Role: Sendable, Equatable {
        /// The GIF.
        case gif
        /// The still (`poster`).
        case poster
        /// A frame in the frames folder.
        case frame

        /// "the output", "poster" or "a frame of framesFolder", in `naming`'s words.
        func name(_ naming: SettingNaming) -> String {
            switch self {
            case .gif: return "the output"
            case .poster: return naming.property(.poster)
            case .frame: return "a frame of \(naming.framesFolder)"
            }
        }
    }

    /// The path as given.
    public let path: String
    /// What the file is.
    public let role: Role
}

/// Finds outputs of one render that are one file, before anything is drawn: the GIF and the
/// still, or the still (or the GIF) and a frame of the frames folder. Files are compared by device
/// and inode, never by their text: two names are one file when their folders are the same
/// folder and the names the same bytes (`a/../out.png` and `out.png`), or when both exist and
/// lead to the same file (a symbolic link to the other, a hard link). A still whose name is
/// a frame's name in the frames folder is refused too: the frames would replace or remove it.
enum OutputOverlap {
    /// Throws `.sameFile` for the first two outputs that are one file.
    static func check(gif: String?, poster: String?, framesFolder: String?) throws(RenderGIFError) {
        var outputs: [OutputFile] = []
        if let gif { outputs.append(OutputFile(path: gif, role: .gif)) }
        if let poster { outputs.append(OutputFile(path: poster, role: .poster)) }
        for (index, first) in outputs.enumerated() {
            for second in outputs[(index + 1)...] where sameFile(first.path, second.path) {
                throw .sameFile(first, second)
            }
        }
        guard let framesFolder, let folder = identity(framesFolder) else { return }
        let frameNames = FrameFolder.frameNames(in: framesFolder) ?? []
        let frameFiles = Set(frameNames.compactMap { identity(join(framesFolder, $0)) })
        for output in outputs {
            let name = lastComponent(output.path)
            let inFolder = parentIdentity(output.path) == folder && FrameFolder.frameIndex(inFileName: name) != nil
            let linked = identity(output.path).map { frameFiles.contains($0) } ?? false
            if inFolder || linked {
                let frame = inFolder ? join(framesFolder, name) : linkedFrame(output.path, framesFolder, frameNames)
                throw .sameFile(output, OutputFile(path: frame, role: .frame))
            }
        }
    }

    /// A file's device and inode.
    struct Identity: Hashable {
        let device: UInt64
        let inode: UInt64
    }

    /// Whether two output paths name one file.
    static func sameFile(_ first: String, _ second: String) -> Bool {
        if lastComponent(first) == lastComponent(second), let folder = parentIdentity(first), folder == parentIdentity(second) {
            return true
        }
        guard let one = identity(first), let other = identity(second) else { return false }
        return one == other
    }

    /// The identity of the file `path` leads to (links followed), nil when there is none.
    static func identity(_ path: String) -> Identity? {
        var status = stat()
        guard PathBytes.withCString(path, { stat($0, &status) }) == 0 else { return nil }
        return Identity(device: UInt64(status.st_dev), inode: UInt64(status.st_ino))
    }

    /// The identity of the folder `path` is in.
    static func parentIdentity(_ path: String) -> Identity? {
        guard let slash = path.lastIndex(of: "/") else { return identity(".") }
        return identity(slash == path.startIndex ? "/" : String(path[..<slash]))
    }

    static func lastComponent(_ path: String) -> String {
        path.lastIndex(of: "/").map { String(path[path.index(after: $0)...]) } ?? path
    }

    private static func join(_ folder: String, _ name: String) -> String {
        folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }

    /// The first frame in the folder that is the same file as `path`.
    private static func linkedFrame(_ path: String, _ folder: String, _ names: [String]) -> String {
        let target = identity(path)
        return names.map { join(folder, $0) }.first { identity($0) == target } ?? folder
    }
}
