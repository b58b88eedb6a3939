import Foundation
@testable import SafeFiles
import SharedTestSupport
import Testing

@Suite enum AtomicFileWriterTests {
    /// A write(2) stand-in that accepts `capacity` bytes in total, then fails with ENOSPC.
    static func diskHolding(_ capacity: Int) -> AtomicFileWriter.SystemWrite {
        var remaining = capacity
        return { descriptor, bytes, count in
            guard remaining > 0 else {
                errno = ENOSPC
                return -1
            }
            let taken = min(count, remaining)
            remaining -= taken
            return write(descriptor, bytes, taken)
        }
    }

    static func mode(of path: String) -> Int {
        var status = stat()
        return stat(path, &status) == 0 ? Int(status.st_mode & 0o777) : -1
    }

    @Test static func commitCreatesTheFileWithMode0644AndNoLeftovers() throws {
        try TestFiles.withTemporaryFolder { folder in
            let path = folder + "/out.gif"
            let writer = try AtomicFileWriter(destination: path, unnamed: false, systemWrite: { write($0, $1, $2) })
            #expect(writer.temporaryPath?.hasPrefix(folder + "/.out.gif.") == true)
            try writer.write(contentsOf: [1, 2, 3])
            #expect(try TestFiles.folderListing(folder).count == 1)  // only the temporary file
            #expect(!FileManager.default.fileExists(atPath: path))
            try writer.commit()
            #expect(try TestFiles.contents(of: path) == [1, 2, 3])
            #expect(mode(of: path) == 0o644)
            #expect(try TestFiles.folderListing(folder) == ["out.gif"])
            #expect(throws: FileError.self) { try writer.write(contentsOf: [4]) }
        }
    }

    @Test static func largeWritesArriveIntact() throws {
        try TestFiles.withTemporaryFolder { folder in
            let path = folder + "/big.bin"
            let bytes = SeededGenerator.bytes(count: 300_000, seed: 11)
            let writer = try AtomicFileWriter(destination: path)
            // Mixed piece sizes: below, at and above the internal buffer size.
            var offset = 0
            for size in [10, 65_536, 1, 150_000, 7] {
                try writer.write(contentsOf: Array(bytes[offset ..< offset + size]))
                offset += size
            }
            try writer.write(contentsOf: Array(bytes[offset...]))
            try writer.commit()
            #expect(try TestFiles.contents(of: path) == bytes)
        }
    }

    @Test static func writeAtomicallyReplacesAnExistingFile() throws {
        try TestFiles.withTemporaryFolder { folder in
            let path = folder + "/out.png"
            try TestFiles.write([9, 9, 9], to: path)
            try AtomicFileWriter.writeAtomically(Data([7, 8]), to: path)
            #expect(try TestFiles.contents(of: path) == [7, 8])
            #expect(try TestFiles.folderListing(folder) == ["out.png"])
        }
    }

    @Test(arguments: [0, 1000, 100_000])
    static func aFullDiskLeavesTheOldFileAndNoTemporaryFile(capacity: Int) throws {
        try TestFiles.withTemporaryFolder { folder in
            let path = folder + "/out.gif"
            let old = Array("previous render".utf8)
            try TestFiles.write(old, to: path)
            let writer = try AtomicFileWriter(destination: path, systemWrite: diskHolding(capacity))
            let payload = SeededGenerator.bytes(count: 200_000, seed: 5)
            let full = FileError.unwritable(path: path, reason: "No space left on device")
            #expect(throws: full) {
                try writer.write(contentsOf: payload)
                try writer.commit()
            }
            #expect(throws: full) { try writer.commit() }
            #expect(try TestFiles.contents(of: path) == old)
            #expect(try TestFiles.folderListing(folder) == ["out.gif"])
        }
    }

    @Test static func aFailingStreamOfChunksLeavesNothingBehind() throws {
        try TestFiles.withTemporaryFolder { folder in
            let path = folder + "/anim.gif"
            do {
                let writer = try AtomicFileWriter(destination: path, systemWrite: diskHolding(0))
                let chunk = SeededGenerator.bytes(count: 90_000, seed: 2)
                #expect(throws: FileError.unwritable(path: path, reason: "No space left on device")) {
                    for _ in 0 ..< 4 { try writer.write(contentsOf: chunk) }
                    try writer.commit()
                }
            }
            #expect(try TestFiles.folderListing(folder).isEmpty)
        }
    }

    @Test static func discardAndDroppingRemoveTheTemporaryFile() throws {
        try TestFiles.withTemporaryFolder { folder in
            let discarded = try AtomicFileWriter(destination: folder + "/a.png")
            try discarded.write(contentsOf: [1])
            discarded.discard()
            discarded.discard()
            #expect(try TestFiles.folderListing(folder).isEmpty)
            do {
                let dropped = try AtomicFileWriter(destination: folder + "/b.png", unnamed: false, systemWrite: { write($0, $1, $2) })
                try dropped.write(contentsOf: [1])
                #expect(try TestFiles.folderListing(folder).count == 1)
            }
            #expect(try TestFiles.folderListing(folder).isEmpty)
        }
    }

    @Test static func missingFoldersAreNotCreated() throws {
        try TestFiles.withTemporaryFolder { (folder: String) throws in
            let path = folder + "/missing/out.gif"
            #expect(throws: FileError.unwritable(path: path, reason: "no such folder '\(folder)/missing'")) {
                try AtomicFileWriter.writeAtomically(Data([1]), to: path)
            }
            #expect(try TestFiles.folderListing(folder).isEmpty)
            let error = FileError.unwritable(path: path, reason: "no such folder '\(folder)/missing'")
            #expect(error.description == "cannot write '\(path)': no such folder '\(folder)/missing'")
        }
    }

    @Test static func aFolderIsNotADestination() throws {
        try TestFiles.withTemporaryFolder { folder in
            try FileManager.default.createDirectory(atPath: folder + "/out.gif", withIntermediateDirectories: false)
            #expect(throws: FileError.unwritable(path: folder + "/out.gif", reason: "is a folder")) {
                try AtomicFileWriter(destination: folder + "/out.gif")
            }
            #expect(try TestFiles.folderListing(folder) == ["out.gif"])
        }
    }

    @Test static func folderOfPaths() {
        #expect(AtomicFileWriter.folder(of: "out.gif") == ".")
        #expect(AtomicFileWriter.folder(of: "/out.gif") == "/")
        #expect(AtomicFileWriter.folder(of: "a/b/out.gif") == "a/b")
    }
}
