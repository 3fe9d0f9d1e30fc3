import Foundation
import TestSupport
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// The terminal UI's control socket (issue 24, issue 23 item 9): it goes however the UI ends,
/// `push` removes one whose process is gone, connects only to a socket of its own user (never
/// through a link), and uses only a folder nobody else may write to.
final class ControlSocketTests: XCTestCase {
    private var sessions: [TmuxSession] = []
    private var runtime: URL!
    private var descriptors: [Int32] = []

    override func setUpWithError() throws {
        runtime = try WebnavProcess.folder([:])
    }

    override func tearDown() {
        for session in sessions { session.kill() }
        for descriptor in descriptors { close(descriptor) }
        try? FileManager.default.removeItem(at: runtime)
    }

    private let uid = getuid()
    private var prefix: String { "webnav-\(uid)-" }
    private let payload = "Pages/notifications/plain.apns"

    private func push(_ arguments: [String], environment: [String: String]? = nil) throws -> WebnavProcess.Output {
        try WebnavProcess.run(["push"] + arguments, environment: environment ?? ["XDG_RUNTIME_DIR": runtime.path])
    }

    /// The terminal UI (`webnav ARGUMENTS` in the package root) in tmux, with its sockets in `runtime`.
    private func startUI(_ arguments: [String] = []) throws -> TmuxSession {
        guard TmuxSession.isAvailable else { throw XCTSkip("tmux is not installed") }
        let command = (["cd", WebnavProcess.packageRoot.path, "&&", WebnavProcess.executable.path] + arguments)
            .map { $0 == "&&" ? $0 : "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }
            .joined(separator: " ")
        let session = try TmuxSession(command: command, environment: ["XDG_RUNTIME_DIR": runtime.path, "SWIFT_BACKTRACE": "enable=no"])
        sessions.append(session)
        XCTAssertTrue(session.waitFor(text: "depth 1", timeout: 10), pane(session))
        return session
    }

    private func pane(_ session: TmuxSession) -> String {
        "pane:\n" + session.capturePane().joined(separator: "\n")
    }

    private func sockets() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: runtime.path).filter { $0.hasPrefix(prefix) }.sorted()
    }

    /// A socket bound at `path` and listening (kept open until the test ends); its descriptor.
    @discardableResult
    private func listeningSocket(at path: String) -> Int32 {
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
        descriptors.append(descriptor)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: Array(path.utf8) + [0]) }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        XCTAssertEqual(bound, 0, String(cString: strerror(errno)))
        XCTAssertEqual(listen(descriptor, 4), 0)
        return descriptor
    }

    /// A socket file nobody listens on, as a UI that ended without removing it leaves.
    private func leftSocket(at path: String) {
        let descriptor = listeningSocket(at: path)
        descriptors.removeAll { $0 == descriptor }
        close(descriptor)
    }

    /// Whether anyone connected to a listening socket (its descriptor is non-blocking).
    private func wasConnectedTo(_ descriptor: Int32) -> Bool {
        let client = accept(descriptor, nil, nil)
        if client >= 0 { close(client) }
        return client >= 0
    }

    private func mode(_ path: String) -> mode_t {
        var status = stat()
        XCTAssertEqual(lstat(path, &status), 0)
        return status.st_mode & 0o7777
    }

    // MARK: - Every exit path removes the socket

    func testSIGTERMRemovesTheSocketAndRestoresTheTerminal() throws {
        for signal in [SIGTERM, SIGHUP, SIGQUIT] {
            let session = try startUI()
            XCTAssertEqual(try sockets().count, 1, "signal \(signal)")
            session.signal(signal)
            XCTAssertEqual(session.waitForExit(timeout: 10), 128 + signal, pane(session))
            XCTAssertEqual(try sockets(), [], "signal \(signal) leaves no socket behind")
            XCTAssertEqual(session.paneModes(), TmuxSession.PaneModes(alternateScreen: false, cursorVisible: true, mouseReporting: false,
                                                                      keypadCursorKeys: false))
            session.kill()
        }
    }

    /// SIGKILL cannot be caught: the socket stays, and the next `push` removes it.
    func testPushRemovesTheSocketOfAUIThatWasKilled() throws {
        let session = try startUI()
        let left = try sockets()
        XCTAssertEqual(left.count, 1)
        let pid = String(left[0].dropFirst(prefix.count).dropLast(".sock".count))
        session.signal(SIGKILL)
        XCTAssertEqual(session.waitForExit(timeout: 10), 128 + SIGKILL)
        XCTAssertEqual(try sockets(), left)
        let output = try push([payload])
        XCTAssertEqual(output.status, 2)
        XCTAssertEqual(output.stderr, """
            webnav: removed \(runtime.path)/\(left[0]): its terminal UI (pid \(pid)) is gone
            webnav: error: no webnav terminal UI is running: no \(prefix)*.sock in \(runtime.path) (start one with webnav)

            """)
        XCTAssertEqual(try sockets(), [])
    }

    /// A socket whose process is alive but not listening stays (its UI may be starting); one
    /// whose process id cannot exist (above the kernel's pid_max) is removed.
    func testPushKeepsTheSocketOfALiveProcessAndRemovesAStaleOne() throws {
        let pidMax = Int32(try String(contentsOfFile: "/proc/sys/kernel/pid_max", encoding: .utf8)
            .trimmingCharacters(in: .whitespacesAndNewlines)) ?? 4_194_304
        let live = runtime.appendingPathComponent("\(prefix)\(getpid()).sock").path
        let stale = runtime.appendingPathComponent("\(prefix)\(pidMax + 1).sock").path
        leftSocket(at: live)
        leftSocket(at: stale)
        let output = try push([payload])
        XCTAssertEqual(output.status, 2)
        XCTAssertEqual(output.stderr, """
            webnav: removed \(stale): its terminal UI (pid \(pidMax + 1)) is gone
            webnav: error: no webnav terminal UI is listening: nobody listens on \(live) (a webnav that ended without removing it?)

            """)
        XCTAssertEqual(try sockets(), ["\(prefix)\(getpid()).sock"])
    }

    // MARK: - Only this user's sockets, in a private folder

    /// A socket planted under another uid, and a link to a socket: `push` connects to neither.
    func testPushRefusesASocketOfAnotherUserAndALinkToOne() throws {
        guard uid == 0 else { throw XCTSkip("planting a socket of another user needs root") }
        let planted = runtime.appendingPathComponent("\(prefix)\(getpid()).sock").path
        let plantedListener = listeningSocket(at: planted)
        XCTAssertEqual(chown(planted, 65534, 65534), 0)
        let outside = try WebnavProcess.folder([:])
        defer { try? FileManager.default.removeItem(at: outside) }
        let target = outside.appendingPathComponent("real.sock").path
        let linkedListener = listeningSocket(at: target)
        let link = runtime.appendingPathComponent("\(prefix)\(getppid()).sock").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        let plain = runtime.appendingPathComponent("\(prefix)1.sock").path
        XCTAssertTrue(FileManager.default.createFile(atPath: plain, contents: Data("not a socket".utf8)))

        let output = try push([payload])
        XCTAssertEqual(output.status, 2)
        let refusals = [
            (1, "\(plain): it is not a socket"),
            (getppid(), "\(link): it is a symbolic link, not a socket"),
            (getpid(), "\(planted): it belongs to uid 65534, not to you (uid 0)"),
        ].sorted { $0.0 < $1.0 }.map { "webnav: warning: not sending to \($0.1)\n" }.joined()
        XCTAssertEqual(output.stderr, refusals
            + "webnav: error: no webnav terminal UI is running: no \(prefix)*.sock in \(runtime.path) (start one with webnav)\n")
        XCTAssertFalse(wasConnectedTo(plantedListener), "the planted socket never got a connection")
        XCTAssertFalse(wasConnectedTo(linkedListener), "nor the socket behind the link")
        XCTAssertEqual(try sockets().count, 3, "push removes nothing it does not own")
    }

    /// Without XDG_RUNTIME_DIR the sockets go into a folder of the user's own in the temporary
    /// folder, made with mode 0700, never into the shared folder itself.
    func testWithoutARuntimeFolderAPrivateFolderIsMade() throws {
        let environment = ["XDG_RUNTIME_DIR": "", "TMPDIR": runtime.path]
        let folder = runtime.appendingPathComponent("webnav-\(uid)").path
        let output = try push([payload], environment: environment)
        XCTAssertEqual(output.status, 2)
        XCTAssertEqual(output.stderr, "webnav: error: no webnav terminal UI is running: no \(prefix)*.sock in \(folder) (start one with webnav)\n")
        XCTAssertEqual(mode(folder), 0o700)
        var status = stat()
        XCTAssertEqual(lstat(folder, &status), 0)
        XCTAssertEqual(status.st_mode & S_IFMT, S_IFDIR)
    }

    func testAFolderOthersCouldUseIsRefused() throws {
        let folder = runtime.appendingPathComponent("webnav-\(uid)").path
        let advice = "; remove it, or set XDG_RUNTIME_DIR to a folder only you can write to"
        // Writable by everyone, as /tmp itself is.
        let open = runtime.appendingPathComponent("open").path
        try FileManager.default.createDirectory(atPath: open, withIntermediateDirectories: false)
        XCTAssertEqual(chmod(open, 0o1777), 0)
        let shared = try push([payload], environment: ["XDG_RUNTIME_DIR": open])
        XCTAssertEqual(shared.status, 2)
        XCTAssertEqual(shared.stderr, "webnav: error: the control socket's folder \(open) is not private: others may write to it (mode 1777)\(advice)\n")
        // A link where the private folder should be.
        try FileManager.default.createSymbolicLink(atPath: folder, withDestinationPath: open)
        let linked = try push([payload], environment: ["XDG_RUNTIME_DIR": "", "TMPDIR": runtime.path])
        XCTAssertEqual(linked.stderr, "webnav: error: the control socket's folder \(folder) is not private: it is a symbolic link\(advice)\n")
        try FileManager.default.removeItem(atPath: folder)
        guard uid == 0 else { return }
        // Made first by another user, who could then plant sockets in it.
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        XCTAssertEqual(chown(folder, 65534, 65534), 0)
        let taken = try push([payload], environment: ["XDG_RUNTIME_DIR": "", "TMPDIR": runtime.path])
        XCTAssertEqual(taken.status, 2)
        XCTAssertEqual(taken.stderr, "webnav: error: the control socket's folder \(folder) is not private: it belongs to uid 65534, not to you (uid 0)\(advice)\n")
    }
}
