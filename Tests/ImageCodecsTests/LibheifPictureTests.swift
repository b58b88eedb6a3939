import Foundation
@testable import ImageCodecs
import SharedTestSupport
import Testing

/// `ImageFile.isDecodedByLibheif`: told from a file's first bytes, the same answer as the
/// format its whole bytes are decoded as (HEIF or AVIF), and true when the file cannot be read.
@Suite enum LibheifPictureTests {
    static let testsFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()

    /// Every regular file under `folder`, recursively.
    static func files(under folder: URL) -> [String] {
        let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey])
        return (walker?.allObjects as? [URL] ?? []).filter {
            (try? $0.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true
        }.map(\.path).sorted()
    }

    static func isDecodedByLibheifWhole(_ bytes: [UInt8]) -> Bool {
        let format = ImageFormat(sniffing: bytes)
        return format == .heif || format == .avif
    }

    /// The test pictures and the fuzzers' corpora (damaged and odd files among them).
    @Test static func everyTestFileIsToldAsItsWholeBytesAre() throws {
        let pictures = files(under: testsFolder.appendingPathComponent("ImageCodecsTests/Files"))
        let corpus = files(under: testsFolder.appendingPathComponent("FuzzCorpus"))
        #expect(pictures.contains { $0.hasSuffix("/quadrants.heic") } && pictures.contains { $0.hasSuffix("/quadrants.avif") })
        #expect(corpus.count > 1000)
        var libheifFiles = 0
        for path in pictures + corpus {
            let whole = try TestFiles.contents(of: path)
            let expected = isDecodedByLibheifWhole(whole)
            if expected { libheifFiles += 1 }
            #expect(ImageFile.isDecodedByLibheif(path: path) == expected, "\(path)")
        }
        #expect(libheifFiles > 100, "HEIF and AVIF files among them: \(libheifFiles)")
    }

    /// An `ftyp` box declaring `size` bytes whose last compatible brand is `heic`, in a file of
    /// `fileBytes` bytes (cut inside the box when it is shorter).
    static func isoMediaFile(boxSize size: Int, fileBytes: Int = 10_000) -> [UInt8] {
        let sizeBytes = (0 ..< 4).map { UInt8(truncatingIfNeeded: size >> (24 - 8 * $0)) }
        var bytes = sizeBytes + Array("ftypisom".utf8) + [0, 0, 0, 0]
        while bytes.count < size - 4 { bytes += Array("isom".utf8) }
        bytes += Array("heic".utf8)
        bytes += [UInt8](repeating: 0, count: max(0, fileBytes - bytes.count))
        return Array(bytes.prefix(fileBytes))
    }

    @Test(arguments: [(4096, 10_000, true), (4100, 10_000, false), (24, 10_000, true), (24, 24, true),
                      (4096, 4000, false), (24, 12, false), (16, 15, false)])
    static func theLongestBoxReadDecidesAsTheWholeFileDoes(boxSize: Int, fileBytes: Int, isHEIF: Bool) throws {
        try TestFiles.withTemporaryFolder { folder in
            let bytes = isoMediaFile(boxSize: boxSize, fileBytes: fileBytes)
            let path = folder + "/box"
            try TestFiles.write(bytes, to: path)
            #expect(isDecodedByLibheifWhole(bytes) == isHEIF)
            #expect(ImageFile.isDecodedByLibheif(path: path) == isHEIF)
        }
    }

    /// A file that cannot be read is counted as one libheif may decode; one that is read and
    /// is no picture is not.
    @Test static func whatCannotBeReadCountsAsLibheifs() throws {
        try TestFiles.withTemporaryFolder { folder in
            try TestFiles.write(Array("not a picture".utf8), to: folder + "/text")
            #expect(!ImageFile.isDecodedByLibheif(path: folder + "/text"))
            #expect(ImageFile.isDecodedByLibheif(path: folder + "/missing"))
            #expect(ImageFile.isDecodedByLibheif(path: folder))
        }
    }
}
