import Foundation
@testable import SafeFiles
import SharedTestSupport
import Testing

/// The file layer in hostile surroundings: names as bytes, printable and bounded messages,
/// only regular files read (without blocking), links replaced rather than followed, unnamed
/// files until commit, names that fit NAME_MAX, the crash-safe cleanup table, and frames that
/// appear all at once.
@Suite enum HostileFileTests {
    @Test static func everyByteSequenceRoundTrips() {
        var generator = SystemRandomNumberGenerator()
        let samples: [[UInt8]] = [Array(0x01 ... 0xFF), [0xFF, 0xFE], [0xC3, 0x28], [0xF4, 0x8F, 0xBF, 0xBF], [0xED, 0xA0, 0x80],
                                  Array("café".utf8), [0xE2, 0x82]]
            + (0 ..< 200).map { _ in (0 ..< 12).map { _ in UInt8.random(in: 1 ... 255, using: &generator) } }
        for bytes in samples {
            #expect(PathBytes.bytes(PathBytes.string(fromBytes: bytes)) == bytes, "\(bytes)")
        }
        #expect(PathBytes.string(fromBytes: Array("café.gif".utf8)) == "café.gif")
        // U+10FFFF written as UTF-8 in a valid name stays those four bytes, not the byte 0xFF.
        #expect(PathBytes.bytes(PathBytes.string(fromText: "\u{10FFFF}")) == [0xF4, 0x8F, 0xBF, 0xBF])
    }

    @Test static func messagesAreEscapedAndBounded() {
        #expect(DisplayText.printable(PathBytes.string(fromBytes: [0x61, 0xFF, 0x0A, 0x1B])) == "a\\xFF\\n\\u{1B}")
        let long = String(repeating: "a", count: 10_000) + "END"
        let shown = DisplayText.value("START" + long)
        #expect(shown.count <= DisplayText.maxValueLength && shown.hasPrefix("START") && shown.hasSuffix("END") && shown.contains("..."))
        #expect(DisplayText.line(long).count <= DisplayText.maxLineLength)
        // An escape is never cut in half.
        let escaped = DisplayText.value(String(repeating: "\u{1B}", count: 100))
        #expect(escaped.replacingOccurrences(of: "\\u{1B}", with: "").replacingOccurrences(of: "...", with: "").isEmpty)
    }

    /// A FIFO without a writer, a socket, a device and a folder are refused by kind; the FIFO
    /// without blocking (the open runs on another thread, bounded by a timeout).
    @Test static func onlyRegularFilesAreRead() throws {
        try TestFiles.withTemporaryFolder { folder in
            #expect(mkfifo(folder + "/fifo", 0o644) == 0)
            let opened = DispatchSemaphore(value: 0)
            nonisolated(unsafe) var reason = ""
            DispatchQueue.global().async {
                do { _ = try FileBytes.contents(ofFile: folder + "/fifo", maxBytes: 100) } catch { reason = "\(error)" }
                opened.signal()
            }
            #expect(opened.wait(timeout: .now() + 30) == .success, "the FIFO did not block")
            #expect(reason == "cannot read '\(folder)/fifo': is a FIFO (named pipe), not a regular file")
            #expect(throws: FileError.unreadable(path: "/dev/zero", reason: "is a character device, not a regular file")) {
                try FileBytes.contents(ofFile: "/dev/zero", maxBytes: 100)
            }
            #expect(throws: FileError.unreadable(path: folder, reason: "is a folder")) {
                try FileBytes.contents(ofFile: folder, maxBytes: 100)
            }
        }
    }

    /// A link at the destination is replaced by the file, for the unnamed and the named way;
    /// the file it pointed to keeps its bytes.
    @Test(arguments: [true, false])
    static func linksAreReplaced(unnamed: Bool) throws {
        try TestFiles.withTemporaryFolder { folder in
            try TestFiles.write([9, 9], to: folder + "/target")
            #expect(symlink("target", folder + "/out.gif") == 0)
            let writer = try AtomicFileWriter(destination: folder + "/out.gif", unnamed: unnamed, systemWrite: { write($0, $1, $2) })
            try writer.write(contentsOf: [1, 2, 3])
            let unnamedHere = unnamed && AtomicFileWriter.openUnnamed(in: PathBytes.bytes(folder)).map { close($0) } != nil
            #expect(try TestFiles.folderListing(folder).count == (unnamedHere ? 2 : 3), "an unnamed file has no name yet")
            try writer.commit()
            #expect(try TestFiles.contents(of: folder + "/target") == [9, 9])
            #expect(try TestFiles.contents(of: folder + "/out.gif") == [1, 2, 3])
            #expect(try TestFiles.folderListing(folder).sorted() == ["out.gif", "target"])
        }
    }

    /// The named fallback's temporary name fits NAME_MAX for the longest legal names, cut at a
    /// character boundary.
    @Test(arguments: [250, 255])
    static func temporaryNamesFitTheNameLimit(length: Int) throws {
        try TestFiles.withTemporaryFolder { folder in
            let name = String(repeating: "é", count: (length - 4) / 2) + (length % 2 == 0 ? "" : "x") + ".gif"
            let writer = try AtomicFileWriter(destination: folder + "/" + name, unnamed: false, systemWrite: { write($0, $1, $2) })
            let temporary = try #require(writer.temporaryPath)
            let component = PathBytes.bytes(String(temporary.split(separator: "/").last!))
            // Valid UTF-8 decodes and encodes back to the same bytes.
            #expect(component.count <= 255 && Array(String(decoding: component, as: UTF8.self).utf8) == component)
            try writer.write(contentsOf: [7])
            try writer.commit()
            #expect(try TestFiles.folderListing(folder) == [name])
        }
    }

    /// The cleanup table removes what it holds with the calls a signal handler may make:
    /// temporary files, a staging folder with its frames.
    @Test static func cleanupTableRemovesEverything() throws {
        try TestFiles.withTemporaryFolder { folder in
            let table = CleanupTable()
            try TestFiles.write([1], to: folder + "/.out.gif.XXXX")
            try FileManager.default.createDirectory(atPath: folder + "/stage", withIntermediateDirectories: false)
            for k in [0, 7, 11] { try TestFiles.write([1], to: folder + "/stage/frame-" + String(format: "%05d", k) + ".png") }
            #expect(table.add(PathBytes.bytes(folder + "/.out.gif.XXXX"), kind: .file) != nil)
            #expect(table.add(PathBytes.bytes(folder + "/stage"), kind: .frameStaging, frameCount: 12, digits: 5) != nil)
            try TestFiles.write([1], to: folder + "/keep")
            table.removeAll()
            #expect(try TestFiles.folderListing(folder) == ["keep"])
            #expect(table.add(Array(repeating: 0x61, count: CleanupTable.maxPathBytes + 1), kind: .file) == nil)
        }
    }

    /// Frames appear only at commit, unnamed or staged; discarding leaves the folder as it was.
    @Test(arguments: [true, false])
    static func framesAppearAllAtOnce(unnamed: Bool) throws {
        try TestFiles.withTemporaryFolder { folder in
            try TestFiles.write([5], to: folder + "/frame-00000.png")
            try TestFiles.write([5], to: folder + "/frame-00009.png")
            let registry = TemporaryFileRegistry()
            do {
                let frames = try FrameFolder(path: folder, frameCount: 3, registry: registry, unnamed: unnamed)
                for k in 0 ..< 2 { try frames.store(Data([UInt8(k)]), frame: k) }
            }
            #expect(try TestFiles.folderListing(folder).sorted() == ["frame-00000.png", "frame-00009.png"])
            #expect(try TestFiles.contents(of: folder + "/frame-00000.png") == [5])
            let frames = try FrameFolder(path: folder, frameCount: 3, registry: registry, unnamed: unnamed)
            for k in 0 ..< 3 { try frames.store(Data([UInt8(k)]), frame: k) }
            #expect(try TestFiles.contents(of: folder + "/frame-00000.png") == [5], "nothing moved before commit")
            try frames.commit()
            #expect(try TestFiles.folderListing(folder).sorted() == ["frame-00000.png", "frame-00001.png", "frame-00002.png"])
            #expect(try TestFiles.contents(of: folder + "/frame-00002.png") == [2])
        }
    }

    /// A missing frames folder is created by the commit only.
    @Test(arguments: [true, false])
    static func missingFramesFolderIsCreatedAtCommit(unnamed: Bool) throws {
        try TestFiles.withTemporaryFolder { folder in
            let registry = TemporaryFileRegistry()
            let frames = try FrameFolder(path: folder + "/new", frameCount: 1, registry: registry, unnamed: unnamed)
            try frames.store(Data([1]), frame: 0)
            #expect(try TestFiles.folderListing(folder).filter { !$0.hasPrefix(".") }.isEmpty)
            try frames.commit()
            #expect(try TestFiles.folderListing(folder) == ["new"])
            #expect(try TestFiles.folderListing(folder + "/new") == ["frame-00000.png"])
        }
    }
}
