#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Threading

/// Stops a load from another thread: `cancel()` wakes the waiting transfer at once, and the
/// load ends with `NSURLErrorCancelled` (-999).
public final class LoadCancellation: @unchecked Sendable {
    private let lock = Lock()
    private var cancelled = false
    private var wake: (@Sendable () -> Void)?

    public init() {}

    public func cancel() {
        lock.lock()
        defer { lock.unlock() }
        cancelled = true
        wake?()
    }

    public var isCancelled: Bool {
        lock.lock()
        defer { lock.unlock() }
        return cancelled
    }

    /// Runs `body` with `wake` called by `cancel()` while it runs (under the lock, so `wake`
    /// never runs after `body` returns).
    func whileWaiting<T>(wake: @escaping @Sendable () -> Void, _ body: () -> T) -> T {
        lock.lock()
        self.wake = wake
        lock.unlock()
        defer {
            lock.lock()
            self.wake = nil
            lock.unlock()
        }
        return body()
    }
}
