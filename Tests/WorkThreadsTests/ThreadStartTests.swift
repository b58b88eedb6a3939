import Dispatch
import Testing
import WorkThreads

#if canImport(Glibc)
import Glibc
#endif

/// Threads started with `ThreadStart`: the body runs, and a background thread knows it runs
/// lowered (on Linux at the niceness `BackgroundPriority` names) while others do not.
@Suite enum ThreadStartTests {
    /// Runs `body` on a thread started with `background` and returns what it returned.
    static func onThread<T: Sendable>(background: Bool, _ body: @escaping @Sendable () -> T) -> T? {
        let result = Box<T>()
        let done = DispatchSemaphore(value: 0)
        let started = ThreadStart.system(nil, background) {
            result.value = body()
            done.signal()
        }
        guard started, done.wait(timeout: .now() + 60) == .success else { return nil }
        return result.value
    }

    @Test static func aBackgroundThreadRunsLowered() {
        #expect(onThread(background: true) { BackgroundPriority.isCurrentThreadLowered } == true)
        #if canImport(Glibc)
        let base = getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0)
        let niceness = onThread(background: true) { getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0) }
        // A process already running nicer than that keeps its niceness where it cannot lower it.
        #expect(niceness == BackgroundPriority.niceness || base >= BackgroundPriority.niceness)
        #endif
    }

    @Test static func anOrdinaryThreadIsNotLowered() {
        #expect(onThread(background: false) { BackgroundPriority.isCurrentThreadLowered } == false)
        #expect(!BackgroundPriority.isCurrentThreadLowered)
    }

    /// A value written by one thread before a semaphore's signal and read after its wait.
    final class Box<T>: @unchecked Sendable {
        var value: T?
    }
}

/// The question asked before a C library starts threads it cannot do without.
@Suite enum SystemGivesThreadsTests {
    @Test static func aHealthySystemGivesAFewThreadsAndTakesThemBack() {
        for count in [0, 1, 3, 8] { #expect(ThreadStart.systemGives(threads: count)) }
        // The probes were joined: asked many times over, the places are free again each time.
        let everyTime = (0 ..< 200).allSatisfy { _ in ThreadStart.systemGives(threads: 2) }
        #expect(everyTime)
    }
}
