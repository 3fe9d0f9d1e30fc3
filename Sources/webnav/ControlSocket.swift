#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Dispatch
import Threading
import Glibc
import NavigatorCore

/// The terminal UI's control socket: a Unix socket that `webnav push` sends payloads to.
///
/// It lives in a folder only its user can write to: `$XDG_RUNTIME_DIR` (made 0700 by
/// systemd), else `webnav-UID` in the temporary folder, made with mode 0700; either is
/// checked to belong to the user and to be writable by nobody else before a socket is made
/// or looked for there. The socket is `webnav-UID-PID.sock`: per user and per process, so two
/// terminal UIs never share one, and `push` finds every UI of its user by the name, and
/// connects only to a socket (not a link to one) that belongs to the user. The protocol is
/// one exchange per connection: the client sends the payload's bytes and shuts its side
/// down; the UI answers with lines (`ok` or `error`, then one line per problem, then what it
/// delivered) and closes.
enum ControlSocket {
    /// The most bytes a UI reads from a client: more than any payload may be.
    static let requestLimit = 64 * 1024
    /// How long either side waits for the other before giving up.
    static let timeoutSeconds = 5

    /// Where the sockets are: `$XDG_RUNTIME_DIR` when it is a folder, else `webnav-UID` in
    /// `$TMPDIR` or `/tmp` (made when missing); a folder that is not private is an error.
    static func folder(environment: [String: String]) throws(UserError) -> String {
        if let runtime = environment["XDG_RUNTIME_DIR"], !runtime.isEmpty, isFolder(runtime) {
            try checkPrivate(runtime, followingLinks: true)
            return runtime
        }
        var temporary = "/tmp"
        if let folder = environment["TMPDIR"], !folder.isEmpty, isFolder(folder) { temporary = folder }
        let folder = joined(temporary, "webnav-\(getuid())")
        if mkdir(folder, 0o700) != 0, errno != EEXIST {
            throw UserError("cannot make the control socket's folder \(folder): \(String(cString: strerror(errno)))")
        }
        try checkPrivate(folder, followingLinks: false)
        return folder
    }

    /// Fails unless `folder` is a folder of this user that nobody else may write to (so no
    /// one else can plant, replace or remove a socket in it).
    static func checkPrivate(_ folder: String, followingLinks: Bool) throws(UserError) {
        var status = stat()
        guard (followingLinks ? stat(folder, &status) : lstat(folder, &status)) == 0 else {
            throw UserError("cannot use the control socket's folder \(folder): \(String(cString: strerror(errno)))")
        }
        let problem: String?
        switch status.st_mode & S_IFMT {
        case S_IFDIR where status.st_uid != getuid():
            problem = "it belongs to uid \(status.st_uid), not to you (uid \(getuid()))"
        case S_IFDIR where status.st_mode & 0o022 != 0:
            let octal = String(status.st_mode & 0o7777, radix: 8)
            problem = "others may write to it (mode \(String(repeating: "0", count: max(0, 4 - octal.count)) + octal))"
        case S_IFDIR:
            problem = nil
        case S_IFLNK:
            problem = "it is a symbolic link"
        default:
            problem = "it is not a folder"
        }
        if let problem {
            throw UserError("the control socket's folder \(folder) is not private: \(problem); remove it, or set XDG_RUNTIME_DIR to a folder only you can write to")
        }
    }

    /// The prefix every socket of this user starts with.
    static func prefix(uid: uid_t = getuid()) -> String { "webnav-\(uid)-" }

    /// The socket of the process `pid` in `folder`.
    static func path(folder: String, pid: Int32 = getpid()) -> String {
        joined(folder, prefix() + "\(pid).sock")
    }

    /// The sockets of this user's terminal UIs in `folder`, by process id.
    static func candidates(in folder: String) -> [(pid: Int32, path: String)] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        let prefix = prefix()
        return names.compactMap { name -> (Int32, String)? in
            guard name.hasPrefix(prefix), name.hasSuffix(".sock"),
                  let pid = Int32(name.dropFirst(prefix.count).dropLast(".sock".count)), pid > 0 else { return nil }
            return (pid, joined(folder, name))
        }.sorted { $0.0 < $1.0 }
    }

    /// What a candidate is, from `lstat` and its process id.
    enum Candidate: Equatable {
        /// A socket of this user whose process runs: it may be connected to.
        case live
        /// A socket of this user whose process is gone (killed before it could remove it).
        case stale
        /// Something `push` must not connect to, and why.
        case refused(String)
    }

    /// Looks at a candidate without following a link: only a socket that belongs to this user
    /// may be connected to.
    static func inspect(_ path: String, pid: Int32) -> Candidate {
        var status = stat()
        guard lstat(path, &status) == 0 else { return .refused(String(cString: strerror(errno))) }
        switch status.st_mode & S_IFMT {
        case S_IFSOCK: break
        case S_IFLNK: return .refused("it is a symbolic link, not a socket")
        default: return .refused("it is not a socket")
        }
        guard status.st_uid == getuid() else { return .refused("it belongs to uid \(status.st_uid), not to you (uid \(getuid()))") }
        return kill(pid, 0) != 0 && errno == ESRCH ? .stale : .live
    }

    private static func isFolder(_ path: String) -> Bool {
        var isDirectory = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory
    }

    private static func joined(_ folder: String, _ name: String) -> String {
        (folder.hasSuffix("/") ? String(folder.dropLast()) : folder) + "/" + name
    }

    /// A `sockaddr_un` for `path`; nil when the path does not fit (108 bytes on Linux).
    static func address(_ path: String) -> sockaddr_un? {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        guard bytes.count < capacity else { return nil }
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            buffer.copyBytes(from: bytes)
            buffer[bytes.count] = 0
        }
        return address
    }

    /// Sets both timeouts of a connected socket.
    static func setTimeouts(_ descriptor: Int32, seconds: Int) {
        var timeout = timeval(tv_sec: seconds, tv_usec: 0)
        _ = setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        _ = setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }

    /// Reads until end of file, at most `limit` bytes (one more tells that there was more);
    /// nil on an error or a timeout.
    static func readAll(_ descriptor: Int32, limit: Int) -> [UInt8]? {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        while bytes.count <= limit {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count == 0 { return bytes }
            if count < 0 {
                if errno == EINTR { continue }
                return nil
            }
            bytes.append(contentsOf: buffer[0..<count])
        }
        return bytes
    }

    /// Writes every byte; false on an error or a timeout.
    static func writeAll(_ descriptor: Int32, _ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let count = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress! + offset, bytes.count - offset) }
            if count < 0 {
                if errno == EINTR { continue }
                return false
            }
            offset += count
        }
        return true
    }
}

/// The listening side, in the terminal UI: a thread accepts connections one at a time and
/// hands each request to `answer`, whose lines go back to the client.
final class ControlSocketListener: @unchecked Sendable {
    let path: String
    private let descriptor: Int32
    private let lock = Lock()
    private var stopped = false
    /// Signalled when the listener's thread has finished.
    private let finished = DispatchSemaphore(value: 0)
    private var isStarted = false

    /// Binds the socket (only its user may connect); fails with a one-line reason.
    init(path: String) throws(UserError) {
        guard var address = ControlSocket.address(path) else {
            throw UserError("the control socket's path is too long for a Unix socket: \(path) (set XDG_RUNTIME_DIR or TMPDIR to a shorter folder)")
        }
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw UserError("cannot open the control socket: \(String(cString: strerror(errno)))") }
        // A socket left by a process of ours with this very pid (it ended without removing
        // it) is stale: nothing else can have this name in our private folder.
        unlink(path)
        FilesRemovedAtExit.add(path)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard bound == 0, chmod(path, 0o600) == 0, listen(descriptor, 8) == 0 else {
            let reason = String(cString: strerror(errno))
            close(descriptor)
            FilesRemovedAtExit.remove(path)
            throw UserError("cannot listen on the control socket \(path): \(reason)")
        }
        self.path = path
        self.descriptor = descriptor
    }

    /// Starts accepting; `answer` runs on the listener's thread.
    func start(answer: @escaping @Sendable ([UInt8]) -> [String]) {
        isStarted = true
        Threads.start(name: "webnav control socket") { [self] in
            accept(answer: answer)
            finished.signal()
        }
    }

    /// Stops accepting, waits for the thread (so nothing of it runs while the process exits)
    /// and removes the socket file (which `FilesRemovedAtExit` removes on any other way out).
    func stop() {
        lock.lock()
        let wasStopped = stopped
        stopped = true
        lock.unlock()
        guard !wasStopped else { return }
        FilesRemovedAtExit.remove(path)
        if isStarted { _ = finished.wait(timeout: .now() + .seconds(ControlSocket.timeoutSeconds + 1)) }
    }

    deinit {
        lock.lock()
        stopped = true
        lock.unlock()
        close(descriptor)
    }

    private var isStopped: Bool {
        lock.lock()
        defer { lock.unlock() }
        return stopped
    }

    private func accept(answer: @Sendable ([UInt8]) -> [String]) {
        while !isStopped {
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 200) > 0, !isStopped else { continue }
            let client = Glibc.accept(descriptor, nil, nil)
            guard client >= 0 else { continue }
            ControlSocket.setTimeouts(client, seconds: ControlSocket.timeoutSeconds)
            let reply: [String]
            switch ControlSocket.readAll(client, limit: ControlSocket.requestLimit) {
            case let request? where request.isEmpty:
                // `push` looking for a UI that listens: nothing to answer.
                close(client)
                continue
            case let request? where request.count > ControlSocket.requestLimit:
                reply = ["error", "error payload-too-large: the payload is over \(ControlSocket.requestLimit) bytes; APNs accepts at most 4096"]
            case let request?:
                reply = answer(request)
            case nil:
                reply = ["error", "error: the payload did not arrive (the sender stopped or took too long)"]
            }
            _ = ControlSocket.writeAll(client, Array(reply.map { $0 + "\n" }.joined().utf8))
            close(client)
        }
    }
}
