import Glibc

/// A mutual-exclusion lock (a pthread mutex) for a class that guards its own state.
///
/// Synchronization's `Mutex` only locks around a closure and must hold the state it guards;
/// this keeps the `lock()`/`unlock()` call sites of `NSLock`, which several classes use around
/// early returns and waits.
public final class Lock: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    public init() {
        mutex = .allocate(capacity: 1)
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    public func lock() { pthread_mutex_lock(mutex) }

    public func unlock() { pthread_mutex_unlock(mutex) }

    /// Runs `body` holding the lock.
    public func withLock<Result, Failure: Error>(_ body: () throws(Failure) -> Result) throws(Failure) -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }
}

/// A lock with a condition variable (pthread), as `NSCondition`: `wait` releases the lock while
/// it waits and holds it again when it returns.
public final class Condition: @unchecked Sendable {
    /// A point in time on the monotonic clock, for `wait(until:)`.
    public struct Deadline: Sendable {
        fileprivate var time: timespec

        /// `duration` from now (negative durations are now).
        public init(after duration: Duration) {
            var now = timespec()
            clock_gettime(CLOCK_MONOTONIC, &now)
            let (seconds, attoseconds) = duration.components
            let clamped = max(0, min(seconds, Int64(Int32.max)))
            var nanoseconds = Int(now.tv_nsec) + (seconds < 0 ? 0 : Int(attoseconds / 1_000_000_000))
            var wholeSeconds = Int(now.tv_sec) + Int(clamped)
            if nanoseconds >= 1_000_000_000 {
                nanoseconds -= 1_000_000_000
                wholeSeconds += 1
            }
            time = timespec(tv_sec: wholeSeconds, tv_nsec: nanoseconds)
        }
    }

    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private let condition: UnsafeMutablePointer<pthread_cond_t>

    public init() {
        mutex = .allocate(capacity: 1)
        condition = .allocate(capacity: 1)
        pthread_mutex_init(mutex, nil)
        var attributes = pthread_condattr_t()
        pthread_condattr_init(&attributes)
        pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
        pthread_cond_init(condition, &attributes)
        pthread_condattr_destroy(&attributes)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    public func lock() { pthread_mutex_lock(mutex) }

    public func unlock() { pthread_mutex_unlock(mutex) }

    /// Waits for a signal (or a spurious wake-up: callers wait in a loop on their state).
    public func wait() { pthread_cond_wait(condition, mutex) }

    /// Waits for a signal until `deadline`; false when the deadline passed first.
    public func wait(until deadline: Deadline) -> Bool {
        var time = deadline.time
        return pthread_cond_timedwait(condition, mutex, &time) != ETIMEDOUT
    }

    /// Wakes one waiting thread.
    public func signal() { pthread_cond_signal(condition) }

    /// Wakes every waiting thread.
    public func broadcast() { pthread_cond_broadcast(condition) }
}
