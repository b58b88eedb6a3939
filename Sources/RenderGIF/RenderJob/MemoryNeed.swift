import CAllocator
import GIFEncoding
import ImageCodecs
import SafeFiles
import WorkThreads

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Refuses up front a render that would not fit the process's memory limit (`ulimit -v`,
/// RLIMIT_AS; `ulimit -d`, RLIMIT_DATA), rather than fail an allocation halfway, which Swift
/// cannot survive. The need is what the process has now (its address space for `-v`, its
/// private writable mappings for `-d`) plus an upper bound of what the render adds: what its
/// threads reserve (their stacks and, unless the process bounded them, the C library's
/// per-thread heaps), and the larger of its two phases, which never overlap: decoding the
/// pictures (a file held, the decoder's memory, the pictures at the layer's size) and drawing
/// and encoding the frames (the canvas, the frames in flight, the encoder's screens and
/// queues, what touches, dithering, frames files and a size budget add).
/// libheif, which Linux opens when a picture needs it, is opened first when a picture file is
/// a HEIC or AVIF picture, so that its mappings are part of what the process has (or, when it
/// cannot be opened, `libheifBytes` is added).
///
/// Every part is an upper bound, measured with the figures beside it, so a limit either fits
/// the most the render ever takes, and every run renders, or it does not, and every run is
/// refused; how the threads happen to be scheduled decides nothing. What a limit leaves for
/// decoding bounds each picture's decoder (`ImageLimits.maxWorkingBytes`), which refuses a
/// picture that needs more from its header, before decoding it. Once the need fits, the kernel
/// is asked for all of it at once and gives it back, so a render that starts has found its
/// memory there.
///
/// Linux only: it is where the limits are enforced and the current size can be read
/// (/proc/self/status). macOS does not enforce RLIMIT_AS.
enum MemoryNeed {
    /// Canvas-sized buffers drawing and encoding hold at once, counted generously: measured,
    /// 7.4 canvases (the canvas, the drawn frame and its copies in the queue, the encoder's
    /// screens, the nearest-colour cache) beside a part that does not grow with the canvas
    /// (`fixedBytes`), from the added peaks at scales 1, 2 and 3 and at 3000 x 4200 px
    /// (19.4, 40.1, 76.5 and 366.6 MiB besides the threads); and 1.5 for the opening plan
    /// (`OpeningPlan`: the first frame and its first image's indices, held while its thread
    /// plans, and the later holds' tiles waiting for it, at most a quarter), which measured
    /// 0.8, 1.7 and 5.4 MiB more at the peak at scales 1, 2 and 3 (at most 0.8 canvas).
    static let framesHeld = 9
    /// What the render holds whatever the canvas (the heap's small allocations, palettes,
    /// the scene): 11 to 12 MiB measured.
    static let fixedBytes = 16 << 20
    /// Canvases `--touches` adds (its indicator's layers and the frames it changes): 3.4, 5.2
    /// and 5.5 measured at scales 1, 2 and 3.
    static let touchCanvases = 6
    /// Canvases dithering adds (its error rows and shown colours): 0.8 measured at scale 3.
    static let ditherCanvases = 1
    /// Canvases `--frames` or `--poster` add (a frame in the PNG writer, its PNG): 2.9 to 3.6
    /// measured at scales 2 and 3.
    static let framesOutputCanvases = 4
    /// Canvases a size budget adds besides the GIF it holds (each pass's frames and screens):
    /// 5.8 to 6.7 measured at scales 2 and 3.
    static let budgetCanvases = 7

    /// The address space glibc reserves for each malloc arena beyond the main one (HEAP_MAX_SIZE
    /// on 64-bit: twice the largest mmap threshold, 2 x 32 MiB), whatever the arena then uses.
    static let arenaBytes = 64 << 20

    /// What one thread's stack costs besides its size: the guard page, and the few pages
    /// libraries add to the size they ask for (dav1d asks 1 MiB plus glibc's minimum stack).
    static let threadOverheadBytes = 64 << 10

    /// What opening libheif maps when it could not be opened under a limit: Debian 12's
    /// libheif 1.15 with libde265, dav1d, aom and x265 took 28.2 MB of address space (0.7 MB of
    /// it private and writable), counted for both limits.
    static let libheifBytes = 32 << 20

    /// The stack dav1d gives its own threads (1 MiB plus a little, counted in
    /// `threadOverheadBytes`), whatever the default is.
    static let dav1dStackBytes = 1 << 20

    /// The facts of the process that the estimate depends on.
    struct Process: Equatable {
        /// The processors the C library and the helpers' pool see online.
        var cores: Int
        /// The stack size of a thread created without one of its own.
        var defaultStackBytes: Int
        /// The most malloc arenas the process may have, the main one included; nil when the
        /// C library's own default applies (8 a core on 64-bit glibc).
        var arenaMax: Int?

        /// The process as it is now.
        static var current: Process {
            let cores = max(1, WorkerPool.onlineCores)
            return Process(cores: cores, defaultStackBytes: Int(render_gif_default_stack_size()),
                           arenaMax: ProcessReservations.arenaMax)
        }
    }

    /// What a render adds to the process, part by part, in bytes.
    struct Parts: Equatable {
        /// The stacks of the threads the render may have running at once.
        var threads: Int
        /// The malloc arenas those threads may create.
        var arenas: Int
        /// The pictures decoded at the layer's size, each with a reduced copy; held in both phases.
        var pictures: Int
        /// Decoding, besides the decoder's own memory: the largest picture file, held while
        /// it is decoded, and the fixed part.
        var decoding: Int
        /// Drawing and encoding: the canvas-sized buffers, the fixed part, the encoder's
        /// queues, a size budget's GIF.
        var encoding: Int

        /// The whole addition, with `decoderBytes` of memory for a decoder.
        func total(decoderBytes: Int = 0) -> Int {
            threads + arenas + pictures + max(decoding + decoderBytes, encoding)
        }
    }

    /// Whether a memory limit applies to the process (on Linux, the only system counted):
    /// then the pictures decode one at a time, as `parts` counts them.
    static var limitApplies: Bool {
        #if os(Linux)
        return ResourceLimit.addressSpace != nil || ResourceLimit.dataSegment != nil
        #else
        return false
        #endif
    }

    /// Throws `.memoryLimit` when the render `settings` ask for (with `writesFrames`, every
    /// frame as a PNG) needs more than a limit allows; returns the limits each picture's
    /// decoding must keep to, with the memory the tightest limit leaves it.
    static func check(_ settings: Animation, writesFrames: Bool) throws(RenderGIFError) -> ImageLimits {
        #if os(Linux)
        let limits = [("ulimit -v", ResourceLimit.addressSpace), ("ulimit -d", ResourceLimit.dataSegment)]
        guard limitApplies else { return .default }
        // libheif and its codecs are mapped when a picture first needs them (on Linux): with
        // a HEIC or AVIF file to decode they are mapped now, so that what the process has
        // counts them; when they cannot be (the limit itself may stop them), what they would
        // map is counted instead, so that the limit that lets them in is the one the need
        // names. The files are told by their first bytes, as their decoding tells them (one
        // that cannot be read is counted as one).
        let libheifUnmapped = pictureFiles(settings).contains(where: ImageFile.isDecodedByLibheif)
            && HEIFLibrary.open() != nil
        guard let usage = currentUsage() else { return .default }
        let parts = parts(settings, writesFrames: writesFrames)
        let adds = parts.total() + (libheifUnmapped ? libheifBytes : 0)
        var needs: [(current: Int, limit: Int, name: String)] = []
        for ((name, limit), current) in zip(limits, [usage.addressSpace, usage.data]) {
            if let limit { needs.append((current, Int(clamping: limit), name)) }
        }
        if let over = needs.first(where: { $0.current + adds > $0.limit }) {
            throw .memoryLimit(needBytes: over.current + adds, limitBytes: over.limit, limit: over.name)
        }
        // The kernel's own count of the same limits (and of committed memory, where the
        // system's overcommit is strict); a refusal names the limit with the least room.
        guard let tightest = needs.min(by: { $0.limit - $0.current < $1.limit - $1.current }) else { return .default }
        if !canReserve(adds) {
            throw .memoryLimit(needBytes: tightest.current + adds, limitBytes: tightest.limit, limit: tightest.name)
        }
        let heldWhileDecoding = parts.threads + parts.arenas + parts.pictures + parts.decoding
        return ImageLimits.default.withWorkingMemory(atMost: tightest.limit - tightest.current - heldWhileDecoding)
        #else
        return .default
        #endif
    }

    /// The paths of the picture files `settings` name (the head's, then the buttons'); the
    /// pictures given as pixels and the built-in ones have none.
    static func pictureFiles(_ settings: Animation) -> [String] {
        [settings.headImage].compactMap { $0?.path } + settings.avatarImages.values.compactMap(\.path)
    }

    /// What a render of `settings` (with `writesFrames`, every frame as a PNG) adds to the
    /// process `process`, part by part.
    static func parts(_ settings: Animation, writesFrames: Bool = false, process: Process = .current) -> Parts {
        let scale = Double(settings.scale)
        let canvas = Int(settings.width * scale) * Int(settings.height * scale) * 4
        let side = Int(settings.buttonDiameter * scale) + 1
        let files = pictureFiles(settings)
        let largestFile = files.map { path -> Int in
            var status = stat()
            return PathBytes.withCString(path, { stat($0, &status) }) == 0 ? Int(status.st_size) : 0
        }.max() ?? 0
        var canvases = framesHeld
        if settings.touches { canvases += touchCanvases }
        if settings.dither != .none { canvases += ditherCanvases }
        if settings.poster != nil || writesFrames { canvases += framesOutputCanvases }
        if settings.maxBytes != nil { canvases += budgetCanvases }
        let threads = threadsAtOnce(cores: process.cores, decodesPictures: !files.isEmpty)
        let stack = max(process.defaultStackBytes, dav1dStackBytes) + threadOverheadBytes
        return Parts(threads: threads * stack,
                     arenas: arenasCreated(threads: threads, process: process) * arenaBytes,
                     pictures: (settings.buttonCount + 1) * side * side * 4 * 2,
                     decoding: largestFile + fixedBytes,
                     encoding: canvas * canvases + fixedBytes + 2 * AnimationWriter.defaultQueueBudget
                         + (settings.maxBytes ?? 0))
    }

    /// The most threads a render starts that run at the same time, beyond those the process
    /// has when it begins (its main thread and the command's signal watcher). Measured on 2
    /// cores, three runs each of the default, five photos, a 12-megapixel HEIC grid with and
    /// without thumbnail, AVIF, WebP, `--frames` with `--poster`, and `--max-bytes`: at most 5;
    /// this bound says 5 there, and 6 with pictures:
    /// - the helpers of `WorkerPool.shared`, which take pieces of the concurrent steps (the
    ///   quantizer's loops, the encoder's variants, the pictures decoded at once, the JPEG and
    ///   HEIF decoders' halves) and the PNG writer's frames: one a core, at most four;
    /// - then the larger of two phases that never overlap: decoding pictures (two HEIF tiles at
    ///   once, each with libde265's thread, or with dav1d's threads, one a core; the threads
    ///   asked of the system before a HEIF picture is decoded, as many as its decoders and a
    ///   helper then run, end before they start) and encoding (the encoder's two stage threads
    ///   and the opening plan's).
    static func threadsAtOnce(cores: Int, decodesPictures: Bool) -> Int {
        let helpers = min(max(cores, 1), 4)
        let decoding = decodesPictures ? 2 * max(cores, 1) : 0
        let encoding = 3
        return helpers + max(decoding, encoding)
    }

    /// The most malloc arenas `threads` new threads can make the process create: none when the
    /// process allows only the main one (as render-gif does), else one a thread up to the
    /// C library's bound (which counts the main arena).
    static func arenasCreated(threads: Int, process: Process) -> Int {
        #if canImport(Glibc)
        let bound = process.arenaMax ?? 8 * process.cores
        return max(0, min(threads, bound - 1))
        #else
        return 0
        #endif
    }

    static func megabytes(_ bytes: Int) -> Int { (bytes + (1 << 20) - 1) >> 20 }

    /// The process's mappings, in bytes: all of them, as RLIMIT_AS counts them, and the private
    /// writable ones, as RLIMIT_DATA does.
    struct Usage: Equatable {
        var addressSpace: Int
        var data: Int
    }

    /// `VmSize` and `VmData` of a /proc/PID/status text; nil without either.
    static func usage(status: String) -> Usage? {
        var fields: [Substring: Int] = [:]
        for line in status.split(separator: "\n") {
            let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard words.count == 3, words[2] == "kB", let kilobytes = Int(words[1]) else { continue }
            fields[words[0]] = kilobytes * 1024
        }
        guard let size = fields["VmSize:"], let data = fields["VmData:"] else { return nil }
        return Usage(addressSpace: size, data: data)
    }

    #if os(Linux)
    /// The process's mappings now.
    private static func currentUsage() -> Usage? {
        guard let bytes = try? FileBytes.contents(ofFile: "/proc/self/status", maxBytes: 1 << 16) else { return nil }
        return usage(status: String(decoding: bytes, as: UTF8.self))
    }

    /// Whether the kernel gives the process `bytes` more of writable, private address space
    /// now; the mapping is never touched and is given back at once.
    static func canReserve(_ bytes: Int) -> Bool {
        guard bytes > 0 else { return true }
        let mapped = mmap(nil, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0)
        guard let mapped, mapped != UnsafeMutableRawPointer(bitPattern: -1) else { return false }
        munmap(mapped, bytes)
        return true
    }
    #endif
}
