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

    /// The system's threads: detached POSIX threads. `background` sets the utility quality of
    /// service on Apple's systems; on Linux the body lowers its own niceness
    /// (`BackgroundPriority`).
    package static let system: Starter = { stackBytes, background, body in
        detached(stackBytes: stackBytes, background: background, body)
    }

    /// What a refused thread is called in an error message.
    package static let refusalDescription =
        "cannot start a thread: the system refused one (too many threads, or no memory for its stack)"

    /// A starter that refuses every thread, as a system out of threads does.
    package static let refusing: Starter = { _, _, _ in false }

    private final class Body {
        let run: @Sendable () -> Void
        init(_ run: @escaping @Sendable () -> Void) { self.run = run }
    }

    private static func detached(stackBytes: Int?, background: Bool, _ body: @escaping @Sendable () -> Void) -> Bool {
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
        let context = Unmanaged.passRetained(Body(body)).toOpaque()
        let result = pthread_create(&thread, &attributes, { argument in
            // Optional on Linux, not on Apple's systems.
            let given: UnsafeMutableRawPointer? = argument
            Unmanaged<Body>.fromOpaque(given!).takeRetainedValue().run()
            return nil
        }, context)
        guard result == 0 else {
            Unmanaged<Body>.fromOpaque(context).release()
            return false
        }
        return true
    }
}
