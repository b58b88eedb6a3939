import SafeFiles
import SharedTestSupport
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `FileBytes.head`: a file's first bytes, read as `contents` reads a file (only regular
/// files, the system's reason on failure), without a size cap.
@Suite enum FileHeadTests {
    static let bytes = SeededGenerator.bytes(count: 200_000, seed: 7)

    @Test(arguments: [0, 1, 12, 4096, 65_536, 65_537, 199_999])
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
}
