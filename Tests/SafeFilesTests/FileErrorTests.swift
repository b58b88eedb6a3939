import SafeFiles
import Testing

@Suite enum FileErrorTests {
    @Test static func messagesNameTheFile() {
        #expect(FileError.unreadable(path: "x.png", reason: "is a folder").description == "cannot read 'x.png': is a folder")
        #expect(FileError.fileTooLarge(path: "huge.png", bytes: 70_000_000, limit: 67_108_864).description
            == "'huge.png' is 70000000 bytes, over the limit of 67108864 bytes for an image file")
        #expect(FileError.unwritable(path: "out.gif", reason: "No space left on device").description
            == "cannot write 'out.gif': No space left on device")
        #expect(FileError.unwritable(path: "a\nb.gif", reason: "is a folder").description == "cannot write 'a\\nb.gif': is a folder")
    }

    /// A C library's message: its lines joined, each trimmed, a control character left inside
    /// escaped; a printable message stays as it is.
    @Test static func libraryMessagesBecomeOnePrintableLine() {
        #expect(DisplayText.libraryMessage("Invalid input: No item\t\u{1B}[2J found\n  in grid\n")
            == "Invalid input: No item\\t\\u{1B}[2J found; in grid")
        #expect(DisplayText.libraryMessage("Not a JPEG file: starts with 0x89 0x50") == "Not a JPEG file: starts with 0x89 0x50")
        #expect(DisplayText.libraryMessage("\r\n") == "")
    }
}
