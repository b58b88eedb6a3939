import Foundation
import ImageCodecs
import Raster
import RenderGIF
import Testing

/// Pictures that cannot be used and outputs that cannot be written, through the library's API:
/// each fails with the file, the kind of failure and the codec's or the system's reason, before
/// any frame is drawn; two outputs that are one file are refused with the role of each.
@Suite enum FileFailureTests {
    /// The small animation with the file at `path` as the moving avatar.
    static func withHead(_ path: String) -> Animation {
        var animation = TestSupport.small
        animation.headImage = .file(path)
        return animation
    }

    /// The picture failure rendering with the file at `path` as the head gives, or nil.
    static func pictureFailure(_ path: String) -> FileFailure? {
        guard case let .picture(failure)? = TestSupport.refusal(withHead(path)) else { return nil }
        return failure
    }

    @Test static func aMissingPicture() throws {
        let folder = try TestSupport.temporaryFolder("file-failure")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let failure = try #require(pictureFailure(folder + "/missing.png"))
        #expect(failure.kind == .missing)
        #expect(failure.path == folder + "/missing.png")
        #expect(failure.description.hasPrefix("cannot read '") && failure.description.hasSuffix("': \(failure.reason)"))
    }

    @Test static func aFolderIsAnUnreadablePicture() throws {
        let folder = try TestSupport.temporaryFolder("file-failure")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(pictureFailure(folder)?.kind == .unreadable)
    }

    @Test static func aTruncatedPNG() throws {
        let folder = try TestSupport.temporaryFolder("file-failure")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var pixels: [UInt8] = []
        for index in 0 ..< 24 * 24 { pixels += [UInt8(index % 251), UInt8(index % 13 * 19), 80, 255] }
        let png = [UInt8](try PNGEncoder.encode(RGBAImage(width: 24, height: 24, pixels: pixels, isPremultiplied: false)))
        let path = folder + "/cut.png"
        try Data(png.prefix(png.count / 2)).write(to: URL(fileURLWithPath: path))
        let failure = try #require(pictureFailure(path))
        #expect(failure.kind == .damaged)
        #expect(failure.path == path)
        #expect(failure.description.hasSuffix("' is not a valid image: \(failure.reason)"))
    }

    @Test static func aBMP() throws {
        let folder = try TestSupport.temporaryFolder("file-failure")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // "BM", the file size, two reserved words, the pixels' offset, and a 40-byte header.
        var bmp: [UInt8] = Array("BM".utf8) + [70, 0, 0, 0, 0, 0, 0, 0, 54, 0, 0, 0, 40, 0, 0, 0]
        bmp += Array(repeating: 0, count: 70 - bmp.count)
        let path = folder + "/head.bmp"
        try Data(bmp).write(to: URL(fileURLWithPath: path))
        let failure = try #require(pictureFailure(path))
        #expect(failure.kind == .unsupportedFormat)
        #expect(failure.reason == "a BMP image")
    }

    @Test static func anOutputInAMissingFolder() throws {
        let folder = try TestSupport.temporaryFolder("file-failure")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/missing/out.gif"
        do {
            try TestSupport.small.render(to: path)
            Issue.record("rendered into a missing folder")
        } catch {
            guard case let .output(failure) = error else {
                Issue.record("got \(error)")
                return
            }
            #expect(failure.kind == .unwritable)
            #expect(failure.path == path)
            #expect(failure.description.hasPrefix("cannot write '") && failure.description.hasSuffix("': \(failure.reason)"))
        }
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    /// The two outputs rendering `animation` to `path` refuses as one file, or nil.
    static func sameFile(_ animation: Animation, to path: String, framesFolder: String? = nil) -> (OutputFile, OutputFile)? {
        do {
            try animation.render(to: path, framesFolder: framesFolder)
        } catch {
            if case let .sameFile(first, second) = error { return (first, second) }
        }
        return nil
    }

    /// The GIF and the still under two names of one file, and a still that is a frame's file.
    @Test static func twoOutputsThatAreOneFile() throws {
        let folder = try TestSupport.temporaryFolder("file-failure")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var animation = TestSupport.small
        animation.poster = folder + "/./out.gif"
        let gifAndPoster = try #require(sameFile(animation, to: folder + "/out.gif"))
        #expect(gifAndPoster.0.path == folder + "/out.gif" && gifAndPoster.0.role == .gif)
        #expect(gifAndPoster.1.path == folder + "/./out.gif" && gifAndPoster.1.role == .poster)
        try FileManager.default.createDirectory(atPath: folder + "/frames", withIntermediateDirectories: false)
        animation.poster = folder + "/frames/frame-00000.png"
        let posterAndFrame = try #require(sameFile(animation, to: folder + "/out.gif", framesFolder: folder + "/frames"))
        #expect(posterAndFrame.0.path == folder + "/frames/frame-00000.png" && posterAndFrame.0.role == .poster)
        #expect(posterAndFrame.1.path == folder + "/frames/frame-00000.png" && posterAndFrame.1.role == .frame)
        #expect(!FileManager.default.fileExists(atPath: folder + "/out.gif"))
    }
}
