import Dispatch
@testable import ImageCodecs
import Testing
import WorkThreads

/// The threads asked of the system before a HEIF picture is decoded are those its decoders
/// start: one for an HEVC picture (libde265's worker), one a core for AV1 (dav1d's), and for a
/// grid two decoders' worth where the pool splits its tiles, with the helper it would start.
@Suite enum HEIFDecoderThreadsTests {
    /// The threads for the first item of `type` in the test picture `name`.
    static func threads(_ name: String, itemType type: String, isGrid: Bool, pool: WorkerPool) throws -> Int {
        let items = try HEIFItems(try HEIFRewriteTests.bytes(name))
        let id = try #require(items.items.first { $0.value.type == type }?.key)
        return HEIFDecoder.decoderThreads(id, of: items, isGrid: isGrid, pool: pool)
    }

    /// A pool that has started its one helper.
    static func poolWithAHelper() -> WorkerPool {
        let pool = WorkerPool(helperLimit: 1)
        pool.perform(2) { _ in }
        return pool
    }

    @Test static func anHEVCPictureNeedsLibde265sOneThread() throws {
        #expect(try threads("patches-444.heic", itemType: "hvc1", isGrid: false, pool: WorkerPool(helperLimit: 1)) == 1)
    }

    @Test static func anHEVCGridNeedsTwoDecodersAndTheHelperStillToStart() throws {
        #expect(try threads("grid.heic", itemType: "grid", isGrid: true, pool: WorkerPool(helperLimit: 1)) == 3)
        let started = poolWithAHelper()
        #expect(started.helperCount == 1)
        #expect(try threads("grid.heic", itemType: "grid", isGrid: true, pool: started) == 2)
    }

    @Test static func aGridWithoutHelpersNeedsOneDecoderAtATime() throws {
        let refusing = WorkerPool(helperLimit: 2, startThread: { _, _, _ in false })
        refusing.perform(2) { _ in }
        #expect(try threads("grid.heic", itemType: "grid", isGrid: true, pool: refusing) == 1)
        #expect(try threads("grid.heic", itemType: "grid", isGrid: true, pool: WorkerPool(helperLimit: 0)) == 1)
    }

    @Test static func anAV1PictureNeedsOneThreadACore() throws {
        let cores = max(1, WorkerPool.onlineCores)
        #expect(try threads("quadrants.avif", itemType: "av01", isGrid: false, pool: WorkerPool(helperLimit: 1)) == cores)
        #expect(try threads("quadrants.avif", itemType: "av01", isGrid: true, pool: WorkerPool(helperLimit: 1)) == 2 * cores + 1)
    }
}
