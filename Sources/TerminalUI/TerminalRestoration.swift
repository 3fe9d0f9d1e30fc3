import Glibc
import Threading

/// Puts the terminal back when the process dies without `close()`: on SIGINT,
/// SIGTERM, SIGHUP, SIGQUIT, on a crash (SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE)
/// and at `exit`.
///
/// The handlers are async-signal-safe: they `write(2)` a sequence prepared in
/// advance (reset attributes, show the cursor, stop mouse reporting and keypad
/// mode, leave the alternate screen), `tcsetattr` the modes saved before ncurses
/// started, then reinstall the handler that was there before and raise the signal
/// again, so a crash still reaches the Swift backtracer and the exit status stays
/// honest. SIGINT, SIGTERM, SIGHUP and SIGQUIT are raised again with their default
/// action, so the process ends as the signal demands (the Swift backtracer would treat
/// SIGQUIT as a crash and let the program run on); a signal ignored when the terminal
/// was taken (SIGHUP under `nohup`) stays ignored. Only one terminal is guarded at a time.
/// The files of `FilesRemovedAtExit` go too, as its own handlers would remove them.
enum TerminalRestoration {
    static let guardedSignals: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT,
                                          SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE]
    /// The signals that ask the process to end, as opposed to crashes.
    static let terminationSignals: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT]

    /// Saves the terminal modes of `descriptor` and installs the handlers.
    static func begin(descriptor: Int32) {
        end()
        FilesRemovedAtExit.prepare()
        state.pointee.descriptor = -1
        state.pointee.hasModes = tcgetattr(descriptor, &state.pointee.modes) == 0
        state.pointee.sequenceLength = 0
        installAlternateStack()
        if !state.pointee.exitHookInstalled {
            state.pointee.exitHookInstalled = true
            atexit { TerminalRestoration.restore() }
        }
        var action = sigaction()
        action.__sigaction_handler.sa_sigaction = { signal, _, _ in TerminalRestoration.forward(signal) }
        action.sa_flags = SA_SIGINFO | SA_ONSTACK
        sigemptyset(&action.sa_mask)
        for signal in guardedSignals { sigaddset(&action.sa_mask, signal) }
        for signal in guardedSignals {
            sigaction(signal, nil, &state.pointee.previousActions[Int(signal)])
            let previous = unsafeBitCast(state.pointee.previousActions[Int(signal)].__sigaction_handler.sa_handler, to: Int.self)
            if previous == 1 { continue } // SIG_IGN
            sigaction(signal, &action, nil)
        }
        state.pointee.handlersInstalled = true
        state.pointee.descriptor = descriptor
        state.pointee.guardedDescriptor = descriptor
    }

    /// Guards the terminal again after a `restore` that did not end the process (Ctrl-Z).
    static func resume() {
        guard state.pointee.handlersInstalled else { return }
        state.pointee.descriptor = state.pointee.guardedDescriptor
    }

    /// Sets the bytes that undo ncurses' output modes, once terminfo is loaded.
    static func prepare(sequence: [UInt8]) {
        let count = min(sequence.count, state.pointee.sequenceCapacity)
        state.pointee.sequenceLength = 0
        for index in 0..<count { state.pointee.sequence[index] = sequence[index] }
        state.pointee.sequenceLength = count
    }

    /// Uninstalls the handlers after a normal close (which restored the terminal).
    static func end() {
        guard state.pointee.handlersInstalled else { return }
        state.pointee.handlersInstalled = false
        state.pointee.descriptor = -1
        for signal in guardedSignals {
            sigaction(signal, &state.pointee.previousActions[Int(signal)], nil)
        }
    }

    /// Restores the terminal once; async-signal-safe.
    static func restore() {
        let descriptor = state.pointee.descriptor
        guard descriptor >= 0 else { return }
        state.pointee.descriptor = -1
        if state.pointee.sequenceLength > 0 {
            _ = write(descriptor, state.pointee.sequence, state.pointee.sequenceLength)
        }
        if state.pointee.hasModes {
            _ = tcsetattr(descriptor, TCSANOW, &state.pointee.modes)
        }
    }

    private static func forward(_ signal: Int32) {
        restore()
        FilesRemovedAtExit.removeAll()
        FilesRemovedAtExit.raiseAgain(signal, previous: state.pointee.previousActions + Int(signal))
    }

    /// A stack for the handlers, so that a stack overflow can still restore.
    private static func installAlternateStack() {
        var current = stack_t()
        guard sigaltstack(nil, &current) == 0, current.ss_flags & Int32(SS_DISABLE) != 0 else { return }
        let size = 64 * 1024
        var stack = stack_t()
        stack.ss_sp = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 16)
        stack.ss_size = size
        stack.ss_flags = 0
        sigaltstack(&stack, nil)
    }

    /// Everything the handlers read, in memory that is never freed or moved.
    private struct State {
        var descriptor: Int32 = -1
        var guardedDescriptor: Int32 = -1
        var modes = termios()
        var hasModes = false
        var exitHookInstalled = false
        var handlersInstalled = false
        let sequenceCapacity = 512
        let sequence = UnsafeMutablePointer<UInt8>.allocate(capacity: 512)
        var sequenceLength = 0
        let previousActions = UnsafeMutablePointer<sigaction>.allocate(capacity: 65)
    }

    /// Reached through a pointer so that a handler interrupting the main code never
    /// trips Swift's exclusivity checks.
    nonisolated(unsafe) private static let state: UnsafeMutablePointer<State> = {
        let state = UnsafeMutablePointer<State>.allocate(capacity: 1)
        state.initialize(to: State())
        return state
    }()
}
