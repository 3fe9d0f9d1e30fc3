import Glibc

/// Threads of webnav's own (pthreads), for work that blocks: a host's queue, a socket's
/// listener, the flow runner's jobs.
public enum Threads {
    /// Starts `body` on a new detached thread; `stackSize` in bytes (the system's default when
    /// nil). Returns false when the system could not make a thread.
    @discardableResult
    public static func start(name: String? = nil, stackSize: Int? = nil, _ body: @escaping @Sendable () -> Void) -> Bool {
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        if let stackSize { pthread_attr_setstacksize(&attributes, max(stackSize, 1 << 16)) }
        let box = Unmanaged.passRetained(ThreadBody(name: name, body: body))
        var thread = pthread_t()
        let created = pthread_create(&thread, &attributes, { context in
            let body = Unmanaged<ThreadBody>.fromOpaque(context!).takeRetainedValue()
            if let name = body.name { nameCurrentThread(name) }
            body.body()
            return nil
        }, box.toOpaque())
        if created != 0 {
            box.release()
            return false
        }
        return true
    }

    /// Sleeps the calling thread for `duration`.
    public static func sleep(for duration: Duration) {
        let (seconds, attoseconds) = duration.components
        guard seconds >= 0 else { return }
        var request = timespec(tv_sec: Int(seconds), tv_nsec: Int(attoseconds / 1_000_000_000))
        var remaining = timespec()
        while nanosleep(&request, &remaining) != 0 && errno == EINTR { request = remaining }
    }
}

/// Names the calling thread for `top -H` and debuggers (Glibc's module does not export
/// `pthread_setname_np`; the kernel keeps 15 bytes).
private func nameCurrentThread(_ name: String) {
    let descriptor = open("/proc/thread-self/comm", O_WRONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return }
    let bytes = Array(name.utf8.prefix(15))
    _ = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    close(descriptor)
}

private final class ThreadBody {
    let name: String?
    let body: @Sendable () -> Void

    init(name: String?, body: @escaping @Sendable () -> Void) {
        self.name = name
        self.body = body
    }
}
