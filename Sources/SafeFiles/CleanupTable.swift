#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The base of the one cleanup table, for the crash handler; set once when the table is made,
/// before any temporary file exists.
nonisolated(unsafe) private var sharedTableBase: UnsafeMutableRawPointer?

/// What a process that is ending must remove, kept where a signal handler can reach it: a
/// fixed number of slots in memory allocated once, each holding a path's bytes and what to do
/// with it. `removeAll()` uses only async-signal-safe calls (`unlink`, `unlinkat`, `rmdir`,
/// `open`, `close`) and touches no Swift object, so a crash handler (SIGSEGV, SIGBUS, SIGABRT)
/// may call it; everything else is called under the registry's lock.
///
/// A slot is one of: a temporary file (unlinked), a staging folder of frames (each
/// `frame-NNNNN.png` of the render unlinked, then the folder removed), or a folder the render
/// created (removed when empty).
final class CleanupTable: @unchecked Sendable {
    enum Kind: Int32 {
        case empty = 0, file = 1, frameStaging = 2, createdFolder = 3
    }

    /// How many entries can be registered at once: a render has at most the GIF, the still,
    /// a frame, the staging and created folders and a link being moved into place.
    static let slotCount = 32
    /// The longest path a slot holds, in bytes (the system's PATH_MAX; a longer path cannot be
    /// opened anyway).
    static let maxPathBytes = Int(PATH_MAX)

    // Slot layout: kind, frame count, digits (Int32 each), a 32-byte name buffer, the path.
    private static let nameOffset = 12
    private static let nameBytes = 32
    private static let pathOffset = nameOffset + nameBytes
    private static let slotBytes = (pathOffset + maxPathBytes + 1 + 7) / 8 * 8

    private let base: UnsafeMutableRawPointer

    init() {
        base = UnsafeMutableRawPointer.allocate(byteCount: Self.slotCount * Self.slotBytes, alignment: 8)
        base.initializeMemory(as: UInt8.self, repeating: 0, count: Self.slotCount * Self.slotBytes)
    }

    /// Makes this the table the crash handler empties.
    func makeShared() { sharedTableBase = base }

    /// Records `path`; returns its slot, or nil when the path is too long or every slot is taken.
    func add(_ path: [UInt8], kind: Kind, frameCount: Int = 0, digits: Int = 0) -> Int? {
        guard path.count <= Self.maxPathBytes, !path.contains(0) else { return nil }
        for slot in 0 ..< Self.slotCount where Self.kind(base, slot) == Kind.empty.rawValue {
            let start = Self.slot(base, slot)
            path.withUnsafeBytes { start.advanced(by: Self.pathOffset).copyMemory(from: $0.baseAddress!, byteCount: path.count) }
            start.storeBytes(of: 0, toByteOffset: Self.pathOffset + path.count, as: UInt8.self)
            start.storeBytes(of: Int32(clamping: frameCount), toByteOffset: 4, as: Int32.self)
            start.storeBytes(of: Int32(clamping: digits), toByteOffset: 8, as: Int32.self)
            start.storeBytes(of: kind.rawValue, as: Int32.self)
            return slot
        }
        return nil
    }

    /// Forgets a slot without touching the disk.
    func clear(_ slot: Int) {
        Self.slot(base, slot).storeBytes(of: Kind.empty.rawValue, as: Int32.self)
    }

    /// Removes what every slot names and empties the table.
    func removeAll() { Self.removeAll(base) }

    /// `removeAll()` for the shared table, from a signal handler; does nothing before one exists.
    static func removeAllFromSignalHandler() {
        if let base = sharedTableBase { removeAll(base) }
    }

    // MARK: Async-signal-safe internals (no allocation, no Swift objects)

    private static func slot(_ base: UnsafeMutableRawPointer, _ index: Int) -> UnsafeMutableRawPointer {
        base.advanced(by: index * slotBytes)
    }

    private static func kind(_ base: UnsafeMutableRawPointer, _ index: Int) -> Int32 {
        slot(base, index).load(as: Int32.self)
    }

    private static func removeAll(_ base: UnsafeMutableRawPointer) {
        // Files and staging folders first, so that a created folder is empty when its turn comes.
        for pass in 0 ..< 2 {
            for index in 0 ..< slotCount {
                let start = slot(base, index)
                let kind = start.load(as: Int32.self)
                let path = start.advanced(by: pathOffset).assumingMemoryBound(to: CChar.self)
                if pass == 0, kind == Kind.file.rawValue {
                    unlink(path)
                } else if pass == 0, kind == Kind.frameStaging.rawValue {
                    removeFrames(start, folder: path)
                    rmdir(path)
                } else if pass == 1, kind == Kind.createdFolder.rawValue {
                    rmdir(path)
                } else {
                    continue
                }
                start.storeBytes(of: Kind.empty.rawValue, as: Int32.self)
            }
        }
    }

    /// Unlinks `frame-NNNNN.png` for every frame of the slot's render inside `folder`.
    private static func removeFrames(_ start: UnsafeMutableRawPointer, folder: UnsafePointer<CChar>) {
        let frameCount = Int(start.load(fromByteOffset: 4, as: Int32.self))
        let digits = Int(start.load(fromByteOffset: 8, as: Int32.self))
        guard digits > 0, digits + 11 < nameBytes else { return }
        let directory = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard directory >= 0 else { return }
        let name = start.advanced(by: nameOffset).assumingMemoryBound(to: UInt8.self)
        for index in 0 ..< frameCount {
            // "frame-", written byte by byte: an array literal would allocate.
            name[0] = 0x66; name[1] = 0x72; name[2] = 0x61; name[3] = 0x6D; name[4] = 0x65; name[5] = 0x2D
            var value = index
            for position in stride(from: 6 + digits - 1, through: 6, by: -1) {
                name[position] = UInt8(0x30 + value % 10)
                value /= 10
            }
            let suffix = 6 + digits
            name[suffix] = 0x2E; name[suffix + 1] = 0x70; name[suffix + 2] = 0x6E; name[suffix + 3] = 0x67  // ".png"
            name[suffix + 4] = 0
            _ = name.withMemoryRebound(to: CChar.self, capacity: nameBytes) { unlinkat(directory, $0, 0) }
        }
        close(directory)
    }
}
