import Foundation
@testable import ImageCodecs
@testable import Raster
import SharedTestSupport
import Testing

/// HEIF, AVIF, WebP and GIF files damaged every way a file gets damaged: cut at every length,
/// bytes overwritten, declared sizes of zero, an empty file. Each gives a picture of the
/// declared size or one line naming the file and the problem; none crashes.
@Suite enum DamagedPictureTests {
    typealias Files = PictureFiles

    static let pictures = ["quadrants.heic", "quadrants.avif", "grid.heic", "alpha.avif", "ten-bit.heic",
                           "quadrants.webp", "quadrants-lossless.webp", "animated.webp", "alpha.webp",
                           "quadrants.gif", "interlaced.gif", "animated.gif", "animated.avif"]

    /// The outcome every damaged input must have: a whole picture, or a one-line error naming it.
    static func expectImageOrOneLineError(_ bytes: [UInt8], _ label: String) {
        do {
            let image = try ImageFile.decode(bytes, path: label)
            #expect(image.width > 0 && image.height > 0 && image.pixels.count == image.width * image.height * 4, "\(label)")
        } catch {
            let text = error.description
            #expect(text.hasPrefix("'\(label)' ") && isOnePrintableLine(text) && text.count < 300, "\(label): \(text)")
        }
    }

    /// No control character (line break, tab, escape) anywhere in `text`.
    static func isOnePrintableLine(_ text: String) -> Bool {
        !text.unicodeScalars.contains { $0.value < 0x20 || (0x7F ... 0x9F).contains($0.value) }
    }

    /// A HEIC whose item location declares construction method 9, which libheif 1.15 writes
    /// into its message as the character of that code, a tab (found by the heif-decoding fuzz
    /// target and kept among its seeds): the message is one printable line naming the file.
    /// libheif's own words differ between versions (Homebrew's 1.21 is not Debian's 1.15), so
    /// only what every version gives is pinned; the escaping of the tab is
    /// `ImageCodecErrorTests`' business.
    @Test static func libheifMessagesQuotingTheFileStayOnePrintableLine() throws {
        let seed = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../FuzzCorpus/heif-decoding/construction-method-9.heic").standardized.path
        let bytes = try TestFiles.contents(of: seed)
        do {
            _ = try HEIFDecoder.decode(bytes, path: "tab.heic")
            Issue.record("the damaged grid decoded")
        } catch {
            #expect(isOnePrintableLine(error.description), "\(error.description)")
            #expect(error.description.hasPrefix("'tab.heic' is not a valid image: libheif: "), "\(error.description)")
            #expect(error.description.count > "'tab.heic' is not a valid image: libheif: ".count, "libheif's reason is kept")
        }
    }

    /// Cut at every length: never a crash. Cut to half, always an error: the coded picture is
    /// missing (for the animation, inside its first frame).
    @Test(arguments: pictures)
    static func truncatedFilesAreRefused(name: String) throws {
        let bytes = try TestFiles.contents(of: Files.path(name))
        for length in 1 ..< bytes.count {
            expectImageOrOneLineError(Array(bytes.prefix(length)), "\(name) cut at \(length)")
        }
        let half = Array(bytes.prefix(bytes.count / 2))
        #expect(throws: ImageCodecError.self, "\(name) cut in half") { try ImageFile.decode(half, path: name) }
    }

    /// Overwritten runs of bytes at several places: an image or an error, never a crash.
    @Test(arguments: pictures)
    static func overwrittenBytesNeverCrash(name: String) throws {
        let bytes = try TestFiles.contents(of: Files.path(name))
        let noise = SeededGenerator.bytes(count: bytes.count, seed: 21)
        for start in stride(from: 12, to: bytes.count, by: max(1, bytes.count / 40)) {
            var damaged = bytes
            for at in start ..< min(bytes.count, start + 16) { damaged[at] = noise[at] }
            expectImageOrOneLineError(damaged, "\(name) overwritten at \(start)")
        }
    }

    /// The declared picture size set to zero wide: refused.
    @Test static func zeroSizedPicturesAreRefused() throws {
        var heic = try TestFiles.contents(of: Files.path("quadrants.avif"))
        let ispe = Array("ispe".utf8)
        var patched = 0
        for at in 0 ..< heic.count - 12 where Array(heic[at ..< at + 4]) == ispe {
            for k in 8 ..< 12 { heic[at + k] = 0 }  // width, after the full-box header
            patched += 1
        }
        #expect(patched > 0)
        #expect(throws: ImageCodecError.self) { try ImageFile.decode(heic, path: "zero.avif") }

        let gif = Array("GIF89a".utf8) + [0, 0, 0, 0, 0x80, 0, 0, 255, 0, 0, 0, 0, 255]
            + [0x2C, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x02, 0x02, 0x0C, 0x0A, 0x00, 0x3B]
        #expect(throws: ImageCodecError.corrupt(path: "zero.gif", message: "the first image has no size")) {
            try ImageFile.decode(gif, path: "zero.gif")
        }
        // VP8L header: signature 0x2F, then 14-bit width - 1 and height - 1 (here 1 x 1) and the
        // rest cut: the image data is missing.
        let webp = Array("RIFF".utf8) + [17, 0, 0, 0] + Array("WEBPVP8L".utf8) + [5, 0, 0, 0, 0x2F, 0, 0, 0, 0]
        #expect(throws: ImageCodecError.self) { try ImageFile.decode(webp, path: "tiny.webp") }
    }

    @Test static func filesCutInsideTheirHeaderSayWhichFormat() throws {
        let heic = try TestFiles.contents(of: Files.path("quadrants.heic"))
        #expect(throws: ImageCodecError.corrupt(path: "a.heic", message: "the file ends inside the HEIC/HEIF signature")) {
            try ImageFile.decode(Array(heic.prefix(10)), path: "a.heic")
        }
        let avif = try TestFiles.contents(of: Files.path("quadrants.avif"))
        #expect(throws: ImageCodecError.corrupt(path: "a.avif", message: "the file ends inside the AVIF signature")) {
            try ImageFile.decode(Array(avif.prefix(14)), path: "a.avif")
        }
        #expect(throws: ImageCodecError.corrupt(path: "a.webp", message: "the file ends inside the WebP signature")) {
            try ImageFile.decode(Array("RIFF".utf8) + [0, 0], path: "a.webp")
        }
        #expect(throws: ImageCodecError.corrupt(path: "a.gif", message: "the file ends inside the GIF signature")) {
            try ImageFile.decode(Array("GIF8".utf8), path: "a.gif")
        }
    }
}
