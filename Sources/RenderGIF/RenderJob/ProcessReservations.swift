import CAllocator

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What the process reserves beyond what it uses, made small and the same on every run, so
/// that a memory limit decides a render the same way each time (see `MemoryNeed`).
///
/// glibc gives a thread that finds the heap busy an arena of its own, reserving 64 MiB of
/// address space for it; how many get created depends on how the threads happen to meet
/// (measured on 2 cores, default render: 3 to 5 arenas, a peak address space of 490 to 571 MB,
/// against 185 MB with the main arena alone, at the same speed). And a thread that chooses no
/// stack size gets `ulimit -s`, 8 MiB by default, for each of the pool's helpers.
package enum ProcessReservations {
    /// The stack of a thread created without a size of its own (the pool's helpers, the
    /// encoder's threads, libde265's): 1 MiB, twice what macOS gives such threads (512 KiB),
    /// where the same code runs on them. Every render the memory tests try also ran with all
    /// its stacks, the main thread's too, at 256 KiB (`ulimit -s 256`).
    package static let threadStackBytes = 1 << 20

    /// The most malloc arenas the process may have, the main one included, when it is known:
    /// set by `bound()`, else from glibc's `MALLOC_ARENA_MAX` or `glibc.malloc.arena_max`
    /// in `GLIBC_TUNABLES`.
    static var arenaMax: Int? {
        arenaMax(bounded: boundArenas.value) { name in getenv(name).map { String(cString: $0) } }
    }

    /// The arena bound a process has when `bounded` says whether `bound()` set it, and
    /// `environment` gives its environment variables; where both of glibc's settings are
    /// given, the larger, which bounds the arenas whichever glibc reads last.
    static func arenaMax(bounded: Bool, environment: (String) -> String?) -> Int? {
        if bounded { return 1 }
        let prefix = "glibc.malloc.arena_max="
        let tunable = (environment("GLIBC_TUNABLES") ?? "").split(separator: ":")
            .last(where: { $0.hasPrefix(prefix) }).map { String($0.dropFirst(prefix.count)) }
        let values = [environment("MALLOC_ARENA_MAX"), tunable].compactMap { $0.flatMap { Int($0) } }.filter { $0 > 0 }
        return values.max()
    }

    /// Whether `bound()` has bounded the arenas; set once, before any thread starts.
    private static let boundArenas = Flag()

    /// Lets the process use glibc's main arena alone, and gives threads that choose no stack
    /// size `threadStackBytes`. A process-wide choice for a program, not for a library: call
    /// it first thing in `main`, before any thread starts. Nothing elsewhere than glibc.
    package static func bound() {
        if render_gif_set_arena_max(1) == 1 { boundArenas.value = true }
        _ = render_gif_set_default_stack_size(threadStackBytes)
    }

    /// A flag written once, before the threads that read it exist.
    private final class Flag: @unchecked Sendable {
        var value = false
    }
}
