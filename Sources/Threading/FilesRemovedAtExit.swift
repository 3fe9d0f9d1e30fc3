import Glibc

/// Files removed however the process ends: at `exit`, when SIGINT, SIGTERM, SIGHUP or SIGQUIT
/// ends it, and on a crash (SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE). The terminal
/// UI's control socket is one: a socket left behind names a UI that is gone.
///
/// The handlers are async-signal-safe: they `unlink(2)` paths copied in advance into memory
/// that is never freed, then raise the signal again, a termination signal with its default
/// action (the exit status stays the signal's), a crash with the handler that was there
/// before (the Swift backtracer). A signal ignored when the first file is added (SIGHUP under
/// `nohup`) stays ignored. `TerminalRestoration`, whose handlers replace these while the
/// terminal UI runs, calls `removeAll` from its own.
public enum FilesRemovedAtExit {
    static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE]

    /// Removes `path` when the process ends, unless `remove` came first.
    public static func add(_ path: String) {
        installHandlers()
        for index in 0..<state.pointee.capacity where state.pointee.paths[index] == nil {
            state.pointee.paths[index] = strdup(path)
            return
        }
    }

    /// Removes `path` now and forgets it.
    public static func remove(_ path: String) {
        for index in 0..<state.pointee.capacity {
            guard let kept = state.pointee.paths[index], String(cString: kept) == path else { continue }
            // Forgotten before the file goes, and never freed: a handler may be reading it.
            state.pointee.paths[index] = nil
        }
        unlink(path)
    }

    /// Makes what the handlers read, so that `removeAll` allocates nothing in a handler; for
    /// handlers of others that call it.
    public static func prepare() {
        _ = state
    }

    /// Removes every file still kept; async-signal-safe once `add` or `prepare` ran.
    public static func removeAll() {
        for index in 0..<state.pointee.capacity {
            if let path = state.pointee.paths[index] { unlink(path) }
        }
    }

    private static func installHandlers() {
        guard !state.pointee.handlersInstalled else { return }
        state.pointee.handlersInstalled = true
        atexit { FilesRemovedAtExit.removeAll() }
        var action = sigaction()
        action.__sigaction_handler.sa_sigaction = { signal, _, _ in FilesRemovedAtExit.forward(signal) }
        action.sa_flags = SA_SIGINFO | SA_ONSTACK
        sigemptyset(&action.sa_mask)
        for signal in signals { sigaddset(&action.sa_mask, signal) }
        for signal in signals {
            sigaction(signal, nil, &state.pointee.previousActions[Int(signal)])
            let previous = unsafeBitCast(state.pointee.previousActions[Int(signal)].__sigaction_handler.sa_handler, to: Int.self)
            if previous == 1 { continue } // SIG_IGN
            sigaction(signal, &action, nil)
        }
    }

    private static func forward(_ signal: Int32) {
        removeAll()
        raiseAgain(signal, previous: state.pointee.previousActions + Int(signal))
    }

    /// Raises a signal its handler caught again, async-signal-safely: a termination signal
    /// (SIGINT, SIGTERM, SIGHUP, SIGQUIT) with its default action, unblocked, so the exit
    /// status stays the signal's; a crash with `previous`, the handler that was there before.
    public static func raiseAgain(_ signal: Int32, previous: UnsafeMutablePointer<sigaction>) {
        if signal == SIGINT || signal == SIGTERM || signal == SIGHUP || signal == SIGQUIT {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = SIG_DFL
            sigemptyset(&action.sa_mask)
            sigaction(signal, &action, nil)
            var unblocked = sigset_t()
            sigemptyset(&unblocked)
            sigaddset(&unblocked, signal)
            pthread_sigmask(SIG_UNBLOCK, &unblocked, nil)
        } else {
            sigaction(signal, previous, nil)
        }
        raise(signal)
    }

    /// Everything the handlers read, in memory that is never freed or moved.
    private struct State {
        let capacity = 8
        let paths: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?> = {
            let paths = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: 8)
            paths.initialize(repeating: nil, count: 8)
            return paths
        }()
        var handlersInstalled = false
        let previousActions = UnsafeMutablePointer<sigaction>.allocate(capacity: 65)
    }

    /// Reached through a pointer so that a handler interrupting the main code never trips
    /// Swift's exclusivity checks.
    nonisolated(unsafe) private static let state: UnsafeMutablePointer<State> = {
        let state = UnsafeMutablePointer<State>.allocate(capacity: 1)
        state.initialize(to: State())
        return state
    }()
}
