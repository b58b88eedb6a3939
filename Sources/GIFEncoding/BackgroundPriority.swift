#if canImport(Glibc)
import Glibc
#endif

/// Lowers the scheduling priority of work done ahead, so it takes the cores only when the
/// work that is needed now leaves them idle: it may be wasted, and it changes no result.
enum BackgroundPriority {
    /// The niceness work done ahead runs at on Linux (0 is normal, 19 the lowest).
    static let niceness: Int32 = 10

    /// Lowers the calling thread's priority. On Linux each thread has a niceness of its own,
    /// and `setpriority` for "the calling process" (0) sets the calling thread's; on Apple's
    /// systems the thread's quality of service, set before it starts, says it. `ThreadStart`
    /// sets that quality of service for a thread started in the background and calls this on it.
    static func lowerCurrentThread() {
        #if canImport(Glibc)
        _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, niceness)
        #endif
    }
}
