@testable import ImageCodecs
import Testing
import WorkThreads

/// The threads asked of the system before a HEIF picture is decoded are those its decoders
/// start: one for an HEVC picture (libde265's worker), one a core for AV1 (dav1d's), and for a
/// grid two decoders' worth and the pool's helper that runs the second.
@Suite enum HEIFDecoderThreadsTests {
    /// The threads for the first item of `type` in the test picture `name`.
    static func threads(_ name: String, itemType type: String, isGrid: Bool) throws -> Int {
        let items = try HEIFItems(try HEIFRewriteTests.bytes(name))
        let id = try #require(items.items.first { $0.value.type == type }?.key)
        return HEIFDecoder.decoderThreads(id, of: items, isGrid: isGrid)
    }

    @Test static func anHEVCPictureNeedsLibde265sOneThread() throws {
        #expect(try threads("patches-444.heic", itemType: "hvc1", isGrid: false) == 1)
    }

    @Test static func anHEVCGridNeedsTwoDecodersAndAHelper() throws {
        #expect(try threads("grid.heic", itemType: "grid", isGrid: true) == 3)
    }

    @Test static func anAV1PictureNeedsOneThreadACore() throws {
        let cores = max(1, WorkerPool.onlineCores)
        #expect(try threads("quadrants.avif", itemType: "av01", isGrid: false) == cores)
        #expect(try threads("quadrants.avif", itemType: "av01", isGrid: true) == 2 * cores + 1)
    }
}
