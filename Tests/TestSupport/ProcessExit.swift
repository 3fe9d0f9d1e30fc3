import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The exit of a child started with Foundation's `Process`, read without its `waitUntilExit`.
public enum ProcessExit {
    /// Waits for `process` to end and returns its exit status (128 + the signal when a signal
    /// ended it). Foundation on Linux can miss a child's exit: `waitUntilExit` then never
    /// returns while the child stays a zombie (seen with `webnav __conformance` under a
    /// parallel `swift test`). This polls, and reaps the child itself when Foundation has not.
    public static func status(of process: Process) -> Int32 {
        let pid = process.processIdentifier
        while process.isRunning {
            var status: Int32 = 0
            let reaped = waitpid(pid, &status, WNOHANG)
            if reaped == pid {
                let signal = status & 0x7f
                return signal == 0 ? (status >> 8) & 0xff : 128 + signal
            }
            if reaped < 0 && errno == ECHILD { break }
            usleep(2_000)
        }
        while process.isRunning { usleep(1_000) }
        return process.terminationStatus
    }
}
