import AppShell
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Glibc
import NavigatorCore
import PageKit

/// `webnav push FILE.apns`: delivers a notification payload to a running terminal UI through
/// its control socket, as `xcrun simctl push` delivers one to a simulator.
enum PushCommand {
    static let spec = CommandSpec(
        name: "push", operands: "FILE.apns|-", brief: "a push notification to the running terminal UI",
        summary: "Deliver a push notification payload (the JSON xcrun simctl push takes; - reads stdin) to the running terminal UI.",
        options: [OptionSpec(name: "pid", valueName: "PID", help: "the terminal UI to deliver to, when several are running")],
        positionalName: "one payload file (or - for stdin)", minimumPositionals: 1, maximumPositionals: 1,
        details: """
        The terminal UI listens on $XDG_RUNTIME_DIR/webnav-UID-PID.sock (else in webnav-UID in the temporary folder, \
        made private); push sends only to a socket of yours, and removes one whose process is gone. The payload is \
        checked here (JSON, aps, alert, 4096 bytes), then by the UI against its profile (bundle id, categories). \
        Exit status: 0 delivered, 2 a bad payload or no terminal UI listening.
        """,
        operandValues: .payloads
    )

    static func run(_ arguments: ParsedArguments) throws(UserError) -> Int32 {
        let source = arguments.positionals[0]
        let name = source == "-" ? "stdin" : source
        let pid = try arguments.integer("pid", in: 1...Int(Int32.max)).map(Int32.init)
        let bytes = try read(source)
        // What can be checked without the app's profile is checked before anything is sent.
        let errors = NotificationPayload.parse(bytes).problems.filter { $0.severity == .error }
        guard errors.isEmpty else { throw UserError(errors.map(Self.text).joined(separator: "; "), path: name) }
        let folder = try ControlSocket.folder(environment: ProcessInfo.processInfo.environment)
        let reply = try send(bytes, to: try target(in: folder, pid: pid))
        guard let status = reply.first, status == "ok" || status == "error" else {
            throw UserError("the terminal UI gave an answer webnav does not understand: \(reply.joined(separator: " / "))")
        }
        let problems = reply.dropFirst().filter { $0.hasPrefix("warning ") || $0.hasPrefix("error ") }
        guard status == "ok" else {
            let refused = problems.filter { $0.hasPrefix("error ") }.map { String($0.dropFirst("error ".count)) }
            throw UserError(refused.isEmpty ? "the terminal UI refused the payload" : refused.joined(separator: "; "), path: name)
        }
        for warning in problems { try StandardStream.error.line("\(name): warning: \(warning.dropFirst("warning ".count))") }
        for line in reply.dropFirst() where line.hasPrefix("delivered") { try StandardStream.output.line(line) }
        return 0
    }

    /// `CODE: message`, as the error line shows a payload's problem.
    private static func text(_ problem: PayloadProblem) -> String {
        "\(problem.code): \(problem.message)"
    }

    /// The payload's bytes, at most the control socket's limit.
    private static func read(_ source: String) throws(UserError) -> [UInt8] {
        let limit = ControlSocket.requestLimit
        if source == "-" {
            guard let bytes = ControlSocket.readAll(STDIN_FILENO, limit: limit) else {
                throw UserError("cannot read the payload from stdin: \(String(cString: strerror(errno)))")
            }
            guard bytes.count <= limit else {
                throw UserError("payload-too-large: the payload is over \(limit) bytes; APNs accepts at most \(NotificationPayload.maximumBytes)",
                                path: "stdin")
            }
            return bytes
        }
        let data: Data
        do { data = try FilePageReader().read(URL(fileURLWithPath: source)) } catch {
            throw UserError("cannot read payload: \(ErrorDescription.reason(error))", path: source)
        }
        guard data.count <= limit else {
            throw UserError("payload-too-large: the payload is \(data.count) bytes; APNs accepts at most \(NotificationPayload.maximumBytes)",
                            path: source)
        }
        return Array(data)
    }

    /// The socket to deliver to: the UI with `pid`, else the only one listening. A socket
    /// that is not this user's (or a link) is refused, one whose process is gone removed.
    private static func target(in folder: String, pid: Int32?) throws(UserError) -> String {
        var listening: [(pid: Int32, path: String)] = []
        var silent: [String] = []
        for candidate in ControlSocket.candidates(in: folder) where pid == nil || candidate.pid == pid {
            switch ControlSocket.inspect(candidate.path, pid: candidate.pid) {
            case .refused(let reason):
                try StandardStream.error.line("webnav: warning: not sending to \(candidate.path): \(reason)")
            case .stale:
                unlink(candidate.path)
                try StandardStream.error.line("webnav: removed \(candidate.path): its terminal UI (pid \(candidate.pid)) is gone")
            case .live:
                if canConnect(candidate.path) { listening.append(candidate) } else { silent.append(candidate.path) }
            }
        }
        guard !listening.isEmpty else {
            guard silent.isEmpty else {
                throw UserError("no webnav terminal UI is listening: nobody listens on \(silent.joined(separator: ", ")) (a webnav that ended without removing it?)")
            }
            let which = pid.map { "with pid \($0) " } ?? ""
            throw UserError("no webnav terminal UI \(which)is running: no \(ControlSocket.prefix())\(pid.map(String.init) ?? "*").sock in \(folder) (start one with webnav)")
        }
        guard listening.count == 1 else {
            let pids = listening.map { String($0.pid) }.joined(separator: ", ")
            throw UserError("\(listening.count) webnav terminal UIs are listening (pids \(pids)): choose one with --pid PID")
        }
        return listening[0].path
    }

    /// Whether something accepts connections at `path`.
    private static func canConnect(_ path: String) -> Bool {
        guard let descriptor = try? connect(path) else { return false }
        close(descriptor)
        return true
    }

    private static func connect(_ path: String) throws(UserError) -> Int32 {
        guard var address = ControlSocket.address(path) else { throw UserError("the socket's path is too long: \(path)") }
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw UserError("cannot open a socket: \(String(cString: strerror(errno)))") }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard connected == 0 else {
            let reason = String(cString: strerror(errno))
            close(descriptor)
            throw UserError("nobody listens on \(path) (\(reason))")
        }
        ControlSocket.setTimeouts(descriptor, seconds: ControlSocket.timeoutSeconds)
        return descriptor
    }

    /// Sends the payload and reads the answer's lines.
    private static func send(_ bytes: [UInt8], to path: String) throws(UserError) -> [String] {
        let descriptor = try connect(path)
        defer { close(descriptor) }
        guard ControlSocket.writeAll(descriptor, bytes), shutdown(descriptor, Int32(SHUT_WR)) == 0 else {
            throw UserError("cannot send the payload to \(path): \(String(cString: strerror(errno)))")
        }
        guard let answer = ControlSocket.readAll(descriptor, limit: 1 << 20), !answer.isEmpty else {
            throw UserError("the terminal UI at \(path) did not answer within \(ControlSocket.timeoutSeconds) s")
        }
        return String(decoding: answer, as: UTF8.self).split(separator: "\n").map(String.init)
    }
}
