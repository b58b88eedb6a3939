import Foundation
@testable import ImageCodecs
import SharedTestSupport
import Testing

/// Formats are recognised by their first bytes: every picture format read, whatever the file
/// is called, and the common formats not read are named when refused.
@Suite enum ImageFormatTests {
    typealias Files = PictureFiles

    @Test(arguments: [("quadrants.heic", ImageFormat.heif), ("grid.heic", .heif), ("quadrants.avif", .avif),
                      ("quadrants.webp", .webp), ("animated.webp", .webp), ("quadrants.gif", .gif)])
    static func picturesAreRecognisedByContent(name: String, format: ImageFormat) throws {
        #expect(ImageFormat(sniffing: try TestFiles.contents(of: Files.path(name))) == format)
    }

    /// A HEIC named .jpg (as some upload forms rename files) and a WebP named .png decode.
    @Test static func theNameDoesNotMatter() throws {
        let folder = try TestFiles.makeTemporaryFolder()
        defer { TestFiles.removeFolder(folder) }
        for (name, disguise) in [("quadrants.heic", "photo.jpg"), ("quadrants-lossless.webp", "photo.png"),
                                 ("quadrants.gif", "photo.heic")] {
            try TestFiles.write(try TestFiles.contents(of: Files.path(name)), to: folder + "/" + disguise)
            Files.expectQuadrants(try ImageFile.load(path: folder + "/" + disguise), width: 64, height: 32,
                                  tolerance: 8, "\(name) as \(disguise)")
        }
    }

    static let foreign: [(String, [UInt8], String)] = [
        ("a.bmp", Array("BM".utf8) + [70, 0, 0, 0, 0, 0, 0, 0, 54, 0, 0, 0, 40, 0, 0, 0, 1, 0], "a BMP image"),
        ("a.tif", [0x49, 0x49, 0x2A, 0x00, 8, 0, 0, 0], "a TIFF image"),
        ("b.tif", [0x4D, 0x4D, 0x00, 0x2A, 0, 0, 0, 8], "a TIFF image"),
        ("a.jxl", [0xFF, 0x0A, 0xFA, 0x7F], "a JPEG XL image"),
        ("b.jxl", [0, 0, 0, 0x0C] + Array("JXL ".utf8) + [0x0D, 0x0A, 0x87, 0x0A], "a JPEG XL image"),
        ("a.jp2", [0, 0, 0, 0x0C] + Array("jP  ".utf8) + [0x0D, 0x0A, 0x87, 0x0A], "a JPEG 2000 image"),
        ("a.psd", Array("8BPS".utf8) + [0, 1], "a Photoshop document"),
        ("a.ico", [0, 0, 1, 0, 1, 0, 16, 16], "a Windows icon"),
        ("a.pdf", Array("%PDF-1.7\n".utf8), "a PDF document"),
        ("a.mp4", [0, 0, 0, 0x18] + Array("ftypisom".utf8) + [0, 0, 2, 0] + Array("isomiso2".utf8),
         "an ISO media file (MP4, QuickTime or similar) without a HEIF or AVIF picture"),
    ]

    @Test(arguments: foreign)
    static func otherFormatsAreNamedWhenRefused(name: String, bytes: [UInt8], looksLike: String) {
        #expect(throws: ImageCodecError.foreignFormat(path: name, looksLike: looksLike)) {
            try ImageFile.decode(bytes + [UInt8](repeating: 0, count: 16), path: name)
        }
    }

    @Test static func theRefusalListsTheFormatsRead() {
        let text = ImageCodecError.foreignFormat(path: "a.tif", looksLike: "a TIFF image").description
        #expect(text == "'a.tif' is a TIFF image; render-gif reads PNG, JPEG, GIF, WebP, HEIC/HEIF or AVIF pictures")
        #expect(ImageFormat.readableList == ImageFormat.allCases.map(\.name).dropLast().joined(separator: ", ") + " or AVIF")
    }

    /// Text that merely starts like a format's magic word is not taken for it.
    @Test static func nearMissesAreNotRecognised() {
        #expect(ImageFormat(sniffing: Array("RIFF0000WAVEfmt ".utf8)) == nil)
        #expect(ForeignImageFormat(sniffing: Array("BMW is a car maker".utf8)) == nil)
        #expect(ImageFormat(sniffing: [0, 0, 0, 0x18] + Array("ftypmp42".utf8) + [0, 0, 0, 0] + Array("isommp42".utf8)) == nil)
    }
}
