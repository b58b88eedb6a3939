#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Lowers the scheduling priority of work done ahead, so it takes the cores only when the
/// work that is needed now leaves them idle: it may be wasted, and it changes no result.
package enum BackgroundPriority {
    /// The niceness work done ahead runs at on Linux (0 is normal, 19 the lowest).
    package static let niceness: Int32 = 10

    /// Lowers the calling thread's priority and marks it as lowered. On Linux each thread has
    /// a niceness of its own, and `setpriority` for "the calling process" (0) sets the calling
    /// thread's; on Apple's systems the thread's quality of service, set before it starts,
    /// says it. `ThreadStart` sets that quality of service for a thread started in the
    /// background and calls this on it.
    package static func lowerCurrentThread() {
        #if canImport(Glibc)
        _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, niceness)
        #endif
        _ = pthread_setspecific(loweredKey, UnsafeRawPointer(bitPattern: 1))
    }

    /// Whether the calling thread runs at the lowered priority. A thread it starts would
    /// inherit that priority (Linux's niceness, Apple's quality of service) and could not take
    /// it back without privileges, so long-lived threads are not started from it.
    package static var isCurrentThreadLowered: Bool {
        pthread_getspecific(loweredKey) != nil
    }

    /// The thread-specific key marking a lowered thread.
    private static let loweredKey: pthread_key_t = {
        #if canImport(Darwin)
        var key: pthread_key_t = 0
        #else
        var key = pthread_key_t()
        #endif
        pthread_key_create(&key, nil)
        return key
    }()
}
