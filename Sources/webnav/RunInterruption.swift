import Flows
import Glibc
import Threading

/// Ctrl-C during `webnav run`: the flows that finished stay reported (the summary line, and the
/// JUnit report with the others skipped), then the process ends by SIGINT, exit status 130, as
/// a shell and `make` expect of an interrupted program.
///
/// The handler only writes a byte to a pipe (async-signal-safe); a thread of its own reads it
/// and finishes the report, under the lock that printing each result holds, so a result is
/// never cut in the middle.
final class RunInterruption: @unchecked Sendable {
    private let lock = Lock()
    private var results: [FlowResult] = []
    private var isOver = false
    private let finish: @Sendable ([FlowResult]) -> Void

    /// Installs the SIGINT handler; `finish` gets the results delivered so far, once.
    init(finish: @escaping @Sendable ([FlowResult]) -> Void) {
        self.finish = finish
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        let readEnd = ends[0]
        Self.signalled.pointee = ends[1]
        Threads.start(name: "webnav run interruption") { [self] in
            var byte: UInt8 = 0
            while read(readEnd, &byte, 1) < 0 && errno == EINTR {}
            interrupted()
        }
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { _ in
            var byte: UInt8 = 1
            _ = write(RunInterruption.signalled.pointee, &byte, 1)
        }
        sigemptyset(&action.sa_mask)
        sigaction(SIGINT, &action, nil)
    }

    /// Keeps a result and reports it with `report`, unless the run was interrupted meanwhile.
    func deliver(_ result: FlowResult, report: () -> Void) {
        lock.lock()
        defer { lock.unlock() }
        guard !isOver else { return }
        results.append(result)
        report()
    }

    /// The results kept; from now on an interruption changes nothing.
    func end() -> [FlowResult] {
        lock.lock()
        defer { lock.unlock() }
        isOver = true
        return results
    }

    private func interrupted() {
        lock.lock()
        guard !isOver else {
            lock.unlock()
            return
        }
        isOver = true
        finish(results)
        var action = sigaction()
        action.__sigaction_handler.sa_handler = SIG_DFL
        sigemptyset(&action.sa_mask)
        sigaction(SIGINT, &action, nil)
        kill(getpid(), SIGINT)
        // The process ends here; the lock stays taken so nothing more is printed meanwhile.
        while true { pause() }
    }

    /// The pipe's end the handler writes to, set before the handler is installed.
    nonisolated(unsafe) private static let signalled: UnsafeMutablePointer<Int32> = {
        let end = UnsafeMutablePointer<Int32>.allocate(capacity: 1)
        end.initialize(to: -1)
        return end
    }()
}
