#if canImport(Glibc)
import Glibc
#endif
import Threading

/// How long the thread that runs page code has been inside one call into it, in CPU time,
/// readable from another thread: what lets a host give up on a web view whose promise jobs
/// never end.
///
/// JavaScriptCore's time limit counts each entry into the virtual machine on its own, and
/// each promise job (`await` resuming, a `then` callback) is an entry of its own when the
/// queue drains at the end of an outermost call: `for (;;) await null` runs for ever under
/// any limit. The outermost call still has not returned, so its CPU time is the measure.
/// Once `abandon` succeeds the thread never leaves the call: it stays inside JavaScriptCore
/// (under SCHED_IDLE, so it only takes a core nothing else wants), and whatever it would have
/// changed after the call stays as it was.
public final class ScriptEntryWatch: @unchecked Sendable {
    // @unchecked: every stored property is touched only under `lock`.
    private let lock = Lock()
    private var depth = 0
    private var thread = pthread_t()
    private var cpuClock = clockid_t()
    private var cpuAtEntry: Int64 = 0
    private var abandoned = false

    public init() {}

    /// Whether a watch in this process has given up on its thread: the process then ends with
    /// `_exit` (the thread is still inside JavaScriptCore, which the ordinary exit's
    /// destructors would pull from under it).
    public static var anyAbandoned: Bool {
        abandonedLock.lock()
        defer { abandonedLock.unlock() }
        return abandonedCount > 0
    }

    private static let abandonedLock = Lock()
    nonisolated(unsafe) private static var abandonedCount = 0

    /// Runs `body` (a call into page code) marked as inside; nested calls count with the outermost.
    func whileIn<T>(_ body: () -> T) -> T {
        enter()
        defer { leave() }
        return body()
    }

    private func enter() {
        lock.lock()
        defer { lock.unlock() }
        depth += 1
        guard depth == 1 else { return }
        thread = pthread_self()
        if pthread_getcpuclockid(thread, &cpuClock) != 0 { cpuClock = CLOCK_THREAD_CPUTIME_ID }
        cpuAtEntry = Self.nanoseconds(of: cpuClock) ?? 0
    }

    private func leave() {
        lock.lock()
        depth -= 1
        let stays = abandoned
        lock.unlock()
        // An abandoned thread must not go on to change what the host handed out meanwhile.
        while stays { pause() }
    }

    /// Gives up on the thread when it has spent at least `limitMs` of CPU in the current
    /// outermost call: it never comes back out, and is left the idle scheduling class. True
    /// when given up on (now or before).
    public func abandon(ifInsideLongerThan limitMs: Double) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        if abandoned { return true }
        guard depth > 0, let now = Self.nanoseconds(of: cpuClock), Double(now - cpuAtEntry) / 1e6 >= limitMs else { return false }
        abandoned = true
        var parameters = sched_param()
        parameters.sched_priority = 0
        pthread_setschedparam(thread, Self.idleSchedulingPolicy, &parameters)
        Self.abandonedLock.lock()
        Self.abandonedCount += 1
        Self.abandonedLock.unlock()
        return true
    }

    /// Linux's SCHED_IDLE (`sched.h`), which Glibc's module does not export.
    private static let idleSchedulingPolicy: Int32 = 5

    private static func nanoseconds(of clock: clockid_t) -> Int64? {
        var time = timespec()
        guard clock_gettime(clock, &time) == 0 else { return nil }
        return Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
    }
}
