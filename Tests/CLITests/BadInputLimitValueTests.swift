import Foundation
import Testing

/// Values exactly at the documented limits are accepted and render: odd image shapes, the
/// smallest and largest screens, 64 buttons, the largest diameter and arc, no border, the
/// widest margin, no hold, the shortest moves, 10,000 taps.
@Suite enum BadInputLimitValueTests {
    static let small = BadInputMatrixTests.small
    /// The small render at one frame per second.
    static let one = small + ["--fps", "1"]

    static let cases: [(label: String, arguments: [String], files: [(name: String, fixture: BadInputFixture)])] = [
        ("1 x 1 head", small + ["--head", "dot.png"], [("dot.png", .solidPNG(width: 1, height: 1))]),
        ("1 x 16384 head", small + ["--head", "tall.png"], [("tall.png", .solidPNG(width: 1, height: 16384))]),
        ("16384 x 1 avatar, filled", small + ["--avatar", "1=wide.png", "--gravity", "resizeAspectFill"],
         [("wide.png", .solidPNG(width: 16384, height: 1))]),
        ("1 x 1 JPEG-sized head", small + ["--head", "photo.jpg"], [("photo.jpg", .validJPEG)]),
        ("smallest screen", small + ["--width", "32", "--height", "32"], []),
        ("widest screen at 2x", small + ["--width", "4096", "--height", "32", "--scale", "2"], []),
        ("8192 pixels at scale 4", small + ["--width", "2048", "--height", "32", "--scale", "4"], []),
        // At 1 fps: these draw large or many images in every frame.
        ("64 buttons, a tap across all", one + ["--buttons", "64", "--taps", "63", "--per-step-duration", "0.001"], []),
        ("diameter 1000", one + ["--diameter", "1000"], []),
        ("no border", small + ["--border-width", "0"], []),
        ("border half the diameter", small + ["--diameter", "10", "--border-width", "5"], []),
        ("arc width 100", small + ["--arc-width", "100"], []),
        ("arc width 0.1", small + ["--arc-width", "0.1"], []),
        ("margin 29.999", small + ["--margin", "29.999"], []),
        ("margin 0", small + ["--margin", "0"], []),
        ("no hold, shortest moves", small + ["--hold", "0", "--one-step-duration", "0.001", "--per-step-duration", "0.001", "--taps", "1,3,0"], []),
        ("no taps, no hold", small + ["--taps", "", "--hold", "0"], []),
        ("tap where the avatar rests", small + ["--taps", "0,0"], []),
        ("two colours, 65535 loops", small + ["--colors", "2", "--loop", "65535"], []),
        ("10,000 taps", ["--quiet", "--scale", "1", "--fps", "1", "--hold", "0", "--one-step-duration", "0.001",
                         "--per-step-duration", "0.001", "--width", "32", "--height", "32",
                         "--taps", (0..<10_000).map { String($0 % 4) }.joined(separator: ",")], []),
    ]

    @Test(arguments: cases.indices)
    static func limitValueRenders(_ index: Int) throws {
        let (label, arguments, files) = cases[index]
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for file in files { try file.fixture.create(at: folder.appendingPathComponent(file.name)) }
        let result = try CommandRunner.run(arguments + ["out.gif"], in: folder)
        #expect(result.status == 0, "\(label): \(result.standardError)")
        #expect(result.standardError.isEmpty, "\(label)")
        let gif = try Data(contentsOf: folder.appendingPathComponent("out.gif"))
        #expect(gif.starts(with: Array("GIF89a".utf8)) && gif.last == 0x3B, "\(label): a complete GIF")
    }
}
