import Foundation
import Testing

/// The pictures fuzzing found ending or exhausting the process (an abort at 775 MB, minutes
/// at 1.8 GB, a 2 GB allocation, an assertion in libheif), kept among the fuzz seeds: each as --head gives one
/// `Error:` line naming the file and the problem, exit status 1, promptly, and leaves the
/// folder as it was.
@Suite enum FuzzFoundPictureTests {
    static func seed(_ path: String) -> URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../FuzzCorpus/\(path)").standardizedFileURL
    }

    @Test(arguments: [("heif-decoding/grid-naming-itself-as-its-only-tile.heic", "item 2 (grid) is built from itself"),
                      ("heif-decoding/grid-naming-itself-beside-three-tiles.heic", "item 5 (grid) is built from itself"),
                      // libheif 1.15 asserted (abort) on an iden item naming an 'hvc0' item.
                      ("heif-decoding/iden-naming-an-item-of-unknown-type.heic", "item 1 is a 'hvc0' item, not an HEVC or AV1 picture"),
                      // A grid whose pixi box says 0 bits: libheif asserted when its planes were made.
                      ("heif-decoding/grid-pixi-of-zero-bits.heic", "the grid's pixi box gives no depth of 8 to 16 bits for its channels"),
                      ("image-decoding/png-exif-chunk-declaring-2gb.png", "read beyond end of data")])
    static func fuzzFoundPicturesAreOneLineErrors(path: String, reason: String) throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let name = URL(fileURLWithPath: path).lastPathComponent
        try FileManager.default.copyItem(at: seed(path), to: folder.appendingPathComponent(name))
        let started = Date()
        let result = try CommandRunner.run(CommandRunner.smallRender + ["--head", name, "out.gif"], in: folder)
        // Before, the first took 5.4 s and the second minutes; a loaded machine gets slack.
        #expect(Date().timeIntervalSince(started) < 10, "\(name) took \(Date().timeIntervalSince(started)) s")
        #expect(result.status == 1)
        #expect(result.standardError == "Error: '\(name)' is not a valid image: \(reason)\n", "\(result.standardError)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == [name], "nothing written beside it")
    }
}
