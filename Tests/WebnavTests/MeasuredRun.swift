import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Runs the `webnav` binary with its standard output and error sent to a file, `/dev/full` or
/// nowhere (closed), under a deadline, and reports how it ended, its output and its peak memory.
struct MeasuredRun {
    enum Sink { case captured, full, closed }

    var status: Int32?
    /// The signal that ended it, if one did.
    var signal: Int32?
    var timedOut: Bool
    var stdout: String
    var stderr: String
    /// Peak resident memory, in bytes.
    var peakMemory: Int
    var seconds: Double

    static func run(_ arguments: [String], in folder: URL, stdout: Sink = .captured, stderr: Sink = .captured,
                    deadline: TimeInterval = 60) -> MeasuredRun {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("webnav-run-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let outPath = scratch.appendingPathComponent("out").path, errPath = scratch.appendingPathComponent("err").path
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        for (descriptor, sink, path) in [(Int32(1), stdout, outPath), (Int32(2), stderr, errPath)] {
            switch sink {
            case .captured: posix_spawn_file_actions_addopen(&actions, descriptor, path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
            case .full: posix_spawn_file_actions_addopen(&actions, descriptor, "/dev/full", O_WRONLY, 0)
            case .closed: posix_spawn_file_actions_addclose(&actions, descriptor)
            }
        }
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = nil
        environment["SWIFT_BACKTRACE"] = "enable=no"
        // `sh` changes folder and becomes webnav (exec keeps the process, so its usage is webnav's).
        let command = ["/bin/sh", "-c", "cd \"$1\" || exit 97; shift; exec \"$@\"", "sh", folder.path, WebnavProcess.executable.path] + arguments
        let argv = command.map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid: pid_t = 0
        let start = Date()
        guard posix_spawn(&pid, "/bin/sh", &actions, nil, argv, envp) == 0 else {
            return MeasuredRun(status: nil, signal: nil, timedOut: false, stdout: "", stderr: "spawn failed", peakMemory: 0, seconds: 0)
        }
        var waitStatus: Int32 = 0
        var usage = rusage()
        var timedOut = false
        while true {
            let result = wait4(pid, &waitStatus, WNOHANG, &usage)
            if result == pid { break }
            if Date().timeIntervalSince(start) > deadline {
                timedOut = true
                kill(pid, SIGKILL)
                _ = wait4(pid, &waitStatus, 0, &usage)
                break
            }
            usleep(2_000)
        }
        let seconds = Date().timeIntervalSince(start)
        let exited = waitStatus & 0x7F == 0
        let read = { (path: String) in (try? String(contentsOfFile: path, encoding: .utf8)) ?? "" }
        return MeasuredRun(status: exited ? (waitStatus >> 8) & 0xFF : nil, signal: exited ? nil : waitStatus & 0x7F, timedOut: timedOut,
                           stdout: read(outPath), stderr: read(errPath), peakMemory: Int(usage.ru_maxrss) * 1024, seconds: seconds)
    }
}
