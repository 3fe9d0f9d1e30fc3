import Foundation
import TestSupport
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// How the terminal UI ends: on SIGQUIT, when its terminal goes away, and where it draws when
/// standard output is a file.
final class TerminalLifecycleTests: XCTestCase {
    private var session: TmuxSession?

    override func tearDown() {
        session?.kill()
    }

    private let restored = TmuxSession.PaneModes(alternateScreen: false, cursorVisible: true, mouseReporting: false, keypadCursorKeys: false)

    private func start(_ command: String, waitingFor text: String = "depth 1") throws -> TmuxSession {
        guard TmuxSession.isAvailable else { throw XCTSkip("tmux is not installed") }
        let session = try TmuxSession(command: "cd '\(WebnavProcess.packageRoot.path)' && " + command,
                                      environment: ["SWIFT_BACKTRACE": "enable=no"])
        self.session = session
        XCTAssertTrue(session.waitFor(text: text, timeout: 10), session.capturePane().joined(separator: "\n"))
        return session
    }

    func testSIGQUITEndsTheProgramWithTheTerminalRestored() throws {
        let session = try start("'\(WebnavProcess.executable.path)'")
        session.signal(SIGQUIT)
        XCTAssertEqual(session.waitForExit(timeout: 10), 128 + SIGQUIT)
        XCTAssertEqual(session.paneModes(), restored)
        XCTAssertFalse(session.capturePane().contains { $0.contains("Program crashed") })
    }

    func testTheUIDrawsOnTheTerminalWhenStandardOutputIsAFile() throws {
        let folder = try WebnavProcess.folder([:])
        let output = folder.appendingPathComponent("out.txt").path
        let session = try start("'\(WebnavProcess.executable.path)' > '\(output)'")
        session.sendKeys("q")
        XCTAssertEqual(session.waitForExit(timeout: 10), 0)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: output)).count, 0, "no escape codes in the file")
    }

    func testProfileWarningsShowInTheUI() throws {
        let folder = try WebnavProcess.folder(["p.json": "{\"pages\": \"\(WebnavProcess.packageRoot.path)/Pages\", \"rooot\": 1}"])
        let session = try start("'\(WebnavProcess.executable.path)' --profile '\(folder.path)/p.json'")
        XCTAssertTrue(session.waitFor(text: "rooot"), session.capturePane().joined(separator: "\n"))
        session.sendKeys("l")
        XCTAssertTrue(session.waitForPane { rows in rows.contains { $0.contains("Event log") && $0.contains("1 warning") } },
                      session.capturePane().joined(separator: "\n"))
        session.sendKeys("q")
        XCTAssertEqual(session.waitForExit(timeout: 10), 0)
    }

    /// With no SIGHUP (as under `nohup`, or without a controlling terminal), the UI still ends
    /// when its terminal goes away, rather than spinning on reads that fail.
    func testTheUIEndsWhenItsTerminalGoesAway() throws {
        var controller: Int32 = -1, terminal: Int32 = -1
        var size = winsize(ws_row: 24, ws_col: 80, ws_xpixel: 0, ws_ypixel: 0)
        XCTAssertEqual(openpty(&controller, &terminal, nil, nil, &size), 0)
        let process = Process()
        process.executableURL = WebnavProcess.executable
        process.currentDirectoryURL = WebnavProcess.packageRoot
        var environment = ProcessInfo.processInfo.environment
        environment["TERM"] = "xterm-256color"
        environment["SWIFT_BACKTRACE"] = "enable=no"
        process.environment = environment
        let handle = FileHandle(fileDescriptor: terminal, closeOnDealloc: false)
        process.standardInput = handle
        process.standardOutput = handle
        process.standardError = handle
        try process.run()
        close(terminal)
        // Wait for the first frame, then hang up.
        var received = [UInt8]()
        let deadline = Date().addingTimeInterval(10)
        var buffer = [UInt8](repeating: 0, count: 4096)
        while Date() < deadline, !String(decoding: received, as: UTF8.self).contains("depth 1") {
            var descriptor = pollfd(fd: controller, events: Int16(POLLIN), revents: 0)
            if poll(&descriptor, 1, 100) > 0 {
                let count = read(controller, &buffer, buffer.count)
                if count > 0 { received += buffer[0..<count] }
            }
        }
        XCTAssertTrue(String(decoding: received, as: UTF8.self).contains("depth 1"))
        close(controller)
        let exitDeadline = Date().addingTimeInterval(10)
        while process.isRunning, Date() < exitDeadline { Thread.sleep(forTimeInterval: 0.05) }
        XCTAssertFalse(process.isRunning, "the UI went on after its terminal was gone")
        if process.isRunning { process.terminate() }
    }
}
