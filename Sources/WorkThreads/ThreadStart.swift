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

    /// Whether the system gives `count` more threads now: starts that many threads that wait
    /// until all have started (or one was refused), then ends and joins them, so their places
    /// are free again on return. For a C library that starts threads of its own and, refused
    /// one, waits for it for ever (libde265): asked first, a process short of threads gets an
    /// error instead. Another process may take the places afterwards; nothing can be reserved.
    package static func systemGives(threads count: Int) -> Bool {
        guard count > 0 else { return true }
        let gate = ProbeGate()
        var threads: [pthread_t] = []
        var allStarted = true
        for _ in 0 ..< count {
            #if canImport(Darwin)
            var thread: pthread_t?
            #else
            var thread = pthread_t()
            #endif
            let context = Unmanaged.passRetained(gate).toOpaque()
            let result = pthread_create(&thread, nil, { argument in
                // Optional on Linux, not on Apple's systems.
                let given: UnsafeMutableRawPointer? = argument
                Unmanaged<ProbeGate>.fromOpaque(given!).takeRetainedValue().waitUntilOpen()
                return nil
            }, context)
            guard result == 0 else {
                Unmanaged<ProbeGate>.fromOpaque(context).release()
                allStarted = false
                break
            }
            #if canImport(Darwin)
            threads.append(thread!)
            #else
            threads.append(thread)
            #endif
        }
        gate.open()
        for thread in threads { pthread_join(thread, nil) }
        return allStarted
    }

    /// What the threads `systemGives(threads:)` starts wait for before they end.
    private final class ProbeGate: @unchecked Sendable {
        private let monitor = Monitor()
        private var isOpen = false

        func waitUntilOpen() {
            monitor.withLock { while !isOpen { monitor.wait() } }
        }

        func open() {
            monitor.withLock {
                isOpen = true
                monitor.broadcast()
            }
        }
    }

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
