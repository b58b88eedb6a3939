import ArcScene
import Foundation
@testable import GIFEncoding
import Raster
@testable import RenderGIF
import Testing

/// The render job on two threads (the encoder's workers behind the drawing, variants in
/// parallel) writes exactly the bytes of a one-thread run, whatever the scheduling.
@Suite enum RenderJobThreadingTests {
    /// A short animation: small screen, every kind of frame (rest, move, hold), two taps.
    static let arguments = ["--width", "160", "--height", "200", "--scale", "1", "--diameter", "30",
                            "--taps", "1,3", "--hold", "0.1"]

    static func render(_ extra: [String], threads: Int, folder: String) throws -> [UInt8] {
        let path = folder + "/out-\(threads).gif"
        guard case let .render(invocation) = try CommandLineInterface.parse(arguments + extra + [path]) else {
            Issue.record("the arguments do not ask for a render")
            return []
        }
        _ = try RenderJob.run(invocation, progress: SilentProgress(), threads: threads)
        return Array(try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    @Test(arguments: [[], ["--dither", "diffusion"], ["--dither", "ordered", "--colors", "64"]])
    static func twoThreadsWriteTheOneThreadBytes(extra: [String]) throws {
        let folder = NSTemporaryDirectory() + "render-gif-threads-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let single = try render(extra, threads: 1, folder: folder)
        #expect(single.count > 1000)
        for _ in 0 ..< 2 {
            #expect(try render(extra, threads: 2, folder: folder) == single)
        }
    }
}
