import Foundation
@testable import ImageCodecs
@testable import Raster
import Testing
@testable import RenderGIF
import WorkThreads

/// The memory estimate's parts, each against what it must count: the process's mappings as
/// Linux reports them, the threads and their stacks, the allocator's arenas, the features that
/// hold more frames, and the two phases, of which only the larger counts.
@Suite enum MemoryNeedTests {
    /// A process on 2 cores with 1 MiB thread stacks and the main arena alone (render-gif's).
    static let bounded = MemoryNeed.Process(cores: 2, defaultStackBytes: 1 << 20, arenaMax: 1)

    @Test static func usageIsReadFromTheStatusTextInBytes() {
        let status = "Name:\trender-gif\nVmPeak:\t  157416 kB\nVmSize:\t   99300 kB\nVmLck:\t       0 kB\n"
            + "VmData:\t    6424 kB\nVmStk:\t     132 kB\nThreads:\t2\n"
        #expect(MemoryNeed.usage(status: status) == MemoryNeed.Usage(addressSpace: 99300 * 1024, data: 6424 * 1024))
        #expect(MemoryNeed.usage(status: "VmSize:\t   99300 kB\nThreads:\t2\n") == nil)
    }

    /// Measured on 2 cores: at most 5 threads beyond those a render starts with.
    @Test static func threadsBoundWhatWasMeasuredAndThePoolsShareStaysBounded() {
        #expect(MemoryNeed.threadsAtOnce(cores: 2, decodesPictures: false) >= 5)
        #expect(MemoryNeed.threadsAtOnce(cores: 2, decodesPictures: true) >= 5)
        // The pool's helpers stop at four however many cores; dav1d's threads, one a core for
        // each of two tiles, grow with them, only when pictures are decoded.
        #expect(MemoryNeed.threadsAtOnce(cores: 64, decodesPictures: false) == 4 + 3)
        #expect(MemoryNeed.threadsAtOnce(cores: 64, decodesPictures: true) == 4 + 128)
        #expect(MemoryNeed.threadsAtOnce(cores: 1, decodesPictures: false) == 1 + 3)
        // The estimate's share for the pool is the process's pool's own limit.
        #expect(MemoryNeed.threadsAtOnce(cores: WorkerPool.onlineCores, decodesPictures: false)
            == WorkerPool.shared.helperLimit + 3)
    }

    @Test static func eachThreadCountsItsStackAtLeastDav1dsSize() {
        let threads = MemoryNeed.threadsAtOnce(cores: 2, decodesPictures: false)
        let perThread = { (stack: Int) -> Int in
            var process = bounded
            process.defaultStackBytes = stack
            return MemoryNeed.parts(Animation(), process: process).threads / threads
        }
        #expect(perThread(8 << 20) == (8 << 20) + MemoryNeed.threadOverheadBytes)
        #expect(perThread(256 << 10) == (1 << 20) + MemoryNeed.threadOverheadBytes)
        #expect(perThread(0) == (1 << 20) + MemoryNeed.threadOverheadBytes)
    }

    @Test static func arenasCountOnlyWhereTheProcessAllowsThem() {
        #expect(MemoryNeed.parts(Animation(), process: bounded).arenas == 0)
        #if canImport(Glibc)
        var process = bounded
        process.arenaMax = nil
        let threads = MemoryNeed.threadsAtOnce(cores: 2, decodesPictures: false)
        #expect(MemoryNeed.parts(Animation(), process: process).arenas == threads * (64 << 20))
        process.arenaMax = 3
        #expect(MemoryNeed.parts(Animation(), process: process).arenas == 2 * (64 << 20))
        #endif
    }

    @Test static func arenaBoundsAreReadFromGlibcsSettings() {
        let none: (String) -> String? = { _ in nil }
        #expect(ProcessReservations.arenaMax(bounded: true, environment: none) == 1)
        #expect(ProcessReservations.arenaMax(bounded: false, environment: none) == nil)
        #expect(ProcessReservations.arenaMax(bounded: false, environment: { $0 == "MALLOC_ARENA_MAX" ? "2" : nil }) == 2)
        #expect(ProcessReservations.arenaMax(bounded: false, environment: { $0 == "MALLOC_ARENA_MAX" ? "x" : nil }) == nil)
        let tunables = "glibc.malloc.tcache_count=0:glibc.malloc.arena_max=4"
        #expect(ProcessReservations.arenaMax(bounded: false, environment: { $0 == "GLIBC_TUNABLES" ? tunables : nil }) == 4)
        #expect(ProcessReservations.arenaMax(bounded: false, environment: {
            $0 == "GLIBC_TUNABLES" ? tunables : ($0 == "MALLOC_ARENA_MAX" ? "2" : nil)
        }) == 4)
    }

    /// 750 x 1334 pixels of RGBA at the default settings.
    static let canvas = 750 * 1334 * 4

    @Test static func featuresThatHoldMoreFramesCountTheirCanvases() {
        let plain = MemoryNeed.parts(Animation(), process: bounded)
        #expect(plain.encoding >= 7 * canvas + (11 << 20), "the measured peak of the default render")
        var touches = Animation()
        touches.touches = true
        #expect(MemoryNeed.parts(touches, process: bounded).encoding - plain.encoding == MemoryNeed.touchCanvases * canvas)
        #expect(MemoryNeed.parts(Animation(), writesFrames: true, process: bounded).encoding - plain.encoding
                    == MemoryNeed.framesOutputCanvases * canvas)
        var poster = Animation()
        poster.poster = "still.png"
        #expect(MemoryNeed.parts(poster, process: bounded).encoding - plain.encoding == MemoryNeed.framesOutputCanvases * canvas)
        var budget = Animation()
        budget.maxBytes = 500_000
        #expect(MemoryNeed.parts(budget, process: bounded).encoding - plain.encoding
                    == MemoryNeed.budgetCanvases * canvas + 500_000)
        var scaled = Animation()
        scaled.scale = 4
        #expect(MemoryNeed.parts(scaled, process: bounded).encoding - plain.encoding == MemoryNeed.framesHeld * 3 * canvas)
    }

    @Test static func thePictureFileIsHeldWhileDecoding() throws {
        let path = NSTemporaryDirectory() + "render-gif-memory-need-\(UUID().uuidString).png"
        try Data(count: 3_000_000).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        var settings = Animation()
        settings.headImage = .file(path)
        let parts = MemoryNeed.parts(settings, process: bounded)
        #expect(parts.decoding == 3_000_000 + MemoryNeed.fixedBytes)
        #expect(MemoryNeed.parts(Animation(), process: bounded).decoding == MemoryNeed.fixedBytes)
    }

    /// Decoding and encoding never overlap: the larger of the two counts, beside what both hold.
    @Test static func onlyTheLargerPhaseCounts() {
        let parts = MemoryNeed.Parts(threads: 10, arenas: 20, pictures: 30, decoding: 100, encoding: 500)
        #expect(parts.total() == 10 + 20 + 30 + 500)
        #expect(parts.total(decoderBytes: 300) == 10 + 20 + 30 + 500)
        #expect(parts.total(decoderBytes: 450) == 10 + 20 + 30 + 550)
    }

    /// What a limit leaves for decoding bounds each decoder's own estimate from the header.
    @Test static func whatALimitLeavesForDecodingIsWholeMebibytesUnderTheDefault() {
        #expect(ImageLimits.default.withWorkingMemory(atMost: (5 << 20) + 12345).maxWorkingBytes == 5 << 20)
        #expect(ImageLimits.default.withWorkingMemory(atMost: 1 << 40).maxWorkingBytes == ImageLimits.default.maxWorkingBytes)
        #expect(ImageLimits.default.withWorkingMemory(atMost: -7).maxWorkingBytes == 1 << 20)
    }
}
