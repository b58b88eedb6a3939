#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Starts threads of their own and says whether the system gave one.
///
/// Foundation's `Thread.start()` does not report a thread the system refused (too many
/// threads, or no memory for the stack): its block then never runs, and whoever waits for
/// it waits for ever. Here a refusal is an answer: `body` is dropped unrun and the caller
/// fails or does the work another way.
package enum ThreadStart {
    /// Starts a thread that runs a body, with a stack of the given bytes (nil: the process's
    /// default) and, when `background`, at a lower quality of service; false when the system
    /// refused the thread. Callers take one so that tests can refuse threads.
    package typealias Starter = @Sendable (_ stackBytes: Int?, _ background: Bool, _ body: @escaping @Sendable () -> Void) -> Bool

    /// The system's threads: detached POSIX threads. `background` runs the thread at
    /// `BackgroundPriority`: the utility quality of service on Apple's systems, set before it
    /// starts; a niceness the thread sets itself first on Linux.
    package static let system: Starter = detached

    /// What a refused thread is called in an error message.
    package static let refusalDescription =
        "cannot start a thread: the system refused one (too many threads, or no memory for its stack)"

    /// What the new thread runs, and whether it runs in the background.
    private final class Body {
        let run: @Sendable () -> Void
        let background: Bool
        init(_ run: @escaping @Sendable () -> Void, background: Bool) {
            self.run = run
            self.background = background
        }
    }

    @Sendable private static func detached(stackBytes: Int?, background: Bool, _ body: @escaping @Sendable () -> Void) -> Bool {
        var attributes = pthread_attr_t()
        guard pthread_attr_init(&attributes) == 0 else { return false }
        defer { pthread_attr_destroy(&attributes) }
        guard pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED)) == 0 else { return false }
        if let stackBytes, pthread_attr_setstacksize(&attributes, stackBytes) != 0 { return false }
        #if canImport(Darwin)
        if background { _ = pthread_attr_set_qos_class_np(&attributes, QOS_CLASS_UTILITY, 0) }
        var thread: pthread_t?
        #else
        var thread = pthread_t()
        #endif
        let context = Unmanaged.passRetained(Body(body, background: background)).toOpaque()
        let result = pthread_create(&thread, &attributes, { argument in
            // Optional on Linux, not on Apple's systems.
            let given: UnsafeMutableRawPointer? = argument
            let body = Unmanaged<Body>.fromOpaque(given!).takeRetainedValue()
            if body.background { BackgroundPriority.lowerCurrentThread() }
            body.run()
            return nil
        }, context)
        guard result == 0 else {
            Unmanaged<Body>.fromOpaque(context).release()
            return false
        }
        return true
    }
}
