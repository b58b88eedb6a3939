import GIFEncoding
import ImageCodecs
import SafeFiles

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Refuses up front a render that would not fit the process's memory limit (`ulimit -v`,
/// RLIMIT_AS; `ulimit -d`, RLIMIT_DATA), rather than fail an allocation halfway, which Swift
/// cannot survive. The need is the address space the process already has plus an estimate
/// of what the render adds: the frames it holds at once (the canvas, the encoder's screens,
/// the drawing thread's queue, a PNG in flight), the pictures decoded at the layer's size, and
/// the reservations of its threads (stacks, the C library's per-thread heaps).
///
/// Linux only: it is where the limits are enforced and the current size can be read
/// (/proc/self/statm). macOS does not enforce RLIMIT_AS.
enum MemoryNeed {
    /// Canvas-sized buffers a render holds at once, counted generously.
    static let framesHeld = 12
    /// What the render's threads reserve beyond what they use: stacks and the C library's
    /// per-thread heaps (measured: the default render needs 120 to 147 MB of address space).
    static let threadBytes = 32 << 20

    /// Throws `.memoryLimit` when the render `settings` ask for needs more than a limit allows.
    static func check(_ settings: Animation) throws(RenderGIFError) {
        #if os(Linux)
        let limits = [("ulimit -v", ResourceLimit.addressSpace), ("ulimit -d", ResourceLimit.dataSegment)]
        guard limits.contains(where: { $0.1 != nil }), let current = currentAddressSpace() else { return }
        let need = current + renderBytes(settings)
        for case let (name, limit?) in limits where UInt64(need) > limit {
            throw .memoryLimit(needBytes: need, limitBytes: Int(clamping: limit), limit: name)
        }
        #endif
    }

    /// What a render of `settings` adds to the process's address space, in bytes.
    static func renderBytes(_ settings: Animation) -> Int {
        let scale = Double(settings.scale)
        let canvas = Int(settings.width * scale) * Int(settings.height * scale) * 4
        let side = Int(settings.buttonDiameter * scale) + 1
        let pictures = (settings.buttonCount + 1) * side * side * 4 * 2
        // The largest picture file is held while decoding, with the decoder's memory beside it
        // (counted as twice the file, the cap of ImageLimits applying past that).
        let files = ([settings.headImage].compactMap { $0?.path }) + settings.avatarImages.values.compactMap(\.path)
        let largestFile = files.map { path -> Int in
            var status = stat()
            return PathBytes.withCString(path, { stat($0, &status) }) == 0 ? Int(status.st_size) : 0
        }.max() ?? 0
        return canvas * framesHeld + pictures + 3 * largestFile + 2 * AnimationWriter.defaultQueueBudget + threadBytes
    }

    static func megabytes(_ bytes: Int) -> Int { (bytes + (1 << 20) - 1) >> 20 }

    #if os(Linux)
    /// The process's mapped size now (the first field of /proc/self/statm, in pages).
    private static func currentAddressSpace() -> Int? {
        guard let bytes = try? FileBytes.contents(ofFile: "/proc/self/statm", maxBytes: 4096),
              let first = String(decoding: bytes, as: UTF8.self).split(separator: " ").first,
              let pages = Int(first) else { return nil }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }
    #endif
}
