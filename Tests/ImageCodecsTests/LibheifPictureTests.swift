import Foundation
@testable import ImageCodecs
import SharedTestSupport
import Testing

/// `ImageFile.isDecodedByLibheif`: told from a file's first bytes, the same answer as the
/// format its whole bytes are decoded as.
@Suite enum LibheifPictureTests {
    static let pictureFolder = URL(fileURLWithPath: PictureFiles.path(""))

    @Test static func everyTestPictureIsToldByItsFormat() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: pictureFolder.path).sorted()
        #expect(names.contains("quadrants.heic") && names.contains("quadrants.avif") && names.contains("quadrants.webp"))
        for name in names {
            let path = PictureFiles.path(name)
            let isoMedia = name.hasSuffix(".heic") || name.hasSuffix(".avif")
            #expect(ImageFile.isDecodedByLibheif(path: path) == isoMedia, "\(name)")
        }
        for name in ["adobe-rgb-patches.png", "adobe-rgb-patches.jpg"] {
            #expect(!ImageFile.isDecodedByLibheif(path: PictureFiles.filesPath(name)), "\(name)")
        }
    }

    /// An `ftyp` box of `size` bytes whose last compatible brand is `heic`, in a file of 10,000 bytes.
    static func isoMediaFile(boxSize size: Int) -> [UInt8] {
        let sizeBytes = (0 ..< 4).map { UInt8(truncatingIfNeeded: size >> (24 - 8 * $0)) }
        var bytes = sizeBytes + Array("ftypisom".utf8) + [0, 0, 0, 0]
        while bytes.count < size - 4 { bytes += Array("isom".utf8) }
        bytes += Array("heic".utf8)
        return bytes + [UInt8](repeating: 0, count: 10_000 - bytes.count)
    }

    @Test static func theLongestBoxReadDecidesAsTheWholeFileDoes() throws {
        try TestFiles.withTemporaryFolder { folder in
            for (size, isHEIF) in [(4096, true), (4100, false), (24, true)] {
                let bytes = isoMediaFile(boxSize: size)
                let path = folder + "/box-\(size)"
                try TestFiles.write(bytes, to: path)
                #expect(ImageFile.isDecodedByLibheif(path: path) == isHEIF, "box of \(size) bytes")
                #expect((ImageFormat(sniffing: bytes) == .heif) == isHEIF, "box of \(size) bytes, whole file")
            }
        }
    }

    @Test static func whatCannotBeReadIsNotForLibheif() throws {
        try TestFiles.withTemporaryFolder { folder in
            try TestFiles.write(Array("not a picture".utf8), to: folder + "/text")
            #expect(!ImageFile.isDecodedByLibheif(path: folder + "/text"))
            #expect(!ImageFile.isDecodedByLibheif(path: folder + "/missing"))
            #expect(!ImageFile.isDecodedByLibheif(path: folder))
        }
    }
}
