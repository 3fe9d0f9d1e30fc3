#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif
import NavigatorCore

/// One test for a worker to run.
public enum ConformanceJob: Codable, Equatable, Sendable {
    case treeConstruction(TreeConstructionTest)
    case wpt(WPTTest)

    /// `html5lib/FILE#N` or `wpt/PATH`: the names the must-pass list uses.
    public var id: String {
        switch self {
        case .treeConstruction(let test): return "html5lib/" + test.id
        case .wpt(let test): return "wpt/" + test.id
        }
    }
}

/// What a worker answered for a job.
public enum ConformanceJobResult: Codable, Equatable, Sendable {
    case treeConstruction(TreeConstructionResult)
    case wpt(WPTFileResult)

    /// The result a job gets when its worker died or was stopped.
    static func stopped(_ job: ConformanceJob, outcome: WPTOutcome, message: String) -> ConformanceJobResult {
        switch job {
        case .treeConstruction(let test):
            return .treeConstruction(TreeConstructionResult(id: test.id, passed: false, fragment: test.fragmentContext != nil,
                                                            expected: test.expected, actual: "#\(outcome.rawValue): \(message)"))
        case .wpt(let test):
            return .wpt(WPTFileResult(id: test.id, folder: test.folder, outcome: outcome, message: message, subtests: [],
                                      needsTestdriver: test.needsTestdriver, scriptErrors: []))
        }
    }
}

/// The worker's side: one job per line of JSON on standard input, one result per line on
/// standard output, until standard input ends.
public enum ConformanceWorker {
    public static func serve(conformanceRoot: String, limits: ConformanceDriver.Limits = .init()) -> Int32 {
        let driver: ConformanceDriver
        do {
            driver = try ConformanceDriver(limits: limits)
        } catch {
            _ = writeAll(STDERR_FILENO, Array("webnav: error: the script engine did not start: \(error.message)\n".utf8))
            return 2
        }
        let server = WPTServer(root: conformanceRoot + "/wpt")
        let decoder = JSONDecoder()
        let encoder = JSONEncoder()
        var input = LineReader(descriptor: STDIN_FILENO)
        while let line = input.next() {
            guard let job = try? decoder.decode(ConformanceJob.self, from: Data(line)) else {
                _ = writeAll(STDERR_FILENO, Array("webnav: error: not a conformance job: \(String(decoding: line.prefix(200), as: UTF8.self))\n".utf8))
                return 2
            }
            let result: ConformanceJobResult
            switch job {
            case .treeConstruction(let test): result = .treeConstruction(driver.run(test))
            case .wpt(let test): result = .wpt(driver.run(test, server: server))
            }
            guard let data = try? encoder.encode(result) else { return 2 }
            var bytes = [UInt8](data)
            bytes.append(UInt8(ascii: "\n"))
            guard writeAll(STDOUT_FILENO, bytes) else { return 2 }
        }
        return 0
    }
}

/// Runs jobs in worker processes (this executable with the worker's arguments), one job in
/// flight per worker, so that a crash or a hang costs one job: a worker that dies or runs over
/// the real-time cap is killed, its job gets a `CRASH` or `REAL-TIME-CAP` result, and a new
/// worker takes the next job.
public final class ConformanceWorkerPool {
    private struct Worker {
        var pid: pid_t
        var input: Int32
        var output: Int32
        var log: String
        var buffer: [UInt8] = []
        var job: Int?
        var started = ContinuousClock.now
    }

    let executable: String
    let arguments: [String]
    let count: Int
    /// Real time after which a worker is killed (beyond the driver's own cap, checked between tasks).
    let killAfter: Duration
    private var workers: [Worker?] = []
    private var nextLog = 0

    public init(executable: String, arguments: [String], count: Int, killAfter: Duration) {
        self.executable = executable
        self.arguments = arguments
        self.count = max(1, count)
        self.killAfter = killAfter
    }

    /// Every job's result, in the jobs' order; `progress` is called after each with the number done.
    public func run(_ jobs: [ConformanceJob], progress: (Int) -> Void = { _ in }) throws(ConformanceRunError) -> [ConformanceJobResult] {
        signal(SIGPIPE, SIG_IGN)
        let encoder = JSONEncoder()
        let decoder = JSONDecoder()
        var results = [ConformanceJobResult?](repeating: nil, count: jobs.count)
        var next = 0
        var done = 0
        defer { stopAll() }
        // A slot is empty until it has a job to run, and again after its worker ended.
        workers = Array(repeating: nil, count: min(count, jobs.count))
        func finish(job: Int, with result: ConformanceJobResult) {
            results[job] = result
            done += 1
            progress(done)
        }
        while done < jobs.count {
            for index in workers.indices where workers[index]?.job == nil && next < jobs.count {
                if let idle = workers[index], let status = Self.exitStatus(of: idle.pid) {
                    _ = reap(idle, status: status)
                    workers[index] = nil
                }
                if workers[index] == nil { workers[index] = try spawn() }
                guard let data = try? encoder.encode(jobs[next]) else { throw ConformanceRunError("a job could not be encoded") }
                workers[index]!.job = next
                workers[index]!.started = .now
                next += 1
                // A worker that is gone shows as the end of its output below.
                _ = writeAll(workers[index]!.input, [UInt8](data) + [UInt8(ascii: "\n")])
            }
            let busy = workers.indices.filter { workers[$0]?.job != nil }
            var descriptors = busy.map { pollfd(fd: workers[$0]!.output, events: Int16(POLLIN), revents: 0) }
            _ = poll(&descriptors, nfds_t(descriptors.count), 200)
            for (slot, index) in busy.enumerated() {
                guard let worker = workers[index], let job = worker.job else { continue }
                if descriptors[slot].revents != 0 {
                    var chunk = [UInt8](repeating: 0, count: 65536)
                    let count = read(worker.output, &chunk, chunk.count)
                    if count > 0 {
                        workers[index]!.buffer += chunk[0..<count]
                        if let newline = workers[index]!.buffer.firstIndex(of: UInt8(ascii: "\n")) {
                            let line = Data(workers[index]!.buffer[..<newline])
                            workers[index]!.buffer.removeSubrange(...newline)
                            guard let result = try? decoder.decode(ConformanceJobResult.self, from: line) else {
                                throw ConformanceRunError("a worker answered something that is not a result: \(String(decoding: line.prefix(200), as: UTF8.self))")
                            }
                            workers[index]!.job = nil
                            finish(job: job, with: result)
                        }
                        continue
                    }
                    if count < 0, errno == EINTR || errno == EAGAIN { continue }
                    workers[index] = nil
                    finish(job: job, with: .stopped(jobs[job], outcome: .crash, message: reap(worker)))
                } else if let status = Self.exitStatus(of: worker.pid) {
                    // Ended without closing its output: something it started (the runtime's
                    // backtracer) holds the pipe open.
                    workers[index] = nil
                    finish(job: job, with: .stopped(jobs[job], outcome: .crash, message: reap(worker, status: status)))
                } else if ContinuousClock.now - worker.started > killAfter {
                    kill(worker.pid, SIGKILL)
                    _ = reap(worker)
                    workers[index] = nil
                    finish(job: job, with: .stopped(jobs[job], outcome: .realTimeCap, message: "killed after \(Self.seconds(killAfter)) s of real time"))
                }
            }
        }
        return results.map { $0! }
    }

    /// A duration in seconds with one decimal.
    static func seconds(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        return FixedPoint.text(Double(seconds) + Double(attoseconds) / 1e18, digits: 1)
    }

    private func spawn() throws(ConformanceRunError) -> Worker {
        var toWorker: [Int32] = [0, 0]
        var fromWorker: [Int32] = [0, 0]
        guard pipe(&toWorker) == 0, pipe(&fromWorker) == 0 else { throw ConformanceRunError("no pipe for a worker: \(String(cString: strerror(errno)))") }
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("webnav-conformance-\(getpid())-\(nextLog).log").path
        nextLog += 1
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, toWorker[0], 0)
        posix_spawn_file_actions_adddup2(&actions, fromWorker[1], 1)
        posix_spawn_file_actions_addopen(&actions, 2, log, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        for descriptor in toWorker + fromWorker { posix_spawn_file_actions_addclose(&actions, descriptor) }
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        // Each worker leads its own process group, so that what a crashed worker started ends with it.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
        posix_spawnattr_setpgroup(&attributes, 0)
        var pid: pid_t = 0
        let status = posix_spawn(&pid, executable, &actions, &attributes, argv, environ)
        close(toWorker[0])
        close(fromWorker[1])
        guard status == 0 else {
            close(toWorker[1])
            close(fromWorker[0])
            throw ConformanceRunError("cannot start a worker (\(executable)): \(String(cString: strerror(status)))")
        }
        _ = fcntl(toWorker[1], F_SETFD, FD_CLOEXEC)
        _ = fcntl(fromWorker[0], F_SETFD, FD_CLOEXEC)
        return Worker(pid: pid, input: toWorker[1], output: fromWorker[0], log: log)
    }

    /// The wait status of a worker that has ended, nil while it runs.
    private static func exitStatus(of pid: pid_t) -> Int32? {
        var status: Int32 = 0
        return waitpid(pid, &status, WNOHANG) == pid ? status : nil
    }

    /// Waits for a dead or killed worker (unless its `status` was already collected), ends what
    /// is left of its process group, and says how it ended, with the last lines it wrote to
    /// standard error.
    private func reap(_ worker: Worker, status collected: Int32? = nil) -> String {
        close(worker.input)
        close(worker.output)
        var status: Int32 = collected ?? 0
        if collected == nil { _ = waitpid(worker.pid, &status, 0) }
        kill(-worker.pid, SIGKILL)
        let signalNumber = status & 0x7F
        var text = signalNumber != 0 ? "the worker died of signal \(signalNumber)" : "the worker exited with status \((status >> 8) & 0xFF)"
        if let bytes = FileManager.default.contents(atPath: worker.log) {
            let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n").suffix(3)
            if !lines.isEmpty { text += ": " + lines.joined(separator: " / ") }
        }
        // A crash's backtrace is worth reading whole; a kill's log is not.
        if signalNumber != 0, signalNumber != SIGKILL {
            text += " (its standard error is kept in \(worker.log))"
        } else {
            unlink(worker.log)
        }
        return text
    }

    /// Ends every worker: idle ones would end at the end of their input, but a killed run must
    /// not wait for one that is busy.
    private func stopAll() {
        for case let worker? in workers {
            kill(worker.pid, SIGKILL)
            _ = reap(worker)
        }
        workers.removeAll()
    }
}

/// Why a run could not go on (no workers, a worker that does not speak the protocol).
public struct ConformanceRunError: Error, Equatable, Sendable {
    public var message: String

    public init(_ message: String) { self.message = message }
}

/// Lines of a descriptor read with read(2) (stdio's `readLine` spins at the end of a pipe once
/// the engine's libraries have run).
struct LineReader {
    let descriptor: Int32
    private var buffer: [UInt8] = []
    private var ended = false

    init(descriptor: Int32) { self.descriptor = descriptor }

    /// The next line without its newline; nil at the end (a last line without one is returned).
    mutating func next() -> [UInt8]? {
        while true {
            if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                let line = Array(buffer[..<newline])
                buffer.removeSubrange(...newline)
                return line
            }
            if ended {
                guard !buffer.isEmpty else { return nil }
                defer { buffer.removeAll() }
                return buffer
            }
            var chunk = [UInt8](repeating: 0, count: 65536)
            let count = read(descriptor, &chunk, chunk.count)
            if count > 0 {
                buffer += chunk[0..<count]
            } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
                ended = true
            } else if errno == EAGAIN {
                var descriptors = [pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)]
                _ = poll(&descriptors, 1, -1)
            }
        }
    }
}

/// Writes every byte, retrying after interruptions; false when the descriptor is gone.
func writeAll(_ descriptor: Int32, _ bytes: [UInt8]) -> Bool {
    var offset = 0
    while offset < bytes.count {
        let written = bytes[offset...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        if written < 0 {
            if errno == EINTR { continue }
            return false
        }
        offset += written
    }
    return true
}
