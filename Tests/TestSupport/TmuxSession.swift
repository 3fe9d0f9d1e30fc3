import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A command running in a detached tmux session of a fixed size, on a private tmux
/// server (`-L`), for testing a terminal program as a person would use it.
///
/// The command line runs under `sh -c`; when it ends, its exit status is written to a file
/// and the pane stays open, so `capturePane()` shows what the terminal looked like
/// after the program left (the shell's screen again if it restored the terminal).
public final class TmuxSession {
    /// Terminal modes of the pane, as tmux tracks them.
    public struct PaneModes: Equatable {
        public init(alternateScreen: Bool, cursorVisible: Bool, mouseReporting: Bool, keypadCursorKeys: Bool) {
            self.alternateScreen = alternateScreen
            self.cursorVisible = cursorVisible
            self.mouseReporting = mouseReporting
            self.keypadCursorKeys = keypadCursorKeys
        }

        public var alternateScreen: Bool
        public var cursorVisible: Bool
        public var mouseReporting: Bool
        public var keypadCursorKeys: Bool
    }

    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// True when a `tmux` executable is on the PATH.
    public static var isAvailable: Bool { (try? run(["tmux", "-V"]).status) == 0 }

    public let socket: String
    private let directory: URL
    private var exitFile: URL { directory.appendingPathComponent("exit-status") }
    private var isKilled = false

    /// Starts `command` (a shell command line) in a `columns × rows` window with
    /// `TERM=term` and `environment` added.
    public init(command: String, columns: Int = 80, rows: Int = 24, term: String = "tmux-256color",
         environment: [String: String] = [:]) throws {
        socket = "webnav-test-\(getpid())-\(UUID().uuidString.prefix(8))"
        directory = FileManager.default.temporaryDirectory.appendingPathComponent(socket)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let configuration = directory.appendingPathComponent("tmux.conf")
        try """
            set -g default-terminal "\(term)"
            set -g status off
            set -g escape-time 0
            set -g history-limit 0
            set -g set-clipboard on

            """.write(to: configuration, atomically: true, encoding: .utf8)
        let wrapped = "sh -c \(Self.quoted(command)); echo $? > \(Self.quoted(exitFile.path)); exec sleep 86400"
        var arguments = ["tmux", "-L", socket, "-f", configuration.path, "new-session", "-d", "-s", "main",
                         "-x", String(columns), "-y", String(rows)]
        for (name, value) in environment.sorted(by: { $0.key < $1.key }) { arguments += ["-e", "\(name)=\(value)"] }
        arguments.append(wrapped)
        // The server that new-session starts keeps any pipe it inherits open: no capture.
        // It starts without this process's colour and size settings (`swift test` sets
        // NO_COLOR), so that the pane is the same wherever the tests run.
        let inherited = ProcessInfo.processInfo.environment.filter {
            !["NO_COLOR", "COLORTERM", "LINES", "COLUMNS", "TMUX", "TMUX_PANE"].contains($0.key)
        }
        let result = try Self.run(arguments, capturing: false, environment: inherited)
        guard result.status == 0 else { throw Failure(description: "tmux new-session failed with status \(result.status)") }
    }

    deinit {
        kill()
    }

    /// Sends tmux key names: `"Up"`, `"BTab"`, `"Enter"`, `"C-c"`, `"q"`.
    public func sendKeys(_ keys: String...) {
        _ = try? Self.run(["tmux", "-L", socket, "send-keys", "-t", "main"] + keys)
    }

    /// Types `text` literally.
    public func sendText(_ text: String) {
        _ = try? Self.run(["tmux", "-L", socket, "send-keys", "-t", "main", "-l", text])
    }

    /// Sends raw bytes, such as a mouse report.
    public func sendBytes(_ bytes: [UInt8]) {
        _ = try? Self.run(["tmux", "-L", socket, "send-keys", "-t", "main", "-H"] + bytes.map { String($0, radix: 16) })
    }

    /// The visible rows of the pane, trailing spaces trimmed; with `escapes`, with the SGR
    /// sequences of their attributes and colours.
    public func capturePane(escapes: Bool = false) -> [String] {
        let options = escapes ? ["-p", "-e"] : ["-p"]
        guard let result = try? Self.run(["tmux", "-L", socket, "capture-pane"] + options + ["-t", "main"]) else { return [] }
        var lines = result.output.components(separatedBy: "\n")
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    /// Polls the pane until some row contains `text`; false after `timeout` seconds.
    @discardableResult
    public func waitFor(text: String, timeout: TimeInterval = 5) -> Bool {
        waitUntil(timeout: timeout) { capturePane().contains { $0.contains(text) } }
    }

    /// Polls the pane until `condition` holds for its rows; false after `timeout` seconds.
    @discardableResult
    public func waitForPane(timeout: TimeInterval = 5, _ condition: ([String]) -> Bool) -> Bool {
        waitUntil(timeout: timeout) { condition(capturePane()) }
    }

    /// The newest paste buffer: what a program copied with OSC 52 (`set-clipboard on`).
    public func pasteBuffer() -> String? {
        guard let result = try? Self.run(["tmux", "-L", socket, "show-buffer"]), result.status == 0 else { return nil }
        return result.output
    }

    /// The command's exit status once it has ended (128 + n after signal n), or nil
    /// when it is still running after `timeout` seconds.
    public func waitForExit(timeout: TimeInterval = 5) -> Int32? {
        var status: Int32?
        _ = waitUntil(timeout: timeout) {
            let text = try? String(contentsOf: exitFile, encoding: .utf8)
            status = text.flatMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
            return status != nil
        }
        return status
    }

    public func resize(columns: Int, rows: Int) {
        _ = try? Self.run(["tmux", "-L", socket, "resize-window", "-t", "main", "-x", String(columns), "-y", String(rows)])
    }

    public func paneModes() -> PaneModes? {
        let format = "#{alternate_on} #{cursor_flag} #{mouse_any_flag} #{keypad_cursor_flag}"
        guard let result = try? Self.run(["tmux", "-L", socket, "display-message", "-p", "-t", "main", format]) else {
            return nil
        }
        let flags = result.output.split(separator: " ").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) == "1" }
        guard flags.count == 4 else { return nil }
        return PaneModes(alternateScreen: flags[0], cursorVisible: flags[1], mouseReporting: flags[2],
                         keypadCursorKeys: flags[3])
    }

    /// The process id of the running program: the innermost process under the pane's
    /// shell (the `sh -c` that runs the command line, or what it started).
    public func commandProcessID() -> pid_t? {
        guard let result = try? Self.run(["tmux", "-L", socket, "display-message", "-p", "-t", "main", "#{pane_pid}"]),
              let shell = Int32(result.output.trimmingCharacters(in: .whitespacesAndNewlines)),
              var process = Self.childProcessIDs(of: shell).first else { return nil }
        while let child = Self.childProcessIDs(of: process).first { process = child }
        return process
    }

    /// The processes whose parent is `parent`, read from /proc.
    private static func childProcessIDs(of parent: pid_t) -> [pid_t] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { entry -> pid_t? in
            guard let pid = pid_t(entry),
                  let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                  let end = stat.lastIndex(of: ")") else { return nil }
            let fields = stat[stat.index(after: end)...].split(separator: " ")
            return fields.count > 1 && pid_t(fields[1]) == parent ? pid : nil
        }.sorted()
    }

    /// Sends `signal` to the command.
    public func signal(_ signal: Int32) {
        if let pid = commandProcessID() { Glibc.kill(pid, signal) }
    }

    /// Stops the tmux server and everything in it.
    public func kill() {
        guard !isKilled else { return }
        isKilled = true
        _ = try? Self.run(["tmux", "-L", socket, "kill-server"])
        try? FileManager.default.removeItem(at: directory)
    }

    public func waitUntil(timeout: TimeInterval, _ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            if condition() { return true }
            if Date() > deadline { return false }
            Thread.sleep(forTimeInterval: 0.05)
        }
    }

    private static func quoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// Runs a command from the PATH with standard input from /dev/null and returns its
    /// exit status and output. posix_spawn and waitpid rather than Foundation's
    /// Process, whose `waitUntilExit` can miss the exit of a tmux client that has
    /// just started a server.
    @discardableResult
    private static func run(
        _ arguments: [String], capturing: Bool = true, environment: [String: String]? = nil
    ) throws -> (status: Int32, output: String) {
        var pipe: [Int32] = [-1, -1]
        if capturing {
            guard Glibc.pipe(&pipe) == 0 else { throw Failure(description: "pipe: \(errno)") }
            for end in pipe { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        if capturing {
            posix_spawn_file_actions_adddup2(&actions, pipe[1], 1)
            posix_spawn_file_actions_adddup2(&actions, pipe[1], 2)
        } else {
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
            posix_spawn_file_actions_adddup2(&actions, 1, 2)
        }
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var environmentStrings: [UnsafeMutablePointer<CChar>?]? = environment.map {
            $0.map { strdup("\($0.key)=\($0.value)") } + [nil]
        }
        defer { environmentStrings?.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned: Int32
        if environmentStrings != nil {
            spawned = posix_spawnp(&pid, arguments[0], &actions, nil, &argv, &environmentStrings!)
        } else {
            spawned = posix_spawnp(&pid, arguments[0], &actions, nil, &argv, environ)
        }
        if capturing { close(pipe[1]) }
        guard spawned == 0 else {
            if capturing { close(pipe[0]) }
            throw Failure(description: "cannot run \(arguments[0]): \(spawned)")
        }
        var output: [UInt8] = []
        if capturing {
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(pipe[0], $0.baseAddress, $0.count) }
                if count > 0 { output += buffer[0..<count] } else if count == 0 || errno != EINTR { break }
            }
            close(pipe[0])
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        let exitStatus = status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        return (exitStatus, String(decoding: output, as: UTF8.self))
    }
}
