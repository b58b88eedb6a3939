import Foundation
@testable import RenderGIF
import Testing

/// The render job on two threads (the encoder's workers behind the drawing, variants in
/// parallel) writes exactly the bytes of a one-thread run, whatever the scheduling.
@Suite enum RenderJobThreadingTests {
    /// The small animation (every kind of frame: rest, move, hold; two taps) with `dither`
    /// and `colors`.
    static func animation(dither: DitherMode, colors: Int) -> Animation {
        var animation = TestSupport.small
        animation.dither = dither
        animation.colors = colors
        return animation
    }

    @Test(arguments: [(DitherMode.none, 256), (.diffusion, 256), (.ordered, 64)])
    static func twoThreadsWriteTheOneThreadBytes(dither: DitherMode, colors: Int) throws {
        let folder = try TestSupport.temporaryFolder("threads")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let animation = animation(dither: dither, colors: colors)
        let single = try TestSupport.renderedFile(animation, to: folder + "/out-1.gif", threads: 1)
        #expect(single.count > 1000)
        for _ in 0 ..< 2 {
            #expect(try TestSupport.renderedFile(animation, to: folder + "/out-2.gif", threads: 2) == single)
        }
    }
}
