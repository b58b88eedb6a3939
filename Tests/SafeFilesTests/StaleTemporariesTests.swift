import Foundation
@testable import SafeFiles
import SharedTestSupport
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What SIGKILL leaves of a render that writes through named temporaries (macOS, and Linux
/// without unnamed files) is removed by the next render of the same output, and nothing of
/// a render still running, nor any file render-gif did not name, is touched.
@Suite enum StaleTemporariesTests {
    /// A file in `folder` locked through a descriptor of its own, as a live render holds its
    /// temporaries; returns that descriptor (closing it drops the lock).
    static func lockedFile(_ path: String) throws -> Int32 {
        try TestFiles.write([1], to: path)
        let descriptor = open(path, O_RDONLY)
        #expect(descriptor >= 0 && flock(descriptor, LOCK_EX | LOCK_NB) == 0)
        return descriptor
    }

    /// Beside an output: the unlocked temporaries of its name go (a file, and a staging folder
    /// of frames), the locked one stays, and so do names render-gif never makes (another
    /// suffix, another length, another output's).
    @Test(arguments: [true, false])
    static func staleTemporariesOfTheOutputAreRemoved(unnamed: Bool) throws {
        try TestFiles.withTemporaryFolder { folder in
            try TestFiles.write([0], to: folder + "/out.gif")
            try TestFiles.write([2], to: folder + "/.out.gif.render-gif-a1B2c3")
            try FileManager.default.createDirectory(atPath: folder + "/.out.gif.render-gif-dir000", withIntermediateDirectories: false)
            try TestFiles.write([3], to: folder + "/.out.gif.render-gif-dir000/frame-00000.png")
            try TestFiles.write([3], to: folder + "/.out.gif.render-gif-dir000/.frame-00001.png.render-gif-x1y2z3")
            let live = try lockedFile(folder + "/.out.gif.render-gif-live00")
            defer { close(live) }
            let kept = [".out.gif.backup", ".out.gif.render-gif-toolong7", ".out.gif.render-gif-a1-2c3", ".other.gif.render-gif-a1B2c3",
                        "out.gif.render-gif-a1B2c3"]
            for name in kept { try TestFiles.write([4], to: folder + "/" + name) }

            let writer = try AtomicFileWriter(destination: folder + "/out.gif", unnamed: unnamed, systemWrite: { write($0, $1, $2) })
            try writer.write(contentsOf: [9])
            try writer.commit()

            let expected = (kept + ["out.gif", ".out.gif.render-gif-live00"]).sorted()
            #expect(try TestFiles.folderListing(folder).sorted() == expected)
            #expect(try TestFiles.contents(of: folder + "/out.gif") == [9])
        }
    }

    /// A staging folder whose lock is free, and holds only frames and frame temporaries, goes;
    /// one that holds anything else stays whole, and so does a locked one.
    @Test static func staleStagingFoldersInAFramesFolderAreRemoved() throws {
        try TestFiles.withTemporaryFolder { folder in
            let stale = folder + "/.render-gif-frames-Ab12Cd"
            let foreign = folder + "/.render-gif-frames-Zz99Yy"
            let live = folder + "/.render-gif-frames-L1v3L1"
            for path in [stale, foreign, live] { try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false) }
            try TestFiles.write([1], to: stale + "/frame-00000.png")
            try TestFiles.write([1], to: stale + "/.frame-00001.png.render-gif-q1w2e3")
            try TestFiles.write([1], to: foreign + "/notes.txt")
            try TestFiles.write([1], to: folder + "/.frame-00003.png.render-gif-q1w2e3")
            let liveLock = open(live, O_RDONLY)
            #expect(liveLock >= 0 && flock(liveLock, LOCK_EX | LOCK_NB) == 0)
            defer { close(liveLock) }

            let frames = try FrameFolder(path: folder, frameCount: 1, registry: TemporaryFileRegistry(), unnamed: false)
            try frames.store(Data([7]), frame: 0)
            try frames.commit()

            #expect(try TestFiles.folderListing(folder).sorted()
                == [".render-gif-frames-L1v3L1", ".render-gif-frames-Zz99Yy", "frame-00000.png"])
            #expect(try TestFiles.folderListing(foreign) == ["notes.txt"])
        }
    }

    /// A missing frames folder is staged beside itself; what a killed render staged there goes.
    @Test static func staleStagingOfAMissingFramesFolderIsRemoved() throws {
        try TestFiles.withTemporaryFolder { folder in
            let stale = folder + "/.new.render-gif-0a0b0c"
            try FileManager.default.createDirectory(atPath: stale, withIntermediateDirectories: false)
            try TestFiles.write([1], to: stale + "/frame-00000.png")
            let frames = try FrameFolder(path: folder + "/new", frameCount: 1, registry: TemporaryFileRegistry(), unnamed: false)
            try frames.store(Data([7]), frame: 0)
            try frames.commit()
            #expect(try TestFiles.folderListing(folder) == ["new"])
            #expect(try TestFiles.contents(of: folder + "/new/frame-00000.png") == [7])
        }
    }

    /// Two renders of one output at once, each sweeping before it writes: neither removes the
    /// other's temporary, both commit, and nothing is left but the output.
    @Test static func concurrentWritersKeepEachOthersTemporaries() throws {
        try TestFiles.withTemporaryFolder { folder in
            let first = try AtomicFileWriter(destination: folder + "/out.gif", unnamed: false, systemWrite: { write($0, $1, $2) })
            try first.write(contentsOf: [1])
            let second = try AtomicFileWriter(destination: folder + "/out.gif", unnamed: false, systemWrite: { write($0, $1, $2) })
            try second.write(contentsOf: [2])
            #expect(try TestFiles.folderListing(folder).count == 2, "both temporaries are there")
            try first.commit()
            try second.commit()
            #expect(try TestFiles.folderListing(folder) == ["out.gif"])
            #expect(try TestFiles.contents(of: folder + "/out.gif") == [2])
        }
    }

    /// The names a killed render leaves are exactly the ones the sweep recognises.
    @Test static func temporaryNamesAreTheOnesSwept() throws {
        try TestFiles.withTemporaryFolder { folder in
            let registry = TemporaryFileRegistry()
            let made = try #require(registry.makeFile(folder: PathBytes.bytes(folder), name: Array("out.gif".utf8)))
            defer { close(made.descriptor); registry.remove(made.entry) }
            let name = Array(made.entry.path.split(separator: UInt8(ascii: "/")).last!)
            #expect(StaleTemporaries.isRandomSuffix(name, after: Array(".out.gif.render-gif-".utf8)))
            let other = open(PathBytes.string(fromBytes: made.entry.path), O_RDONLY)
            defer { close(other) }
            #expect(other >= 0 && !TemporaryLock.takeIfFree(other), "locked while it lives")
        }
    }
}
