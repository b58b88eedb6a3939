#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A POSIX mutex with condition variables: the state it guards is read and changed only
/// inside `withLock`, where `wait(_:)` releases the lock until a `signal(_:)` or
/// `broadcast(_:)` of the same condition. Each condition stands for one kind of news (work
/// to take, work finished), so a thread is woken only by what it waits for. They live at
/// fixed addresses of their own, as POSIX requires.
package final class Monitor: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let conditions: UnsafeMutablePointer<pthread_cond_t>
    private let conditionCount: Int

    /// A monitor with conditions 0 ..< `conditions`.
    package init(conditions: Int = 1) {
        conditionCount = conditions
        self.conditions = .allocate(capacity: conditions)
        pthread_mutex_init(mutex, nil)
        for k in 0 ..< conditions { pthread_cond_init(self.conditions + k, nil) }
    }

    deinit {
        for k in 0 ..< conditionCount { pthread_cond_destroy(conditions + k) }
        pthread_mutex_destroy(mutex)
        conditions.deallocate()
        mutex.deallocate()
    }

    /// Runs `body` holding the lock.
    package func withLock<T, Failure: Error>(_ body: () throws(Failure) -> T) throws(Failure) -> T {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }

    /// Inside `withLock` only: releases the lock until `condition` is signalled, then takes it
    /// again. A wait may end without a signal, so callers wait in a loop over what they need.
    package func wait(_ condition: Int = 0) {
        pthread_cond_wait(conditions + condition, mutex)
    }

    /// Wakes one thread waiting for `condition`.
    package func signal(_ condition: Int = 0) {
        pthread_cond_signal(conditions + condition)
    }

    /// Wakes every thread waiting for `condition`.
    package func broadcast(_ condition: Int = 0) {
        pthread_cond_broadcast(conditions + condition)
    }
}
