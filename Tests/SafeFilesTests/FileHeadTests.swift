import SafeFiles
import SharedTestSupport
import Testing

/// `FileBytes.head`: a file's first bytes, read as `contents` reads a file (only regular
/// files, the system's reason on failure), without a size cap; and `contents` where the
/// size the system states is not the size read.
@Suite enum FileHeadTests {
    static let bytes = SeededGenerator.bytes(count: 200_000, seed: 7)

    // Reads go 64 KiB at a time: heads shorter than, equal to and longer than one read, and
    // the whole file.
    @Test(arguments: [0, 1, 12, 4096, 65_535, 65_536, 65_537, 199_999, 200_000])
    static func aLongerFileGivesItsFirstBytes(count: Int) throws {
        try TestFiles.withTemporaryFolder { folder in
            try TestFiles.write(bytes, to: folder + "/long")
            #expect(try FileBytes.head(ofFile: folder + "/long", count: count) == Array(bytes.prefix(count)))
        }
    }

    @Test static func aShorterFileGivesAllOfItself() throws {
        try TestFiles.withTemporaryFolder { folder in
            try TestFiles.write(Array(bytes.prefix(10)), to: folder + "/short")
            try TestFiles.write([], to: folder + "/empty")
            #expect(try FileBytes.head(ofFile: folder + "/short", count: 4096) == Array(bytes.prefix(10)))
            #expect(try FileBytes.head(ofFile: folder + "/empty", count: 4096) == [])
        }
    }

    @Test static func whatIsNotARegularFileIsRefusedByKind() throws {
        try TestFiles.withTemporaryFolder { folder in
            #expect(throws: FileError.unreadable(path: folder + "/missing", reason: "No such file or directory")) {
                try FileBytes.head(ofFile: folder + "/missing", count: 16)
            }
            #expect(throws: FileError.unreadable(path: folder, reason: "is a folder")) {
                try FileBytes.head(ofFile: folder, count: 16)
            }
            #expect(throws: FileError.unreadable(path: "/dev/zero", reason: "is a character device, not a regular file")) {
                try FileBytes.head(ofFile: "/dev/zero", count: 16)
            }
        }
    }

    @Test static func anEmptyFileFitsACapOfNothing() throws {
        try TestFiles.withTemporaryFolder { folder in
            try TestFiles.write([], to: folder + "/empty")
            #expect(try FileBytes.contents(ofFile: folder + "/empty", maxBytes: 0) == [])
            try TestFiles.write([1], to: folder + "/one")
            #expect(throws: FileError.fileTooLarge(path: folder + "/one", bytes: 1, limit: 0)) {
                try FileBytes.contents(ofFile: folder + "/one", maxBytes: 0)
            }
        }
    }

    #if os(Linux)
    /// A file the system sizes as 0 bytes (Linux's /proc files) is read to its end, and
    /// refused once what is read passes the cap, naming how much was read.
    @Test static func aFileLongerThanItsStatedSizeIsRefusedPastTheCap() throws {
        let status = try FileBytes.contents(ofFile: "/proc/self/status", maxBytes: 1 << 20)
        #expect(String(decoding: status, as: UTF8.self).hasPrefix("Name:"))
        do {
            _ = try FileBytes.contents(ofFile: "/proc/self/status", maxBytes: 10)
            Issue.record("a file past the cap was read")
        } catch {
            guard case let .fileTooLarge(path, bytes, limit) = error else { Issue.record("\(error)"); return }
            #expect(path == "/proc/self/status" && limit == 10 && bytes > 10 && bytes < 1 << 16, "\(error)")
        }
    }
    #endif
}
