import Foundation
import Testing

/// The command reads every picture format by content: the same pixels in two formats render
/// the same GIF, and a HEIC or WebP under a misleading name works.
@Suite enum PictureFormatCommandTests {
    static func picture(_ name: String) -> URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../ImageCodecsTests/Files/Pictures/\(name)").standardizedFileURL
    }

    @Test static func samePixelsInAnyFormatRenderTheSameGIF() throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // The lossless WebP and the GIF hold the same 64 x 32 pixels; each goes in renamed.
        for (source, name) in [("quadrants-lossless.webp", "from-webp.png"), ("quadrants.gif", "from-gif.jpg"),
                               ("quadrants.heic", "from-heic.jpg")] {
            try FileManager.default.copyItem(at: picture(source), to: folder.appendingPathComponent(name))
        }
        var outputs: [Data] = []
        for name in ["from-webp.png", "from-gif.jpg", "from-heic.jpg"] {
            let result = try CommandRunner.run(CommandRunner.smallRender + ["--head", name, name + ".gif"], in: folder)
            #expect(result.status == 0 && result.standardError.isEmpty, "\(name): \(result.standardError)")
            outputs.append(try Data(contentsOf: folder.appendingPathComponent(name + ".gif")))
        }
        #expect(outputs[0] == outputs[1], "the WebP and the GIF of the same pixels render the same GIF")
        #expect(outputs[2].starts(with: Array("GIF89a".utf8)))
        let builtIn = try CommandRunner.run(CommandRunner.smallRender + ["built-in.gif"], in: folder)
        #expect(builtIn.status == 0)
        #expect(try Data(contentsOf: folder.appendingPathComponent("built-in.gif")) != outputs[0], "the picture was drawn")
    }
}
